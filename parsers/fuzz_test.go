package parsers

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"
	"unicode/utf8"
)

// addSeeds adds the base64 "in" fields of a testdata corpus as seeds.
func addSeeds(f *testing.F, file string, max int) {
	raw, err := os.ReadFile(file)
	if err != nil {
		f.Fatal(err)
	}
	var recs []struct{ In string }
	if err := json.Unmarshal(raw, &recs); err != nil {
		f.Fatal(err)
	}
	for i, r := range recs {
		if i >= max {
			break
		}
		b, _ := base64.StdEncoding.DecodeString(r.In)
		f.Add(b)
	}
}

// FuzzParseJSON checks that ParseJSON never panics, accepts exactly the
// texts encoding/json accepts (for valid UTF-8), and that its values
// stringify to JSON that parses back to the same thing.
func FuzzParseJSON(f *testing.F) {
	addSeeds(f, "testdata/json_parse.json", 400)
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseJSON(data)
		if utf8.Valid(data) && (err == nil) != json.Valid(data) {
			t.Fatalf("ParseJSON(%q) error %v, but json.Valid = %v", data, err, json.Valid(data))
		}
		if err != nil {
			if _, ok := err.(*SyntaxError); !ok || err.Error() == "" {
				t.Fatalf("ParseJSON(%q): unexpected error %T %v", data, err, err)
			}
			return
		}
		out := js(v)
		v2, err := ParseJSON([]byte(out))
		if err != nil {
			t.Fatalf("output %q of %q does not parse: %v", out, data, err)
		}
		if out2 := js(v2); string(out2) != string(out) {
			t.Fatalf("round trip of %q: %q then %q", data, out, out2)
		}
	})
}

// FuzzQS checks that the extended (qs) and simple (querystring) parsers
// never panic, give JSON-encodable values, and stay linear in size.
func FuzzQS(f *testing.F) {
	addSeeds(f, "testdata/qs.json", 400)
	body := QS{ArrayLimit: 100, Depth: 32, StrictDepth: true, ParameterLimit: 1000}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, parse := range []func([]byte) (*Object, error){
			QueryQS.Parse, body.Parse,
			QS{ArrayLimit: 2, Depth: 1, ParameterLimit: Unlimited}.Parse,
			func(b []byte) (*Object, error) { return ParseQuerySimple(b), nil },
		} {
			o, err := parse(data)
			if err != nil {
				if err != ErrQSDepth {
					t.Fatalf("Parse(%q): unexpected error %v", data, err)
				}
				continue
			}
			out := js(o)
			if len(out) > 20*len(data)+100 {
				t.Fatalf("Parse(%q) gives %d bytes of JSON", data, len(out))
			}
			if _, err := ParseJSON([]byte(out)); err != nil {
				t.Fatalf("Parse(%q) = %q, not JSON: %v", data, out, err)
			}
		}
	})
}

// FuzzCharset checks that every supported charset decodes any bytes
// without panicking into WTF-8 text.
func FuzzCharset(f *testing.F) {
	for _, s := range []string{"utf-8", "utf-16", "utf-16be", "cesu-8", "koi8-r", "hex", "latin1", "UTF_8", "x"} {
		f.Add(s, []byte("\xff\xfe\x00a\xed\xa0\x80"))
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		cs, ok := lookupCharset(name)
		if !ok {
			return
		}
		text := cs.decode(nil, data)
		for i := 0; i < len(text); {
			if _, ok := surrogateAt(text, i); ok {
				i += 3
				continue
			}
			r, size := utf8.DecodeRune(text[i:])
			if r == utf8.RuneError && size == 1 {
				t.Fatalf("decode(%q, %q) = %q: invalid UTF-8 at %d", name, data, text, i)
			}
			i += size
		}
	})
}

// FuzzBodyParsers runs the four parsers end to end on fuzzed Content-Type
// and Content-Encoding headers and bodies: type matching, the charset
// parameter, inflating, limits, decoding and parsing. They must not panic;
// every failure is an *Error with one of body-parser's statuses, and every
// success stringifies.
func FuzzBodyParsers(f *testing.F) {
	seeds := []struct{ ct, ce, body string }{
		{"application/json", "", `{"user":"tobi"}`},
		{"application/json; charset=utf-16", "", "\xff\xfe{\x00}\x00"},
		{"application/json; charset=\"utf-8\"", "identity", "[1,2]"},
		{"Application/JSON ; charset=koi8-r", "", "{}"},
		{"application/x-www-form-urlencoded", "", "a[b][c]=1&a[]=2&__proto__[x]=1"},
		{"application/x-www-form-urlencoded; charset=UTF-8", "gzip", "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x0b\xcbK\xccM\xb5}\xb1n\x17\x00\x99\xa4\xba\xd6\x08\x00\x00\x00"},
		{"text/plain; charset=utf-7", "", "a+AGE-"},
		{"text/plain; charset=x-bogus", "", "x"},
		{"application/octet-stream", "deflate", "x\x9c\xcbK\xccM\xb5}\xb1n\x17\x00\x10h\x04/"},
		{"text/*; q=0.5", "nulls", ""},
		{"", "", "plain"},
	}
	for _, s := range seeds {
		f.Add(s.ct, s.ce, []byte(s.body))
	}
	j, _ := NewJSON(JSONConfig{Limit: "4kb", Type: []string{"json", "+json", "application/*"}})
	jl, _ := NewJSON(JSONConfig{Limit: "4kb", Strict: Off, Reviver: func(_ any, _ string, v any) (any, bool) { return v, true }})
	r, _ := NewRaw(RawConfig{Limit: "4kb", Type: []string{"*/*"}})
	tx, _ := NewText(TextConfig{Limit: "4kb", Type: []string{"text/*", "*/*"}, DefaultCharset: "latin1"})
	u, _ := NewURLEncoded(URLEncodedConfig{Limit: "4kb", Type: []string{"urlencoded", "*/*"}})
	us, _ := NewURLEncoded(URLEncodedConfig{Limit: "4kb", Extended: Off, TypeFunc: func(*Input) bool { return true }})
	statuses := map[int]bool{400: true, 403: true, 413: true, 415: true}
	f.Fuzz(func(t *testing.T, ct, ce string, body []byte) {
		in := &Input{ContentType: ct, ContentEncoding: ce, ContentLength: int64(len(body)), Body: body}
		check := func(name string, v any, err error) {
			if err != nil {
				e, ok := err.(*Error)
				if !ok || !statuses[e.Status] || e.Message == "" {
					t.Fatalf("%s(%q, %q, %q): bad error %#v", name, ct, ce, body, err)
				}
				return
			}
			if _, err := AppendJSON(nil, v); err != nil {
				t.Fatalf("%s(%q, %q, %q): value does not stringify: %v", name, ct, ce, body, err)
			}
		}
		for _, p := range []*JSON{j, jl} {
			if p.Match(in) {
				v, err := p.Parse(in)
				check("JSON", v, err)
			}
		}
		if r.Match(in) {
			b, err := r.Parse(in)
			check("Raw", string(b), err)
		}
		if tx.Match(in) {
			s, err := tx.Parse(in)
			check("Text", s, err)
		}
		for _, p := range []*URLEncoded{u, us} {
			if p.Match(in) {
				o, err := p.Parse(in)
				check("URLEncoded", o, err)
			}
		}
	})
}
