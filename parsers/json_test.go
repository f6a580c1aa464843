package parsers

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
)

func jsonIn(ct, body string) *Input {
	return &Input{ContentType: ct, ContentLength: int64(len(body)), Body: []byte(body)}
}

func TestJSONReviver(t *testing.T) {
	t.Parallel()
	var seen []string
	p, err := NewJSON(JSONConfig{Reviver: func(holder any, key string, v any) (any, bool) {
		seen = append(seen, key)
		switch {
		case key == "secret":
			return nil, false
		case key == "1":
			if _, ok := holder.([]any); ok {
				return nil, false // an array hole, written as null
			}
		}
		if f, ok := v.(float64); ok {
			return f * 2, true
		}
		return v, true
	}})
	if err != nil {
		t.Fatal(err)
	}
	v, err := p.Parse(jsonIn("application/json", `{"a":1,"secret":"x","list":[1,2,3],"o":{"b":4}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := js(v); got != `{"a":2,"list":[2,null,6],"o":{"b":8}}` {
		t.Errorf("revived = %s", got)
	}
	// JSON.parse visits children first, then the holder, the root last.
	if got := strings.Join(seen, ","); got != "a,secret,0,1,2,list,b,o," {
		t.Errorf("visit order %q", got)
	}

	drop, _ := NewJSON(JSONConfig{Reviver: func(_ any, key string, v any) (any, bool) { return v, key != "" }})
	if v, err := drop.Parse(jsonIn("application/json", `{"a":1}`)); err != nil || v != nil {
		t.Errorf("root reviver returning undefined: %v, %v; want nil", v, err)
	}

	deep := strings.Repeat("[", 3000) + strings.Repeat("]", 3000)
	keep, _ := NewJSON(JSONConfig{Reviver: func(_ any, _ string, v any) (any, bool) { return v, true }, Limit: "1mb"})
	_, err = keep.Parse(jsonIn("application/json", deep))
	var pe *Error
	if !errors.As(err, &pe) || pe.Status != 400 || pe.Type != "entity.parse.failed" || pe.Message != "Maximum call stack size exceeded" {
		t.Errorf("reviving 3000 levels: %v; want 400 Maximum call stack size exceeded", err)
	}
}

type decodeTarget struct {
	User string   `json:"user"`
	Age  int      `json:"age"`
	Tags []string `json:"tags"`
}

func TestJSONDecode(t *testing.T) {
	t.Parallel()
	p, _ := NewJSON(JSONConfig{})
	var d decodeTarget
	if err := p.Decode(jsonIn("application/json", `{"user":"tobi","age":3,"tags":["a"]}`), &d); err != nil {
		t.Fatal(err)
	}
	if d.User != "tobi" || d.Age != 3 || len(d.Tags) != 1 {
		t.Errorf("Decode = %+v", d)
	}
	tests := []struct {
		name, ct, body string
		status         int
		typ, msg       string
	}{
		{"empty body leaves dst alone", "application/json", "", 0, "", ""},
		{"syntax error has V8's message", "application/json", `{"user"`, 400, "entity.parse.failed", "Expected ':' after property name in JSON at position 7"},
		{"strict", "application/json", `"x"`, 400, "entity.parse.failed", `Unexpected token '"', ""x"" is not valid JSON`},
		{"type mismatch", "application/json", `{"age":"three"}`, 400, "entity.parse.failed", ""},
		{"charset", "application/json; charset=koi8-r", `{}`, 415, "charset.unsupported", `unsupported charset "KOI8-R"`},
		{"utf-16 body", "application/json; charset=utf-16", "\xff\xfe{\x00}\x00", 0, "", ""},
	}
	for _, tt := range tests {
		d := decodeTarget{User: "keep"}
		err := p.Decode(jsonIn(tt.ct, tt.body), &d)
		if tt.status == 0 {
			if err != nil || d.User != "keep" {
				t.Errorf("%s: %v, %+v", tt.name, err, d)
			}
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) || pe.Status != tt.status || pe.Type != tt.typ || tt.msg != "" && pe.Message != tt.msg {
			t.Errorf("%s: err = %#v; want %d %s %q", tt.name, err, tt.status, tt.typ, tt.msg)
		}
	}
}

// TestParseFromStream runs the parsers on streamed bodies (fasthttp's
// RequestBodyStream), compressed and not.
func TestParseFromStream(t *testing.T) {
	t.Parallel()
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write([]byte(`{"a":[1,2,"x"]}`))
	w.Close()
	j, _ := NewJSON(JSONConfig{})
	for _, in := range []*Input{
		{ContentType: "application/json", ContentLength: -1, Chunked: true, Stream: iotestOneByte([]byte(`{"a":[1,2,"x"]}`))},
		{ContentType: "application/json", ContentEncoding: "gzip", ContentLength: int64(z.Len()), Stream: bytes.NewReader(z.Bytes())},
	} {
		v, err := j.Parse(in)
		if err != nil || js(v) != `{"a":[1,2,"x"]}` {
			t.Errorf("JSON from a stream: %s, %v", js(v), err)
		}
	}
	r, _ := NewRaw(RawConfig{})
	body, err := r.Parse(&Input{ContentType: "application/octet-stream", ContentLength: 3, Stream: strings.NewReader("abc")})
	if err != nil || string(body) != "abc" {
		t.Fatalf("Raw from a stream: %q, %v", body, err)
	}
	// The bytes are the caller's: parsing again must not change them.
	r.Parse(&Input{ContentType: "application/octet-stream", ContentLength: 3, Stream: strings.NewReader("xyz")})
	if string(body) != "abc" {
		t.Errorf("Raw result changed to %q after another parse", body)
	}
	mem := []byte("in memory")
	if got, _ := r.Parse(&Input{ContentType: "application/octet-stream", ContentLength: int64(len(mem)), Body: mem}); &got[0] != &mem[0] {
		t.Error("Raw.Parse copied a body that was in memory")
	}
	tx, _ := NewText(TextConfig{})
	s, err := tx.Parse(&Input{ContentType: "text/plain; charset=utf-16le", ContentLength: -1, Chunked: true, Stream: io.MultiReader(strings.NewReader("h\x00"), strings.NewReader("i\x00"))})
	if err != nil || s != "hi" {
		t.Errorf("Text from a stream: %q, %v", s, err)
	}
}

// TestNoLeakBetweenParses checks that pooled buffers carry nothing from one
// parse into the values of the next.
func TestNoLeakBetweenParses(t *testing.T) {
	t.Parallel()
	j, _ := NewJSON(JSONConfig{})
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write([]byte(`{"secret":"` + strings.Repeat("s", 5000) + `"}`))
	w.Close()
	first, err := j.Parse(&Input{ContentType: "application/json", ContentEncoding: "gzip", ContentLength: int64(z.Len()), Body: z.Bytes()})
	if err != nil {
		t.Fatal(err)
	}
	before := js(first)
	for range 50 {
		var z2 bytes.Buffer
		w := gzip.NewWriter(&z2)
		w.Write([]byte(`{"other":"` + strings.Repeat("o", 6000) + `"}`))
		w.Close()
		if _, err := j.Parse(&Input{ContentType: "application/json", ContentEncoding: "gzip", ContentLength: int64(z2.Len()), Body: z2.Bytes()}); err != nil {
			t.Fatal(err)
		}
	}
	if js(first) != before {
		t.Error("a parsed value changed after later parses reused the pool")
	}
}
