package views

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestEngine(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, file string
		want, err  string
	}{
		{"include relative to the including file, with extra locals", "sub/page.html", "<h>Sub</h>\n<p>&lt;x&gt;</p>\n", ""},
		{"a view including itself stops", "loop.html", "", "nested deeper"},
		{"an odd number of key/value arguments is an error", "odd.html", "", "odd number"},
		{"a missing file is an error", "none.html", "", "no such file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			err := Engine(&b, filepath.Join("testdata", tt.file), map[string]any{"x": "<x>", "title": "Top"})
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.want {
				t.Errorf("got %q, want %q", b.String(), tt.want)
			}
		})
	}
}
