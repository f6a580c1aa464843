package parsers

import (
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"math"
	"os"
	"testing"
)

// TestAppendNumberMatchesNode replays testdata/numbers.json: JavaScript's
// String(x) for 12,000 doubles, recorded by testdata/node/numbers.js.
func TestAppendNumberMatchesNode(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/numbers.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases [][2]string
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		b, _ := hex.DecodeString(c[0])
		f := math.Float64frombits(binary.BigEndian.Uint64(b))
		if got := string(AppendNumber(nil, f)); got != c[1] {
			t.Errorf("AppendNumber(%v) = %s; JavaScript gives %s", f, got, c[1])
		}
	}
}

func TestAppendJSON(t *testing.T) {
	t.Parallel()
	o := &Object{}
	o.Set("b", "x")
	o.Set("2", 1.5)
	o.Set("a", []any{true, false, nil, math.NaN(), math.Inf(-1), -0.0})
	o.Set("1", &Object{})
	o.Set("s", "\u2028\u2029<>&\x7f\x00\x1f\b\f\n\r\t\"\\/é😀\xed\xa0\xbdx\xff")
	tests := []struct {
		v      any
		indent string
		want   string
	}{
		{o, "", `{"1":{},"2":1.5,"b":"x","a":[true,false,null,null,null,0],"s":"` + "\u2028\u2029<>&\x7f" + `\u0000\u001f\b\f\n\r\t\"\\/é😀\ud83dx\ufffd"}`},
		{[]any{}, "", `[]`},
		{&Object{}, "  ", `{}`},
		{[]any{1.0, &Object{}, []any{"x"}}, "  ", "[\n  1,\n  {},\n  [\n    \"x\"\n  ]\n]"},
		{map[string]any{"b": 1, "10": 2, "2": 3, "a": []string{"x"}}, "", `{"2":3,"10":2,"a":["x"],"b":1}`},
		{struct {
			A int `json:"a"`
		}{1}, "", `{"a":1}`},
		{"<script>", "", `"<script>"`},
		{int64(-5), "", `-5`},
	}
	for _, tt := range tests {
		if b, _ := AppendJSONIndent(nil, tt.v, tt.indent); string(b) != tt.want {
			got := string(b)
			t.Errorf("AppendJSONIndent(%#v, %q)\n got: %s\nwant: %s", tt.v, tt.indent, got, tt.want)
		}
	}
}
