package directory

import (
	"encoding/json"
	"os"
	"slices"
	"testing"
)

// TestCollation compares the name order of HTML listings (lower-cased
// names by ICU's root collation) and of text and JSON listings (UTF-16
// code units) with Node's, recorded by testdata/collate.js.
func TestCollation(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/collate.json")
	if err != nil {
		t.Fatal(err)
	}
	var rec struct{ Names, ByCollation, ByUnits []string }
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	list := make([]entry, len(rec.Names))
	for i, n := range rec.Names {
		list[i] = entry{name: n}
	}
	sortEntries(list)
	got := make([]string, len(list))
	for i, e := range list {
		got[i] = e.name
	}
	if !slices.Equal(got, rec.ByCollation) {
		for i := range got {
			if got[i] != rec.ByCollation[i] {
				t.Errorf("collation: first difference at %d: %q, Node %q", i, got[i], rec.ByCollation[i])
				break
			}
		}
	}
	units := slices.Clone(rec.Names)
	sortUTF16(units)
	if !slices.Equal(units, rec.ByUnits) {
		t.Errorf("UTF-16 order:\n%q\nNode:\n%q", units, rec.ByUnits)
	}
}
