package basicauth

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"
)

type parseGolden struct {
	Parse []struct {
		In   string `json:"in"`
		OK   bool   `json:"ok"`
		Name string `json:"name"`
		Pass string `json:"pass"`
	} `json:"parse"`
	Base64 []struct {
		In   string  `json:"in"`
		Hex  *string `json:"hex"`
		Text string  `json:"text"`
	} `json:"base64"`
}

func loadParseGolden(t *testing.T) *parseGolden {
	t.Helper()
	data, err := os.ReadFile("testdata/parse.json")
	if err != nil {
		t.Fatal(err)
	}
	var g parseGolden
	if err := json.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// latin1 turns a JavaScript string of characters up to U+00FF into the
// bytes of the header Node read it from.
func latin1(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		b = append(b, byte(r))
	}
	return string(b)
}

// TestParse compares Parse with basic-auth 2.0's parse (testdata/parse.js).
func TestParse(t *testing.T) {
	t.Parallel()
	for _, c := range loadParseGolden(t).Parse {
		t.Run(c.In, func(t *testing.T) {
			user, pass, ok := Parse(c.In)
			if ok != c.OK || user != c.Name || pass != c.Pass {
				t.Errorf("Parse(%q) = %q, %q, %v; basic-auth %q, %q, %v", c.In, user, pass, ok, c.Name, c.Pass, c.OK)
			}
		})
	}
}

// TestNodeBase64 compares the decoder with Buffer.from(s, 'base64') and
// its toString().
func TestNodeBase64(t *testing.T) {
	t.Parallel()
	for _, c := range loadParseGolden(t).Base64 {
		t.Run(c.In, func(t *testing.T) {
			in := latin1(c.In)
			if c.Hex != nil {
				if got := hex.EncodeToString(appendBase64(nil, in)); got != *c.Hex {
					t.Errorf("bytes %s, Node %s", got, *c.Hex)
				}
			}
			if got := decodeCredentials(in); got != c.Text {
				t.Errorf("text %q, Node %q", got, c.Text)
			}
		})
	}
}

// TestSplitConnect covers the header forms connect's basicAuth refuses
// with 400 and the ones it decodes.
func TestSplitConnect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, user, pass string
		ok             bool
	}{
		{"Basic dGo6d2Fob28=", "tj", "wahoo", true},
		{"Basic dGo6", "tj", "", true},
		{"Basic OndhaG9v", "", "wahoo", true},
		{"Basic dGo6d2E6aG9v", "tj", "wa:hoo", true},
		{"basic dGo6d2Fob28=", "", "", false},
		{"BASIC dGo6d2Fob28=", "", "", false},
		{"Basic  dGo6d2Fob28=", "", "", false},
		{"Basic dGo6d2Fob28= x", "", "", false},
		{"Basic", "", "", false},
		{"Basic ", "", "", false},
		{"Basic dGp3YWhvbw==", "", "", false},
		{"Digest dGo6d2Fob28=", "", "", false},
	}
	for _, tt := range tests {
		user, pass, ok := splitConnect(tt.in)
		if user != tt.user || pass != tt.pass || ok != tt.ok {
			t.Errorf("splitConnect(%q) = %q, %q, %v; want %q, %q, %v", tt.in, user, pass, ok, tt.user, tt.pass, tt.ok)
		}
	}
}
