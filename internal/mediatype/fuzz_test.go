package mediatype

import (
	"errors"
	"strings"
	"testing"
)

var seeds = []string{
	"", "text/html", "application/json; charset=utf-8", `text/html; charset="UTF-\8"`,
	`text/html; param="charset=\"utf-8\"; foo=bar"; bar=foo`, "image/svg+xml; charset=utf-8",
	"multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW", " text/html ;a=b ; c=\"d\" ",
	"text/html; a=\"\x0b\"", "\xa0text/plain\xa0", "a/b+c+d", "text/html+", "text/html; 1=a; 0=b", ";", "a/b;",
}

// FuzzParse checks that Parse never panics, that Parameter agrees with it,
// and that a parsed value formats to a string that parses back to the same.
func FuzzParse(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		_, _, perr := Parameter(s, "charset")
		if !errors.Is(perr, err) {
			t.Fatalf("Parse(%q) error %v, Parameter error %v", s, err, perr)
		}
		if err != nil {
			return
		}
		for _, p := range c.Params {
			v, found, _ := Parameter(s, p.Name)
			if !found || v != p.Value {
				t.Fatalf("Parameter(%q, %q) = %q, %v; Parse gave %q", s, p.Name, v, found, p.Value)
			}
		}
		out, err := Format(c)
		if err == ErrInvalidParameterValue && strings.Contains(s, "\\\x7f") {
			return // a quoted pair may escape DEL, which format refuses, as content-type does
		}
		if err != nil {
			t.Fatalf("Format(Parse(%q)) = %v", s, err)
		}
		c2, err := Parse(out)
		if err != nil || c2.Type != c.Type || len(c2.Params) != len(c.Params) {
			t.Fatalf("Parse(Format(Parse(%q))) = %+v, %v; want %+v", s, c2, err, c)
		}
		for _, p := range c.Params {
			if v, _ := c2.Param(p.Name); v != p.Value {
				t.Fatalf("round trip of %q changed %s to %q", s, p.Name, v)
			}
		}
	})
}

// FuzzIs checks that Is never panics and is consistent: the normalized
// value is lower-case, parameter-free, and matches itself and */*.
func FuzzIs(f *testing.F) {
	for _, s := range seeds {
		f.Add(s, "json")
	}
	f.Add("application/ld+json", "+json")
	f.Add("text/html", "*/*")
	f.Fuzz(func(t *testing.T, value, typ string) {
		_, _ = Is(value, typ)
		_, _ = Is(value, typ, "+json", "urlencoded")
		norm, ok := Is(value)
		if !ok {
			if _, ok := Is(value, "*/*"); ok {
				t.Fatalf("Is(%q) is false but Is(%q, */*) matches", value, value)
			}
			return
		}
		if strings.ContainsAny(norm, "; ") || strings.ToLower(norm) != norm {
			t.Fatalf("Is(%q) = %q is not normalized", value, norm)
		}
		if got, ok := Is(value, norm); !ok || got != norm {
			t.Fatalf("Is(%q, %q) = %q, %v", value, norm, got, ok)
		}
		if got, ok := Is(value, "*/*"); !ok || got != norm {
			t.Fatalf("Is(%q, */*) = %q, %v; want %q", value, got, ok, norm)
		}
		if again, ok := Is(norm); !ok || again != norm {
			t.Fatalf("Is(Is(%q)) = %q, %v; want %q", value, again, ok, norm)
		}
	})
}

// FuzzHasBody checks that the Content-Length number syntax never panics.
func FuzzHasBody(f *testing.F) {
	for _, s := range []string{"", "0", " 12 ", "0x1f", "1e3", "Infinity", "abc", "-.5e-3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if HasBody(false, s, false) {
			t.Fatal("HasBody without headers")
		}
		_ = HasBody(false, s, true)
	})
}
