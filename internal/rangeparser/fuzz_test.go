package rangeparser

import (
	"strings"
	"testing"
)

// FuzzParse checks the invariants every answer must keep: ranges lie within
// the entity, combined ranges are disjoint and not adjacent, and work stays
// linear (the fuzzer's time limit catches a blow-up).
func FuzzParse(f *testing.F) {
	for _, s := range []string{"bytes=0-50,51-100", "bytes=-400", "bytes=400-", "users=0-2", "asdf",
		"bytes=50-55,0-10,5-10,56-60", "bytes= 0-1, 2-3", "bytes=+1-+2", "bytes=5", "bytes=1--2",
		"bytes=99999999999999999999-", "bytes=\xa01-2"} {
		f.Add(int64(120), s, false)
		f.Add(int64(120), s, true)
	}
	f.Fuzz(func(t *testing.T, size int64, header string, combine bool) {
		if size < 0 {
			size = -size
		}
		if size < 0 { // MinInt64
			size = 0
		}
		got, unit, res := Parse(nil, size, header, combine)
		switch res {
		case Malformed:
			if strings.IndexByte(header, '=') >= 0 || len(got) != 0 {
				t.Fatalf("Malformed for %q", header)
			}
			return
		case Unsatisfiable:
			if len(got) != 0 {
				t.Fatalf("Unsatisfiable with ranges %v", got)
			}
			return
		case OK:
		default:
			t.Fatalf("result %d", res)
		}
		if !strings.HasPrefix(header, unit+"=") || len(got) == 0 {
			t.Fatalf("unit %q ranges %v for %q", unit, got, header)
		}
		if len(got) > len(header) {
			t.Fatalf("%d ranges from %d bytes", len(got), len(header))
		}
		for _, r := range got {
			if r.Start < 0 || r.Start > r.End || r.End > size-1 {
				t.Fatalf("range %+v outside size %d", r, size)
			}
		}
		if combine {
			for i := range got {
				for j := range got {
					if i != j && got[i].Start <= got[j].End+1 && got[j].Start <= got[i].End+1 {
						t.Fatalf("combined ranges %+v and %+v touch", got[i], got[j])
					}
				}
			}
		}
	})
}
