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
		out := AppendJSON(nil, v)
		v2, err := ParseJSON(out)
		if err != nil {
			t.Fatalf("output %q of %q does not parse: %v", out, data, err)
		}
		if out2 := AppendJSON(nil, v2); string(out2) != string(out) {
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
			out := AppendJSON(nil, o)
			if len(out) > 20*len(data)+100 {
				t.Fatalf("Parse(%q) gives %d bytes of JSON", data, len(out))
			}
			if _, err := ParseJSON(out); err != nil {
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
