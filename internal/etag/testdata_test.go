package etag

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// loadJSON reads a file written by testdata/gen.js: an object whose "cases"
// array decodes into cases.
func loadJSON(t testing.TB, name string, cases any) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &struct {
		Cases any `json:"cases"`
	}{cases}); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// latin1 turns a JSON string holding one character per byte (as Node reads
// headers) back into those bytes.
func latin1(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r > 0xFF {
			panic("not latin1: " + s)
		}
		b.WriteByte(byte(r))
	}
	return b.String()
}
