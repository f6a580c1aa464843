package disposition

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzFormat checks that any UTF-8 filename survives a round trip: the
// header Attachment builds parses back to the base name.
func FuzzFormat(f *testing.F) {
	for _, s := range []string{"", "plans.pdf", "/locales/日本語.txt", `the "plans".pdf`, "a\\b", "%41", "😀", "caf\u00e9", "\x85", "a/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		h := Attachment(name)
		_, _ = Format(name, Options{Type: "inline", Fallback: FallbackNone})
		_, _ = Format(name, Options{Fallback: FallbackName(name)})
		if !utf8.ValidString(name) {
			return
		}
		d, err := Parse(h)
		base := basename(name)
		if base == "" {
			return // "attachment; filename*=UTF-8''", which the module cannot parse either
		}
		if err != nil {
			t.Fatalf("Parse(Attachment(%q)) = %v (header %q)", name, err, h)
		}
		if got := d.Params["filename"]; got != base && !strings.Contains(base, "\x7f") && !hasC1(base) {
			t.Fatalf("Parse(Attachment(%q)) filename = %q, want %q (header %q)", name, got, base, h)
		}
	})
}

// hasC1 reports a C1 control or DEL: quotable in filename but refused by
// the parser's quoted-string, so such names do not round-trip in the
// module either.
func hasC1(s string) bool {
	for _, r := range s {
		if 0x7f <= r && r <= 0x9f {
			return true
		}
	}
	return false
}

// FuzzParse checks that Parse never panics and returns UTF-8 text.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"attachment", `attachment; filename="EURO rates.txt"; filename*=UTF-8''%e2%82%ac%20rates.txt`,
		"inline; filename*=iso-8859-1'en'%A3", "attachment; filename=x; filename=y", "a;b=\"\\\"\"", "x; y*=utf-8''%F0%9F%98"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		d, err := Parse(header)
		if err != nil {
			return
		}
		if !isToken(d.Type) || strings.ToLower(d.Type) != d.Type {
			t.Fatalf("Parse(%q) type %q", header, d.Type)
		}
		for k, v := range d.Params {
			if !utf8.ValidString(v) {
				t.Fatalf("Parse(%q) param %q = %q", header, k, v)
			}
		}
	})
}
