package negotiate

import (
	"slices"
	"strings"
	"testing"
)

// checkConsistent checks the invariants that tie the three forms together:
// the preferred offer is the head of the sorted acceptable offers (unless
// it is empty, which accepts turns into false), and every listed entry is
// part of the header.
func checkConsistent(t *testing.T, name string, header string, present bool, offers []string,
	best func(string, bool, ...string) (string, bool),
	list func(string, bool) []string,
	preferred func(string, bool, []string) []string,
) {
	t.Helper()
	got, ok := best(header, present, offers...)
	sorted := preferred(header, present, offers)
	switch {
	case len(sorted) == 0 || sorted[0] == "":
		if ok {
			t.Fatalf("%s(%q, %v, %q) = %q but Preferred gives %q", name, header, present, offers, got, sorted)
		}
	case !ok || got != sorted[0]:
		t.Fatalf("%s(%q, %v, %q) = %q, %v but Preferred gives %q", name, header, present, offers, got, ok, sorted)
	}
	for _, o := range sorted {
		if !slices.Contains(offers, o) {
			t.Fatalf("Preferred %s(%q) returned %q, not an offer", name, header, o)
		}
	}
	for _, e := range list(header, present) {
		if !strings.Contains(header, e) && !(name == "Encoding" && e == "identity") {
			t.Fatalf("%ss(%q) listed %q, not part of the header", name, header, e)
		}
	}
}

func FuzzAccept(f *testing.F) {
	for _, s := range []string{"", "*/*", benchChrome, "text/html;level=1;q=0.5, text/*", `a/b;c="d,e";q=0.1`, "text/html;q=foo, text/html"} {
		f.Add(s, "text/html", "application/json")
	}
	f.Fuzz(func(t *testing.T, header, a, b string) {
		// Offers with '/' so that PreferredMediaTypes sees what Type sees.
		offers := []string{a + "/x", "x/" + b, "text/html"}
		if header == "" {
			// accepts answers the first offer without negotiating.
			if got, _ := Type(header, true, offers...); got != offers[0] {
				t.Fatalf("Type with an empty Accept = %q", got)
			}
			return
		}
		checkConsistent(t, "Type", header, true, offers, Type, Types, PreferredMediaTypes)
		_, _ = Type(header, true, a, b)
	})
}

func FuzzAcceptCharset(f *testing.F) {
	for _, s := range []string{"", "*", "utf-8, iso-8859-1;q=0.8", "utf-8;q=0, *"} {
		f.Add(s, "utf-8", "iso-8859-1")
	}
	f.Fuzz(func(t *testing.T, header, a, b string) {
		checkConsistent(t, "Charset", header, true, []string{a, b}, Charset, Charsets, PreferredCharsets)
	})
}

func FuzzAcceptEncoding(f *testing.F) {
	for _, s := range []string{"", "*", "gzip, deflate, br", "identity;q=0", "gzip;q=0.5, *;q=0"} {
		f.Add(s, "gzip", "identity")
	}
	f.Fuzz(func(t *testing.T, header, a, b string) {
		checkConsistent(t, "Encoding", header, true, []string{a, b}, Encoding, Encodings, PreferredEncodings)
	})
}

func FuzzAcceptLanguage(f *testing.F) {
	for _, s := range []string{"", "*", "en-US,en;q=0.9", "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "en; q=0.5"} {
		f.Add(s, "en", "fr-CH")
	}
	f.Fuzz(func(t *testing.T, header, a, b string) {
		checkConsistent(t, "Language", header, true, []string{a, b}, Language, Languages, PreferredLanguages)
	})
}
