package mediatype

import (
	"encoding/json"
	"os"
	"testing"
	"unicode/utf8"
)

// The testdata files are written by testdata/gen.js from the installed
// modules. Their strings stand for Latin-1 byte strings: each character is
// one byte, which latin1 converts back.

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

type contentTypeData struct {
	Parse []struct {
		In     string      `json:"in"`
		Type   string      `json:"type"`
		Params [][2]string `json:"params"`
		Err    string      `json:"err"`
	} `json:"parse"`
	Format []struct {
		Type   string      `json:"type"`
		Params [][2]string `json:"params"`
		Out    string      `json:"out"`
		Err    string      `json:"err"`
	} `json:"format"`
	SetCharset []struct {
		In      string `json:"in"`
		Charset string `json:"charset"`
		Out     string `json:"out"`
		Err     string `json:"err"`
	} `json:"setCharset"`
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestParseMatchesContentType(t *testing.T) {
	t.Parallel()
	var d contentTypeData
	load(t, "contenttype.json", &d)
	for _, c := range d.Parse {
		in := latin1(t, c.In)
		got, err := Parse(in)
		if errText(err) != c.Err {
			t.Errorf("Parse(%q) error %q, want %q", in, errText(err), c.Err)
			continue
		}
		if err != nil {
			if _, _, perr := Parameter(in, "charset"); errText(perr) != c.Err {
				t.Errorf("Parameter(%q) error %q, want %q", in, errText(perr), c.Err)
			}
			continue
		}
		if got.Type != latin1(t, c.Type) || len(got.Params) != len(c.Params) {
			t.Errorf("Parse(%q) = %q %q, want %q %q", in, got.Type, got.Params, c.Type, c.Params)
			continue
		}
		for i, p := range c.Params {
			want := Param{latin1(t, p[0]), latin1(t, p[1])}
			if got.Params[i] != want {
				t.Errorf("Parse(%q) param %d = %q, want %q", in, i, got.Params[i], want)
			}
			v, found, err := Parameter(in, want.Name)
			if err != nil || !found || v != want.Value {
				t.Errorf("Parameter(%q, %q) = %q, %v, %v; want %q", in, want.Name, v, found, err, want.Value)
			}
		}
		if _, ok := got.Param("charset"); !ok {
			if _, found, _ := Parameter(in, "charset"); found {
				t.Errorf("Parameter(%q, charset) found a charset Parse has not", in)
			}
		}
	}
}

func TestFormatMatchesContentType(t *testing.T) {
	t.Parallel()
	var d contentTypeData
	load(t, "contenttype.json", &d)
	for _, c := range d.Format {
		ct := ContentType{Type: latin1(t, c.Type)}
		for _, p := range c.Params {
			ct.Params = append(ct.Params, Param{latin1(t, p[0]), latin1(t, p[1])})
		}
		got, err := Format(ct)
		if errText(err) != c.Err || got != latin1(t, c.Out) {
			t.Errorf("Format(%q) = %q, %q; want %q, %q", ct, got, errText(err), c.Out, c.Err)
		}
	}
}

func TestSetCharsetMatchesExpress(t *testing.T) {
	t.Parallel()
	var d contentTypeData
	load(t, "contenttype.json", &d)
	for _, c := range d.SetCharset {
		in, cs := latin1(t, c.In), latin1(t, c.Charset)
		got, err := SetCharset(in, cs)
		if errText(err) != c.Err || got != latin1(t, c.Out) {
			t.Errorf("SetCharset(%q, %q) = %q, %q; want %q, %q", in, cs, got, errText(err), c.Out, c.Err)
		}
	}
}

type typeIsData struct {
	Is []struct {
		In    string   `json:"in"`
		Types []string `json:"types"`
		Out   *string  `json:"out"`
	} `json:"is"`
	Normalize []struct {
		In  string  `json:"in"`
		Out *string `json:"out"`
	} `json:"normalize"`
	Match []struct {
		Expected string `json:"expected"`
		Actual   string `json:"actual"`
		Out      bool   `json:"out"`
	} `json:"match"`
	HasBody []struct {
		TE  *string `json:"te"`
		CL  *string `json:"cl"`
		Out bool    `json:"out"`
	} `json:"hasBody"`
}

func TestIsMatchesTypeIs(t *testing.T) {
	t.Parallel()
	var d typeIsData
	load(t, "typeis.json", &d)
	for _, c := range d.Is {
		in := latin1(t, c.In)
		types := make([]string, len(c.Types))
		for i, s := range c.Types {
			types[i] = latin1(t, s)
		}
		got, ok := Is(in, types...)
		if c.Out == nil && ok || c.Out != nil && (!ok || got != latin1(t, *c.Out)) {
			t.Errorf("Is(%q, %q) = %q, %v; want %v", in, types, got, ok, show(c.Out))
		}
	}
	for _, c := range d.Normalize {
		got, ok := Normalize(c.In)
		if c.Out == nil && ok || c.Out != nil && (!ok || got != *c.Out) {
			t.Errorf("Normalize(%q) = %q, %v; want %v", c.In, got, ok, show(c.Out))
		}
	}
	for _, c := range d.Match {
		if got := Match(c.Expected, c.Actual); got != c.Out {
			t.Errorf("Match(%q, %q) = %v, want %v", c.Expected, c.Actual, got, c.Out)
		}
	}
	for _, c := range d.HasBody {
		cl := ""
		if c.CL != nil {
			cl = latin1(t, *c.CL)
		}
		if got := HasBody(c.TE != nil, cl, c.CL != nil); got != c.Out {
			t.Errorf("HasBody(te %v, cl %v) = %v, want %v", show(c.TE), show(c.CL), got, c.Out)
		}
	}
}

func show(p *string) string {
	if p == nil {
		return "false"
	}
	return "\"" + *p + "\""
}
