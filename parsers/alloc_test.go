//go:build !race

package parsers

import (
	"bytes"
	"testing"

	"github.com/fwgo/fw/internal/benchbody"
)

// The parsers' own work (matching the type, reading the charset, checking
// limits, reading and pooling buffers) allocates nothing: a parse allocates
// exactly what the decoder alone allocates for the values it returns.

func TestAllocsJSONOverheadIsZero(t *testing.T) {
	p, err := NewJSON(JSONConfig{})
	if err != nil {
		t.Fatal(err)
	}
	in := jsonInput()
	full := testing.AllocsPerRun(100, func() {
		if !p.Match(in) {
			t.Fatal("no match")
		}
		if _, err := p.Parse(in); err != nil {
			t.Fatal(err)
		}
	})
	decoder := testing.AllocsPerRun(100, func() {
		if _, err := ParseJSON(benchbody.JSON1KiB); err != nil {
			t.Fatal(err)
		}
	})
	if full != decoder {
		t.Errorf("JSON.Parse allocates %v times, the decoder alone %v", full, decoder)
	}
	t.Logf("1 KiB JSON body: %v allocations, all for the values", full)
}

func TestAllocsURLEncodedOverheadIsZero(t *testing.T) {
	p, err := NewURLEncoded(URLEncodedConfig{})
	if err != nil {
		t.Fatal(err)
	}
	in := formInput()
	full := testing.AllocsPerRun(100, func() {
		if !p.Match(in) {
			t.Fatal("no match")
		}
		if _, err := p.Parse(in); err != nil {
			t.Fatal(err)
		}
	})
	q := QS{ArrayLimit: 100, Depth: 32, StrictDepth: true, ParameterLimit: 1000}
	decoder := testing.AllocsPerRun(100, func() {
		if _, err := q.Parse(benchbody.Form20); err != nil {
			t.Fatal(err)
		}
	})
	if full != decoder {
		t.Errorf("URLEncoded.Parse allocates %v times, qs alone %v", full, decoder)
	}
	t.Logf("20-field form: %v allocations, all for the values", full)
}

func TestAllocsZero(t *testing.T) {
	raw, _ := NewRaw(RawConfig{})
	json, _ := NewJSON(JSONConfig{Type: []string{"json", "+json", "application/*"}})
	rawIn := &Input{ContentType: "application/octet-stream", ContentLength: 5, Body: []byte("hello")}
	jsonIn := &Input{ContentType: "application/vnd.api+json; charset=utf-8", ContentLength: 2, Body: []byte("{}")}
	obj, _ := ParseJSON(benchbody.JSON1KiB)
	buf := make([]byte, 0, 4096)
	tests := []struct {
		name string
		fn   func()
	}{
		{"Raw.Parse of a body in memory", func() { raw.Parse(rawIn) }},
		{"Match with a list of types", func() { json.Match(jsonIn) }},
		{"AppendJSON into a buffer", func() { AppendJSON(buf[:0], obj) }},
		{"ParseBytes", func() { ParseBytes("100kb") }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != 0 {
			t.Errorf("%s: %v allocations; want 0", tt.name, n)
		}
	}
}

// Rejecting a body of a million '&' (CVE-2025-13466) allocates only the
// error; a[999999999]=x (CVE-2014-7191) allocates a handful of small
// objects, not an array.
func TestAllocsBounded(t *testing.T) {
	p, _ := NewURLEncoded(URLEncodedConfig{Limit: "2mb"})
	amps := bytes.Repeat([]byte{'&'}, 1<<20)
	if n := testing.AllocsPerRun(10, func() { p.ParseText(amps) }); n > 1 {
		t.Errorf("rejecting 1M '&': %v allocations; want the error only", n)
	}
	if n := testing.AllocsPerRun(20, func() { ParseQuery([]byte("a[999999999]=x")) }); n > 20 {
		t.Errorf("a[999999999]=x: %v allocations", n)
	}
}
