package parsers

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"testing"

	"github.com/fwgo/fw/internal/benchbody"
)

// BenchmarkJSONParse is express.json() on a 1 KiB body in memory: Match,
// the charset and limit checks, and ParseJSON.
func BenchmarkJSONParse(b *testing.B) {
	p, _ := NewJSON(JSONConfig{})
	in := jsonInput()
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.JSON1KiB)))
	for b.Loop() {
		if !p.Match(in) {
			b.Fatal("no match")
		}
		if _, err := p.Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseJSON is the decoder alone on the same body.
func BenchmarkParseJSON(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.JSON1KiB)))
	for b.Loop() {
		if _, err := ParseJSON(benchbody.JSON1KiB); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodingJSONAny is encoding/json into map[string]any, for
// comparison with ParseJSON.
func BenchmarkEncodingJSONAny(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.JSON1KiB)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(benchbody.JSON1KiB, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJSONDecodeStruct is JSON.Decode into a struct (encoding/json
// behind the same checks).
func BenchmarkJSONDecodeStruct(b *testing.B) {
	p, _ := NewJSON(JSONConfig{})
	in := jsonInput()
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.JSON1KiB)))
	for b.Loop() {
		var u benchbody.User
		if err := p.Decode(in, &u); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkJSONParseGzip is express.json() on the same body gzipped.
func BenchmarkJSONParseGzip(b *testing.B) {
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(benchbody.JSON1KiB)
	w.Close()
	p, _ := NewJSON(JSONConfig{})
	in := &Input{ContentType: "application/json", ContentEncoding: "gzip", ContentLength: int64(z.Len()), Body: z.Bytes()}
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.JSON1KiB)))
	for b.Loop() {
		if _, err := p.Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkURLEncodedParse is express.urlencoded() (extended) on a
// 20-field body.
func BenchmarkURLEncodedParse(b *testing.B) {
	p, _ := NewURLEncoded(URLEncodedConfig{})
	in := formInput()
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.Form20)))
	for b.Loop() {
		if !p.Match(in) {
			b.Fatal("no match")
		}
		if _, err := p.Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkURLEncodedSimple is express.urlencoded({extended: false}).
func BenchmarkURLEncodedSimple(b *testing.B) {
	p, _ := NewURLEncoded(URLEncodedConfig{Extended: Off})
	in := formInput()
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.Form20)))
	for b.Loop() {
		if _, err := p.Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkQSParse is the qs parser alone on the same body, with the
// options urlencoded uses for it.
func BenchmarkQSParse(b *testing.B) {
	q := QS{ArrayLimit: 100, Depth: 32, StrictDepth: true, ParameterLimit: 1000}
	b.ReportAllocs()
	b.SetBytes(int64(len(benchbody.Form20)))
	for b.Loop() {
		if _, err := q.Parse(benchbody.Form20); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkParseQuery is req.query's default parser on a nested query.
func BenchmarkParseQuery(b *testing.B) {
	q := []byte("user[name]=tobi&user[tags][]=a&user[tags][]=b&page=2&sort=-created&filter[status]=active")
	b.ReportAllocs()
	for b.Loop() {
		ParseQuery(q)
	}
}

// BenchmarkRawParse is express.raw() on a body in memory: no copy.
func BenchmarkRawParse(b *testing.B) {
	p, _ := NewRaw(RawConfig{})
	in := &Input{ContentType: "application/octet-stream", ContentLength: int64(len(benchbody.JSON1KiB)), Body: benchbody.JSON1KiB}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Parse(in); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAppendJSON is JSON.stringify of the parsed 1 KiB body into a
// reused buffer.
func BenchmarkAppendJSON(b *testing.B) {
	v, _ := ParseJSON(benchbody.JSON1KiB)
	buf := make([]byte, 0, 2048)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = AppendJSON(buf[:0], v); err != nil {
			b.Fatal(err)
		}
	}
}
