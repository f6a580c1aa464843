package cookie

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/internal/uri"
)

// referenceParse is cookie.parse written the plain way, with maps and
// strings.Index, to check Parse's index arithmetic on any input.
func referenceParse(str string) map[string]string {
	obj := map[string]string{}
	if len(str) < 2 {
		return obj
	}
	isSpace := func(c byte) bool { return c == ' ' || c == '\t' }
	index := 0
	for index < len(str) {
		eq := strings.IndexByte(str[index:], '=')
		if eq < 0 {
			break
		}
		eq += index
		end := strings.IndexByte(str[index:], ';')
		if end < 0 {
			end = len(str)
		} else {
			end += index
			if eq > end {
				index = strings.LastIndexByte(str[:eq], ';') + 1
				continue
			}
		}
		key := strings.TrimFunc(str[index:eq], func(r rune) bool { return r == ' ' || r == '\t' })
		if _, ok := obj[key]; !ok && key != "__proto__" {
			v := str[eq+1 : end]
			for len(v) > 0 && isSpace(v[0]) {
				v = v[1:]
			}
			for len(v) > 0 && isSpace(v[len(v)-1]) {
				v = v[:len(v)-1]
			}
			if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
				v = v[1 : len(v)-1]
			} else if v == `"` {
				v = ""
			}
			if strings.Contains(v, "%") {
				if d, ok := uri.AppendDecodeComponent(nil, v); ok {
					v = string(d)
				}
			}
			obj[key] = v
		}
		index = end + 1
	}
	return obj
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"foo=bar; equation=E%3Dmc%5E2", "FOO    = bar;   baz  =   raz", `foo="bar=123"`, "foo=%1;bar=bar;foo=boo",
		"foo=bar;fizz  ;  buzz", `foo="`, "__proto__=x; a=1", "a=%E2%98%83", ";;=;a==b", "x" + strings.Repeat("=", 40)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		got, _ := Parse(nil, nil, header)
		want := referenceParse(header)
		if len(got) != len(want) {
			t.Fatalf("Parse(%q) = %q, reference %q", header, got, want)
		}
		for _, p := range got {
			if v, ok := want[p.Name]; !ok || v != p.Value {
				t.Fatalf("Parse(%q) = %q, reference %q", header, got, want)
			}
		}
	})
}

// FuzzSerialize checks that what Serialize accepts parses back to the
// same name and value, and that it never lets a ';', CR or LF through.
func FuzzSerialize(f *testing.F) {
	f.Add("foo", "bar", "/", "example.com")
	f.Add("userName=<script>", "x", "/; Domain=evil", "a;b")
	f.Add("a", "é ;\r\n", "", "")
	f.Fuzz(func(t *testing.T, name, value, path, domain string) {
		s, err := Serialize(name, value, &Options{Path: path, Domain: domain, HTTPOnly: true})
		if err != nil {
			return
		}
		if strings.ContainsAny(s, "\r\n\x00") || strings.Count(s, ";") != 1+btoi(path != "")+btoi(domain != "") {
			t.Fatalf("Serialize(%q, %q, %q, %q) = %q", name, value, path, domain, s)
		}
		got, _ := Parse(nil, nil, s[:strings.IndexByte(s, ';')])
		if name != protoKey && (len(got) != 1 || got[0].Name != name || got[0].Value != value) {
			t.Fatalf("Serialize(%q, %q) = %q parses to %q", name, value, s, got)
		}
	})
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FuzzUnsign checks that a signature verifies only its own value and
// secret.
func FuzzUnsign(f *testing.F) {
	f.Add("tobi", "foo bar baz", "tobi.xJjV2iZ6EI7C8E5kzwbfA9PVLl1ZR07UTnuTgQQ4EnQ")
	f.Add("", "", ".")
	f.Add("a.b", "☃", "s:j:{}.x")
	f.Fuzz(func(t *testing.T, value, secret, input string) {
		signed := Sign(value, secret)
		if v, ok := Unsign(signed, secret); !ok || v != value {
			t.Fatalf("Unsign(Sign(%q)) = %q %v", value, v, ok)
		}
		if v, ok := Unsign(input, secret); ok && Sign(v, secret) != input {
			t.Fatalf("Unsign(%q) accepted %q", input, v)
		}
		_, _ = SignedCookie("s:"+input, []string{secret, value})
	})
}
