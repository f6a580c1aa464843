//go:build !race

package negotiate

import "testing"

const (
	chrome  = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
	firefox = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
)

func TestNegotiationDoesNotAllocate(t *testing.T) {
	cases := []struct {
		name string
		fn   func()
	}{
		{"req.accepts('json') against Chrome", func() { _, _ = Type(chrome, true, "json") }},
		{"req.accepts('json') against Firefox", func() { _, _ = Type(firefox, true, "json") }},
		{"res.format keys against Chrome", func() { _, _ = Type(chrome, true, "text", "html", "json") }},
		{"mime types against curl", func() { _, _ = Type("*/*", true, "application/json", "text/html") }},
		{"missing Accept", func() { _, _ = Type("", false, "json") }},
		{"Charset", func() { _, _ = Charset("utf-8, iso-8859-1;q=0.5", true, "utf-8") }},
		{"Encoding", func() { _, _ = Encoding("gzip, deflate, br, zstd", true, "br", "gzip") }},
		{"Encoding identity", func() { _, _ = Encoding("gzip;q=0.5", true, "identity") }},
		{"Language", func() { _, _ = Language("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", true, "en", "de") }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(200, c.fn); n != 0 {
			t.Errorf("%s allocates %v times per call", c.name, n)
		}
	}
}
