package mime

import (
	"strings"
	"testing"
)

func upperASCII(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}

// FuzzLookups checks that no input panics and that every lookup ignores
// ASCII case, as the JavaScript modules' toLowerCase makes them.
func FuzzLookups(f *testing.F) {
	for _, s := range []string{"", ".", "foo.js", "rawr", "/path/to/image.png", "a\nb.html", "x.\u212Aml",
		"x.\u0130co", "text/html; charset=utf-8", " TEXT/Plain", "a.html/", "C:\\dir\\f.PNG", "\u2028.txt"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		up := upperASCII(s)
		if a, b := Send.Lookup(s), Send.Lookup(up); a != b {
			t.Errorf("Send.Lookup(%q) = %q but %q for %q", s, a, b, up)
		}
		if a, b := opt(Send.Extension(s)), opt(Send.Extension(up)); !same(a, b) {
			t.Errorf("Send.Extension(%q) = %s but %s for %q", s, show(a), show(b), up)
		}
		if a, b := opt(Types.Lookup(s)), opt(Types.Lookup(up)); !same(a, b) {
			t.Errorf("Types.Lookup(%q) = %s but %s for %q", s, show(a), show(b), up)
		}
		if a, b := opt(Types.Extension(s)), opt(Types.Extension(up)); !same(a, b) {
			t.Errorf("Types.Extension(%q) = %s but %s for %q", s, show(a), show(b), up)
		}
		if a, b := opt(Types.Charset(s)), opt(Types.Charset(up)); !same(a, b) {
			t.Errorf("Types.Charset(%q) = %s but %s for %q", s, show(a), show(b), up)
		}
		_, _ = Types.ContentType(s)
		_, _ = Send.Charset(s)
	})
}
