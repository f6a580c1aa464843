package compress

import (
	"encoding/json"
	"os"
	"testing"
)

type units struct {
	Negotiate []struct {
		Header   *string `json:"header"`
		Encoding string  `json:"encoding"`
	} `json:"negotiate"`
	Compressible []struct {
		Type         string `json:"type"`
		Compressible bool   `json:"compressible"`
	} `json:"compressible"`
}

func loadUnits(t *testing.T) *units {
	t.Helper()
	data, err := os.ReadFile("testdata/units.json")
	if err != nil {
		t.Fatal(err)
	}
	var u units
	if err := json.Unmarshal(data, &u); err != nil {
		t.Fatal(err)
	}
	return &u
}

// TestMethod compares with compression 1.5.2's choice of encoding
// (accepts 1.2.13, negotiator 0.5.3), recorded by testdata/units.js; a
// null header is a request without Accept-Encoding.
func TestMethod(t *testing.T) {
	t.Parallel()
	for _, c := range loadUnits(t).Negotiate {
		h := ""
		if c.Header != nil {
			h = *c.Header
		}
		if got := method(h); got != c.Encoding {
			t.Errorf("method(%q) = %q, compression %q", h, got, c.Encoding)
		}
	}
}

// TestCompressible compares with the compressible module.
func TestCompressible(t *testing.T) {
	t.Parallel()
	for _, c := range loadUnits(t).Compressible {
		if got := Compressible(c.Type); got != c.Compressible {
			t.Errorf("Compressible(%q) = %v, compressible %v", c.Type, got, c.Compressible)
		}
	}
}

// FuzzMethod: any header gives one of the offers, or none, and any
// Content-Type an answer.
func FuzzMethod(f *testing.F) {
	for _, s := range []string{"gzip, deflate, br", "br;q=0.5, gzip", "*;q=0", "gzip;q=abc", ",,", "identity;q=0", "deflate;x;q=1e-400", "\u00a0;\u2028"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		switch got := method(h); got {
		case "", "gzip", "deflate", "identity":
		default:
			t.Fatalf("negotiate(%q) = %q", h, got)
		}
		Compressible(h)
	})
}
