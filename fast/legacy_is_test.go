package fast

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// TestLegacy3IsMatchesExpress3 compares legacyIs with Express 3.21.2's
// req.is(type) for every pair recorded by testdata/legacy/is.js.
func TestLegacy3IsMatchesExpress3(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/legacy/is.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows []struct {
		ContentType *string  `json:"contentType"`
		Is          [][2]any `json:"is"`
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, row := range rows {
		ct := ""
		if row.ContentType != nil {
			ct = *row.ContentType
		}
		for _, pair := range row.Is {
			typ, want := pair[0].(string), pair[1].(bool)
			if got := legacyIs(ct, typ); got != want {
				t.Errorf("Content-Type %q: is(%q) = %v, want %v", ct, typ, got, want)
			}
			n++
		}
	}
	if n < 900 {
		t.Fatalf("%d pairs recorded", n)
	}
}

// FuzzLegacy3Is checks that Express 3's req.is never fails on any
// Content-Type and type, and that a type found in the Content-Type before
// its ';' matches.
func FuzzLegacy3Is(f *testing.F) {
	for _, s := range [][2]string{
		{"text/html; charset=utf-8", "html"}, {"application/json", "*/json"}, {"image/png", "image/*"},
		{"a/b/c", "*/b/c"}, {"", "json"}, {"/", "/"}, {"text", "text/*"}, {"*/*", "*/*"}, {";", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, ct, typ string) {
		got := legacyIs(ct, typ)
		if ct == "" && got {
			t.Fatalf("is(%q) true without a Content-Type", typ)
		}
		if typ != "" && ct != "" && ct == typ && !strings.ContainsAny(typ, ";*") && strings.Contains(typ, "/") && !got {
			t.Fatalf("Content-Type %q: is(itself) false", ct)
		}
	})
}
