package disposition

import (
	"encoding/json"
	"maps"
	"os"
	"testing"
	"unicode/utf8"
)

// testdata/disposition.json is written by testdata/gen.js from the
// installed content-disposition 0.5.4. Header strings (format outputs,
// parse inputs) stand for Latin-1 byte strings; filenames and parsed values
// are text.

type dispositionData struct {
	Format []struct {
		Name string `json:"name"`
		Out  string `json:"out"`
		Err  string `json:"err"`
	} `json:"format"`
	WithOptions []struct {
		Name     *string         `json:"name"`
		Type     string          `json:"type"`
		Fallback json.RawMessage `json:"fallback"`
		Out      string          `json:"out"`
		Err      string          `json:"err"`
	} `json:"withOptions"`
	Parse []struct {
		In     string            `json:"in"`
		Type   string            `json:"type"`
		Params map[string]string `json:"params"`
		Err    string            `json:"err"`
	} `json:"parse"`
}

func latin1(t *testing.T, s string) string {
	t.Helper()
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff || r == utf8.RuneError {
			t.Fatalf("testdata string %q is not Latin-1", s)
		}
		b = append(b, byte(r))
	}
	return string(b)
}

func load(t *testing.T) *dispositionData {
	t.Helper()
	b, err := os.ReadFile("testdata/disposition.json")
	if err != nil {
		t.Fatal(err)
	}
	var d dispositionData
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	return &d
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestFormatMatchesContentDisposition(t *testing.T) {
	t.Parallel()
	d := load(t)
	for _, c := range d.Format {
		if got := Attachment(c.Name); got != latin1(t, c.Out) {
			t.Errorf("Attachment(%q) = %q, want %q", c.Name, got, latin1(t, c.Out))
		}
	}
	for _, c := range d.WithOptions {
		opts := Options{Type: c.Type}
		switch string(c.Fallback) {
		case "", "true":
		case "false":
			opts.Fallback = FallbackNone
		default:
			var name string
			if err := json.Unmarshal(c.Fallback, &name); err != nil {
				t.Fatal(err)
			}
			opts.Fallback = FallbackName(name)
		}
		var got string
		var err error
		if c.Name == nil {
			got, err = FormatType(c.Type)
		} else {
			got, err = Format(*c.Name, opts)
		}
		if errText(err) != c.Err || got != latin1(t, c.Out) {
			t.Errorf("Format(%v, %+v) = %q, %q; want %q, %q", show(c.Name), opts, got, errText(err), latin1(t, c.Out), c.Err)
		}
	}
}

func TestParseMatchesContentDisposition(t *testing.T) {
	t.Parallel()
	d := load(t)
	for _, c := range d.Parse {
		in := latin1(t, c.In)
		got, err := Parse(in)
		if errText(err) != c.Err {
			t.Errorf("Parse(%q) error %q, want %q", in, errText(err), c.Err)
			continue
		}
		if err == nil && (got.Type != c.Type || !maps.Equal(got.Params, c.Params)) {
			t.Errorf("Parse(%q) = %q %q, want %q %q", in, got.Type, got.Params, c.Type, c.Params)
		}
	}
}

func show(p *string) string {
	if p == nil {
		return "undefined"
	}
	return "\"" + *p + "\""
}
