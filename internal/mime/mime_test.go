package mime

import (
	"encoding/json"
	"os"
	"testing"
)

// The testdata files are written by testdata/gen.js from the installed
// mime 1.6.0 and mime-types 2.1.35; nil pointers stand for false/undefined.

type sendData struct {
	Types      map[string]string `json:"types"`
	Extensions map[string]string `json:"extensions"`
	Paths      []struct {
		In       string `json:"in"`
		Lookup   string `json:"lookup"`
		Fallback string `json:"fallback"`
	} `json:"paths"`
	MimeTypes []struct {
		In        string  `json:"in"`
		Extension *string `json:"extension"`
		Charset   *string `json:"charset"`
	} `json:"mimeTypes"`
}

type typesData struct {
	Types      map[string]string  `json:"types"`
	Extensions map[string]string  `json:"extensions"`
	Charsets   map[string]*string `json:"charsets"`
	Paths      []struct {
		In          string  `json:"in"`
		Lookup      *string `json:"lookup"`
		ContentType *string `json:"contentType"`
	} `json:"paths"`
	MimeTypes []struct {
		In          string  `json:"in"`
		Extension   *string `json:"extension"`
		Charset     *string `json:"charset"`
		ContentType *string `json:"contentType"`
	} `json:"mimeTypes"`
}

func load(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func opt(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

func show(p *string) string {
	if p == nil {
		return "false"
	}
	return "\"" + *p + "\""
}

func same(a, b *string) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

func TestSendTable(t *testing.T) {
	t.Parallel()
	var d sendData
	load(t, "send.json", &d)
	if len(d.Types) != sendTypeCount || len(d.Extensions) != sendExtensionCount {
		t.Fatalf("table sizes %d/%d, mime 1.6.0 has %d/%d", sendTypeCount, sendExtensionCount, len(d.Types), len(d.Extensions))
	}
	for ext, want := range d.Types {
		if got := sendType(ext); got != want {
			t.Errorf("sendType(%q) = %q, want %q", ext, got, want)
		}
	}
	for typ, want := range d.Extensions {
		if got := sendExtension(typ); got != want {
			t.Errorf("sendExtension(%q) = %q, want %q", typ, got, want)
		}
	}
	for _, c := range d.Paths {
		if got := Send.Lookup(c.In); got != c.Lookup {
			t.Errorf("Send.Lookup(%q) = %q, want %q", c.In, got, c.Lookup)
		}
		if got := Send.LookupOr(c.In, "fall/back"); got != c.Fallback {
			t.Errorf("Send.LookupOr(%q, fall/back) = %q, want %q", c.In, got, c.Fallback)
		}
	}
	for _, c := range d.MimeTypes {
		if got := opt(Send.Extension(c.In)); !same(got, c.Extension) {
			t.Errorf("Send.Extension(%q) = %s, want %s", c.In, show(got), show(c.Extension))
		}
		if got := opt(Send.Charset(c.In)); !same(got, c.Charset) {
			t.Errorf("Send.Charset(%q) = %s, want %s", c.In, show(got), show(c.Charset))
		}
	}
}

func TestTypesTable(t *testing.T) {
	t.Parallel()
	var d typesData
	load(t, "types.json", &d)
	if len(d.Types) != typesTypeCount || len(d.Extensions) != typesExtensionCount {
		t.Fatalf("table sizes %d/%d, mime-types has %d/%d", typesTypeCount, typesExtensionCount, len(d.Types), len(d.Extensions))
	}
	for ext, want := range d.Types {
		if got := typesType(ext); got != want {
			t.Errorf("typesType(%q) = %q, want %q", ext, got, want)
		}
	}
	for typ, want := range d.Extensions {
		if got := typesExtension(typ); got != want {
			t.Errorf("typesExtension(%q) = %q, want %q", typ, got, want)
		}
	}
	n := 0
	for typ, want := range d.Charsets {
		if got := opt(Types.Charset(typ)); !same(got, want) {
			t.Errorf("Types.Charset(%q) = %s, want %s", typ, show(got), show(want))
		}
		if typesCharset(typ) != "" {
			n++
		}
	}
	if n != typesCharsetCount {
		t.Errorf("%d of mime-db's types have a generated charset, want %d", n, typesCharsetCount)
	}
	for _, c := range d.Paths {
		if got := opt(Types.Lookup(c.In)); !same(got, c.Lookup) {
			t.Errorf("Types.Lookup(%q) = %s, want %s", c.In, show(got), show(c.Lookup))
		}
		if got := opt(Types.ContentType(c.In)); !same(got, c.ContentType) {
			t.Errorf("Types.ContentType(%q) = %s, want %s", c.In, show(got), show(c.ContentType))
		}
	}
	for _, c := range d.MimeTypes {
		if got := opt(Types.Extension(c.In)); !same(got, c.Extension) {
			t.Errorf("Types.Extension(%q) = %s, want %s", c.In, show(got), show(c.Extension))
		}
		if got := opt(Types.Charset(c.In)); !same(got, c.Charset) {
			t.Errorf("Types.Charset(%q) = %s, want %s", c.In, show(got), show(c.Charset))
		}
		if got := opt(Types.ContentType(c.In)); !same(got, c.ContentType) {
			t.Errorf("Types.ContentType(%q) = %s, want %s", c.In, show(got), show(c.ContentType))
		}
	}
}
