package vary

import (
	"strings"
	"testing"
)

// FuzzAppend checks that Append never panics, that appending is idempotent
// and that every field ends up listed.
func FuzzAppend(f *testing.F) {
	for _, s := range [][2]string{{"", "Accept"}, {"Accept", "accept, Origin"}, {"*", "x"}, {"a, ,b", "c"}, {" x ", "*"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, header, field string) {
		got, err := Append(header, field)
		if err != nil {
			return
		}
		again, err := Append(got, field)
		if err != nil || again != got {
			t.Fatalf("Append(Append(%q, %q)) = %q, %v; want %q", header, field, again, err, got)
		}
		if got == "*" {
			return
		}
		for fld, next := nextToken(field, 0); next >= 0; fld, next = nextToken(field, next) {
			if !listed(got, fld) {
				t.Fatalf("Append(%q, %q) = %q lacks %q", header, field, got, fld)
			}
		}
		if !strings.HasPrefix(got, header) {
			t.Fatalf("Append(%q, %q) = %q changed the header", header, field, got)
		}
	})
}
