package vary

import (
	"encoding/json"
	"os"
	"testing"
)

// testdata/vary.json is written by testdata/gen.js from the installed
// vary 1.1.2.
func TestAppendMatchesVary(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/vary.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		Header string          `json:"header"`
		Field  json.RawMessage `json:"field"`
		Out    string          `json:"out"`
		Err    string          `json:"err"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var got string
		var err error
		var field any
		if c.Field[0] == '[' {
			var list []string
			if err := json.Unmarshal(c.Field, &list); err != nil {
				t.Fatal(err)
			}
			field = list
			got, err = AppendFields(c.Header, list)
		} else {
			var s string
			if err := json.Unmarshal(c.Field, &s); err != nil {
				t.Fatal(err)
			}
			field = s
			got, err = Append(c.Header, s)
		}
		gotErr := ""
		if err != nil {
			gotErr = err.Error()
		}
		if got != c.Out || gotErr != c.Err {
			t.Errorf("append(%q, %q) = %q, %q; want %q, %q", c.Header, field, got, gotErr, c.Out, c.Err)
		}
	}
}

// TestResVary ports test/res.vary.js: successive res.vary calls.
func TestResVary(t *testing.T) {
	t.Parallel()
	t.Run("should set the values", func(t *testing.T) {
		t.Parallel()
		got, err := AppendFields("", []string{"Accept", "Accept-Language", "Accept-Encoding"})
		if err != nil || got != "Accept, Accept-Language, Accept-Encoding" {
			t.Errorf("got %q, %v", got, err)
		}
	})
	t.Run("should set the value", func(t *testing.T) {
		t.Parallel()
		if got, err := Append("", "Accept"); err != nil || got != "Accept" {
			t.Errorf("got %q, %v", got, err)
		}
	})
	t.Run("should not add it again", func(t *testing.T) {
		t.Parallel()
		h := ""
		for _, f := range []string{"Accept", "Accept-Encoding", "Accept-Encoding", "Accept-Encoding", "Accept"} {
			var err error
			if h, err = Append(h, f); err != nil {
				t.Fatal(err)
			}
		}
		if h != "Accept, Accept-Encoding" {
			t.Errorf("got %q", h)
		}
	})
	t.Run("README: vary.append('Accept, User-Agent', 'Origin')", func(t *testing.T) {
		t.Parallel()
		if got, _ := Append("Accept, User-Agent", "Origin"); got != "Accept, User-Agent, Origin" {
			t.Errorf("got %q", got)
		}
	})
}
