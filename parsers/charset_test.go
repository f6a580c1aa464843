package parsers

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"
)

// TestCharsetDecodeMatchesIconv replays testdata/charsets.json, recorded
// from iconv-lite 0.4.24 by testdata/node/charsets.js.
func TestCharsetDecodeMatchesIconv(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/charsets.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Charset, In, Out string }
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		in, _ := base64.StdEncoding.DecodeString(c.In)
		cs, ok := lookupCharset(c.Charset)
		if !ok {
			t.Errorf("lookupCharset(%q) not found", c.Charset)
			continue
		}
		got := string(AppendQuote(nil, string(cs.decode(nil, in))))
		if got != c.Out {
			t.Errorf("decode(%q, % x) = %s; iconv-lite gives %s", c.Charset, in, got, c.Out)
		}
	}
}

func TestLookupCharset(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		ok   bool
	}{
		{"utf-8", true}, {"UTF-8", true}, {"utf8", true}, {"Utf_8", true}, {"unicode-1-1-utf-8", true},
		{"utf-16", true}, {"UTF-16LE", true}, {"koi8-r", true}, {"KOI8-R", true}, {"latin1", true},
		{"iso-8859-1:1987", true}, {"x-bogus", false}, {"", false}, {"utf-32", false},
		{"shift_jis", false}, {"utf-7", true}, {"UTF-7-IMAP", true}, {"hex", true}, {"base64", true},
	}
	for _, tt := range tests {
		if _, ok := lookupCharset(tt.name); ok != tt.ok {
			t.Errorf("lookupCharset(%q) ok = %v; want %v", tt.name, ok, tt.ok)
		}
	}
}
