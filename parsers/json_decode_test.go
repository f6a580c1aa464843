package parsers

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"
)

// TestParseJSONMatchesNode replays testdata/json_parse.json, recorded from
// Node 20's JSON.parse by testdata/node/json_parse.js: every input must give
// the same JSON.stringify output, or the same SyntaxError message.
func TestParseJSONMatchesNode(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/json_parse.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		In  string  `json:"in"`
		Out *string `json:"out"`
		Msg *string `json:"msg"`
	}
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	failed := 0
	for _, c := range cases {
		in, err := base64.StdEncoding.DecodeString(c.In)
		if err != nil {
			t.Fatal(err)
		}
		v, err := ParseJSON(in)
		switch {
		case c.Out != nil:
			if err != nil {
				t.Errorf("ParseJSON(%q): unexpected error %v; node gives %s", in, err, *c.Out)
				failed++
				continue
			}
			if got := js(v); got != *c.Out {
				t.Errorf("ParseJSON(%q) stringifies to %s; node gives %s", in, got, *c.Out)
				failed++
			}
		default:
			if err == nil {
				t.Errorf("ParseJSON(%q) = %s; node throws %q", in, js(v), *c.Msg)
				failed++
				continue
			}
			if err.Error() != *c.Msg {
				t.Errorf("ParseJSON(%q) error\n got: %s\nwant: %s", in, err, *c.Msg)
				failed++
			}
		}
		if failed > 30 {
			t.Fatal("too many failures")
		}
	}
	t.Logf("%d inputs compared with node", len(cases))
}

func TestParseJSONInvalidUTF8(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"\"\xa9\"", `"` + "\uFFFD" + `"`},
		{"\"\xed\x9f\xbf\"", "\"\ud7ff\""},
		{"\"\xed\xa0\xbd\"", `"\ud83d"`}, // WTF-8 surrogate kept
		{"[\"\xe8\xae\", 1]", `["` + "\uFFFD" + `",1]`},
	}
	for _, tt := range tests {
		v, err := ParseJSON([]byte(tt.in))
		if err != nil {
			t.Errorf("ParseJSON(%q): %v", tt.in, err)
			continue
		}
		if got := js(v); got != tt.want {
			t.Errorf("ParseJSON(%q) = %s; want %s", tt.in, got, tt.want)
		}
	}
}
