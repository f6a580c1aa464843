package parsers

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"testing"
)

type qsRecord struct {
	Out *string `json:"out"`
	Err *string `json:"err"`
}

type qsCase struct {
	In                             string
	Query, Body, Small, Tiny, Flat qsRecord
	Simple, Simple3                qsRecord
}

func loadQSCases(t *testing.T) []qsCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/qs.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []qsCase
	if err := json.Unmarshal(raw, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestQSMatchesNode replays testdata/qs.json, recorded from qs 6.16.2 by
// testdata/node/qs.js, under five option sets.
func TestQSMatchesNode(t *testing.T) {
	t.Parallel()
	configs := []struct {
		name string
		qs   QS
		rec  func(*qsCase) qsRecord
	}{
		{"query", QueryQS, func(c *qsCase) qsRecord { return c.Query }},
		{"body", QS{ArrayLimit: 100, Depth: 32, StrictDepth: true, ParameterLimit: 1000}, func(c *qsCase) qsRecord { return c.Body }},
		{"small", QS{ArrayLimit: 3, Depth: 2, ParameterLimit: 6}, func(c *qsCase) qsRecord { return c.Small }},
		{"tiny", QS{ArrayLimit: 0, Depth: 1, StrictDepth: true, ParameterLimit: 1000}, func(c *qsCase) qsRecord { return c.Tiny }},
		{"flat", QS{ArrayLimit: 20, Depth: 0, ParameterLimit: 1000}, func(c *qsCase) qsRecord { return c.Flat }},
	}
	cases := loadQSCases(t)
	failed := 0
	for i := range cases {
		c := &cases[i]
		in, _ := base64.StdEncoding.DecodeString(c.In)
		for _, cfg := range configs {
			want := cfg.rec(c)
			got, err := cfg.qs.Parse(in)
			switch {
			case want.Err != nil:
				if err == nil {
					t.Errorf("%s: Parse(%q) = %s; qs throws %s", cfg.name, in, js(got), *want.Err)
					failed++
				}
			case err != nil:
				t.Errorf("%s: Parse(%q): %v; qs gives %s", cfg.name, in, err, *want.Out)
				failed++
			default:
				if g := js(got); g != *want.Out {
					t.Errorf("%s: Parse(%q)\n got: %s\nwant: %s", cfg.name, in, g, *want.Out)
					failed++
				}
			}
			if failed > 20 {
				t.Fatal("too many failures")
			}
		}
	}
	t.Logf("%d inputs × %d option sets compared with qs", len(cases), len(configs))
}

// TestQuerystringMatchesNode replays the querystring.parse records of
// testdata/qs.json.
func TestQuerystringMatchesNode(t *testing.T) {
	t.Parallel()
	cases := loadQSCases(t)
	failed := 0
	for _, c := range cases {
		in, _ := base64.StdEncoding.DecodeString(c.In)
		for _, tt := range []struct {
			max  int
			want qsRecord
		}{{DefaultParameterLimit, c.Simple}, {3, c.Simple3}} {
			got := js(parseQuerystring(in, tt.max))
			if got != *tt.want.Out {
				t.Errorf("querystring.parse(%q, maxKeys %d)\n got: %s\nwant: %s", in, tt.max, got, *tt.want.Out)
				failed++
			}
		}
		if failed > 20 {
			t.Fatal("too many failures")
		}
	}
}
