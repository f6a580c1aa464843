package negotiate

import (
	"slices"
	"testing"
)

type bestCase struct {
	name    string
	header  string
	present bool
	offers  []string
	want    string // "" for false
}

func runBest(t *testing.T, fn func(string, bool, ...string) (string, bool), cases []bestCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, ok := fn(c.header, c.present, c.offers...)
			if c.want == "" && ok || c.want != "" && got != c.want {
				t.Errorf("(%q, %v, %q) = %q, %v; want %q", c.header, c.present, c.offers, got, ok, c.want)
			}
		})
	}
}

// TestReqAccepts ports test/req.accepts.js.
func TestReqAccepts(t *testing.T) {
	t.Parallel()
	runBest(t, Type, []bestCase{
		{".accepts(type): should return true when Accept is not present", "", false, []string{"json"}, "json"},
		{".accepts(type): should return true when present", "application/json", true, []string{"json"}, "json"},
		{".accepts(type): should return false otherwise", "text/html", true, []string{"json"}, ""},
		{"should accept an argument list of type names", "application/json", true, []string{"json", "html"}, "json"},
		{".accepts(types): should return the first when Accept is not present", "", false, []string{"json", "html"}, "json"},
		{".accepts(types): should return the first acceptable type", "text/html", true, []string{"json", "html"}, "html"},
		{".accepts(types): should return false when no match is made", "foo/bar, bar/baz", true, []string{"text/html", "application/json"}, ""},
		{".accepts(types): should take quality into account", "*/html; q=.5, application/json", true, []string{"text/html", "application/json"}, "application/json"},
		{".accepts(types): should return the first acceptable type with canonical mime types", "*/html", true, []string{"application/json", "text/html"}, "text/html"},
	})
}

// TestResFormat ports the negotiation of test/res.format.js: res.format
// calls req.accepts with its keys.
func TestResFormat(t *testing.T) {
	t.Parallel()
	mimes := []string{"text/plain", "text/html", "application/json"}
	exts := []string{"text", "html", "json"}
	runBest(t, Type, []bestCase{
		{"should utilize qvalues in negotiation", "text/html; q=.5, application/json, */*; q=.1", true, mimes, "application/json"},
		{"should allow wildcard type/subtypes", "text/html; q=.5, application/*, */*; q=.1", true, mimes, "application/json"},
		{"should default the Content-Type", "text/html; q=.5, text/plain", true, mimes, "text/plain"},
		{"should set the correct charset for the Content-Type (html)", "text/html", true, mimes, "text/html"},
		{"should set the correct charset for the Content-Type (plain)", "text/plain", true, mimes, "text/plain"},
		{"should set the correct charset for the Content-Type (json)", "application/json", true, mimes, "application/json"},
		{"should invoke the first callback", "", false, mimes, "text/plain"},
		{"should allow using extensions: utilize qvalues", "text/html; q=.5, application/json, */*; q=.1", true, exts, "json"},
		{"should allow using extensions: default the Content-Type", "text/html; q=.5, text/plain", true, exts, "text"},
		{"should respond with 406 when no match", "foo/bar", true, exts, ""},
		{"with parameters: should utilize qvalues", "text/html; q=.5, application/json, */*; q=.1", true,
			[]string{"text/plain; charset=utf-8", "text/html; foo=bar; bar=baz", "application/json; q=0.5"}, "application/json; q=0.5"},
		{"when Accept is */*: should invoke the first callback", "*/*", true, []string{"text"}, "text"},
		{"when given a default: should use it when nothing is acceptable", "text/html", true, []string{"text"}, ""},
	})
}

// TestReqAcceptsCharsets ports test/req.acceptsCharset(s).js.
func TestReqAcceptsCharsets(t *testing.T) {
	t.Parallel()
	runBest(t, Charset, []bestCase{
		{"when Accept-Charset is not present: should return true", "", false, []string{"utf-8"}, "utf-8"},
		{"when Accept-Charset is present: should return true", "foo, bar, utf-8", true, []string{"utf-8"}, "utf-8"},
		{"when Accept-Charset is present: should return false otherwise", "foo, bar", true, []string{"utf-8"}, ""},
	})
}

// TestReqAcceptsEncodings ports test/req.acceptsEncoding(s).js.
func TestReqAcceptsEncodings(t *testing.T) {
	t.Parallel()
	runBest(t, Encoding, []bestCase{
		{"should return encoding if accepted (gzip)", " gzip, deflate", true, []string{"gzip"}, "gzip"},
		{"should return encoding if accepted (deflate)", " gzip, deflate", true, []string{"deflate"}, "deflate"},
		{"should be false if encoding not accepted", " gzip, deflate", true, []string{"bogus"}, ""},
	})
}

// TestReqAcceptsLanguages ports test/req.acceptsLanguage(s).js.
func TestReqAcceptsLanguages(t *testing.T) {
	t.Parallel()
	runBest(t, Language, []bestCase{
		{"should return language if accepted (en-us)", "en;q=.5, en-us", true, []string{"en-us"}, "en-us"},
		{"should return language if accepted (en)", "en;q=.5, en-us", true, []string{"en"}, "en"},
		{"should be false if language not accepted", "en;q=.5, en-us", true, []string{"es"}, ""},
		{"when Accept-Language is not present: should always return language (en)", "", false, []string{"en"}, "en"},
		{"when Accept-Language is not present: should always return language (es)", "", false, []string{"es"}, "es"},
		{"when Accept-Language is not present: should always return language (jp)", "", false, []string{"jp"}, "jp"},
	})
}

// TestReadmeExamples ports negotiator's README.
func TestReadmeExamples(t *testing.T) {
	t.Parallel()
	check := func(name string, got, want []string) {
		if !slices.Equal(got, want) {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	accept := "text/html, application/*;q=0.2, image/jpeg;q=0.8"
	check("mediaTypes()", Types(accept, true), []string{"text/html", "image/jpeg", "application/*"})
	check("mediaTypes(available)", PreferredMediaTypes(accept, true, []string{"text/html", "text/plain", "application/json"}),
		[]string{"text/html", "application/json"})
	lang := "en;q=0.8, es, pt"
	check("languages()", Languages(lang, true), []string{"es", "pt", "en"})
	check("languages(available)", PreferredLanguages(lang, true, []string{"en", "es", "fr"}), []string{"es", "en"})
	cs := "utf-8, iso-8859-1;q=0.8, utf-7;q=0.2"
	check("charsets()", Charsets(cs, true), []string{"utf-8", "iso-8859-1", "utf-7"})
	check("charsets(available)", PreferredCharsets(cs, true, []string{"utf-8", "iso-8859-1", "iso-8859-5"}), []string{"utf-8", "iso-8859-1"})
	enc := "gzip, compress;q=0.2, identity;q=0.5"
	check("encodings()", Encodings(enc, true), []string{"gzip", "identity", "compress"})
	check("encodings(available)", PreferredEncodings(enc, true, []string{"identity", "gzip"}), []string{"gzip", "identity"})
	check("missing Accept", Types("", false), []string{"*/*"})
	check("empty Accept", Types("", true), nil)
}
