package cookie

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"testing"
	"time"
)

// recorded is testdata/cookie.json, written by testdata/gen.js.
type recorded struct {
	Parse []struct {
		Header  string      `json:"header"`
		Cookies [][2]string `json:"cookies"`
	} `json:"parse"`
	Serialize []struct {
		Name  string         `json:"name"`
		Value string         `json:"value"`
		Opt   map[string]any `json:"opt"`
		Out   *string        `json:"out"`
		Err   string         `json:"err"`
	} `json:"serialize"`
	Sign []struct {
		Value, Secret, Signed string
	} `json:"sign"`
	Unsign []struct {
		Input  string  `json:"input"`
		Secret string  `json:"secret"`
		Value  *string `json:"value"`
	} `json:"unsign"`
	CookieParser []struct {
		Header  string               `json:"header"`
		Secrets []string             `json:"secrets"`
		Cookies [][2]json.RawMessage `json:"cookies"`
		Signed  [][2]json.RawMessage `json:"signed"`
	} `json:"cookieParser"`
	JSONCookie []struct {
		Input string `json:"input"`
		OK    bool   `json:"ok"`
	} `json:"jsonCookie"`
}

func load(t testing.TB) *recorded {
	t.Helper()
	b, err := os.ReadFile("testdata/cookie.json")
	if err != nil {
		t.Fatal(err)
	}
	var r recorded
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Parse) < 1000 || len(r.Serialize) < 300 || len(r.Sign) < 40 || len(r.Unsign) < 200 || len(r.CookieParser) < 50 {
		t.Fatal("recorded corpus is too small")
	}
	return &r
}

// options turns a recorded JavaScript options object into Options the way
// Express's res.cookie would hand them over.
func options(t *testing.T, o map[string]any) *Options {
	if o == nil {
		return nil
	}
	var opt Options
	for k, v := range o {
		switch k {
		case "maxAge":
			opt.HasMaxAge = true
			switch v := v.(type) {
			case float64:
				opt.MaxAge = v
			case nil: // NaN and ±Infinity are recorded as null
				opt.MaxAge = math.NaN()
			}
		case "domain":
			opt.Domain = v.(string)
		case "path":
			opt.Path = v.(string)
		case "expires":
			opt.HasExpires = true
			if v == nil {
				opt.Expires = time.Unix(1<<40, 0)
			} else {
				opt.Expires = time.UnixMilli(int64(v.(float64)))
			}
		case "httpOnly":
			opt.HTTPOnly = v.(bool)
		case "secure":
			opt.Secure = v.(bool)
		case "partitioned":
			opt.Partitioned = v.(bool)
		case "priority":
			opt.Priority = v.(string)
		case "sameSite":
			switch v {
			case true:
				opt.SameSite = "strict"
			case false:
				opt.SameSite = ""
			default:
				opt.SameSite = v.(string)
			}
		case "encode":
			opt.Encode = func(s string) string { return s }
		default:
			t.Fatalf("unknown option %q", k)
		}
	}
	return &opt
}

func sortedPairs(p [][2]string) [][2]string {
	out := append([][2]string(nil), p...)
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}

func pairsString(ps []Pair) [][2]string {
	out := make([][2]string, len(ps))
	for i, p := range ps {
		out[i] = [2]string{p.Name, p.Value}
	}
	return out
}

func equalPairs(a, b [][2]string) bool {
	a, b = sortedPairs(a), sortedPairs(b)
	return fmt.Sprint(a) == fmt.Sprint(b)
}
