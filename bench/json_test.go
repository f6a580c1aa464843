package bench

import (
	"bytes"
	stdjson "encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bytedance/sonic"
	gojson "github.com/goccy/go-json"
	"github.com/gofiber/fiber/v2"
	jsoniter "github.com/json-iterator/go"
	segjson "github.com/segmentio/encoding/json"
	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
)

// The JSON benchmarks of issue 4: the encoders a res.json could use, on
// the same payloads, then res.JSON against Fiber's c.JSON. Results and the
// choice they support are in RESULTS.md.

// User is the small struct of the issue: six fields, one slice.
type User struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Email string   `json:"email"`
	Admin bool     `json:"admin"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}

// Page is a medium payload: a page of users with metadata.
type Page struct {
	Total int     `json:"total"`
	Next  *string `json:"next"`
	Items []User  `json:"items"`
}

var (
	smallUser  = &User{ID: 42, Name: "Tobi", Email: "tobi@example.com", Admin: true, Score: 9.5, Tags: []string{"a", "b"}}
	mediumPage = func() *Page {
		p := &Page{Total: 10}
		for i := 0; i < 10; i++ {
			u := *smallUser
			u.ID = i
			p.Items = append(p.Items, u)
		}
		return p
	}()
	// anyMap is what a parsed JSON body echoed back looks like.
	anyMap = map[string]any{"id": 42.0, "name": "Tobi", "tags": []any{"a", "b"}, "nested": map[string]any{"x": 1.5, "ok": true}}
)

type encoder struct {
	name string
	enc  func(dst []byte, v any) ([]byte, error)
	// unordered: map keys come in Go's random map order, not sorted.
	unordered bool
}

var stdEncBuf bytes.Buffer
var stdEnc = func() *stdjson.Encoder {
	e := stdjson.NewEncoder(&stdEncBuf)
	e.SetEscapeHTML(false)
	return e
}()

var encoders = []encoder{
	{name: "fast.AppendJSON", enc: fast.AppendJSON},
	{name: "encoding-json.Marshal", enc: func(dst []byte, v any) ([]byte, error) {
		b, err := stdjson.Marshal(v)
		return append(dst, b...), err
	}},
	{name: "encoding-json.Encoder", enc: func(dst []byte, v any) ([]byte, error) {
		stdEncBuf.Reset()
		err := stdEnc.Encode(v)
		return append(dst, bytes.TrimSuffix(stdEncBuf.Bytes(), []byte("\n"))...), err
	}},
	{name: "goccy-go-json", enc: func(dst []byte, v any) ([]byte, error) {
		b, err := gojson.MarshalNoEscape(v)
		return append(dst, b...), err
	}},
	{name: "sonic", enc: func(dst []byte, v any) ([]byte, error) {
		b, err := sonic.ConfigStd.Marshal(v)
		return append(dst, b...), err
	}},
	{name: "sonic-fastest", enc: func(dst []byte, v any) ([]byte, error) {
		b, err := sonic.ConfigFastest.Marshal(v)
		return append(dst, b...), err
	}, unordered: true},
	{name: "segmentio", enc: func(dst []byte, v any) ([]byte, error) {
		return segjson.Append(dst, v, segjson.SortMapKeys)
	}},
	{name: "jsoniter", enc: func(dst []byte, v any) ([]byte, error) {
		b, err := jsoniter.ConfigCompatibleWithStandardLibrary.Marshal(v)
		return append(dst, b...), err
	}},
}

var payloads = []struct {
	name string
	v    any
}{
	{"small", smallUser},
	{"medium", mediumPage},
	{"anymap", anyMap},
}

// BenchmarkJSONEncode measures each encoder appending to a reused buffer.
func BenchmarkJSONEncode(b *testing.B) {
	for _, p := range payloads {
		for _, e := range encoders {
			b.Run(p.name+"/"+e.name, func(b *testing.B) {
				buf := make([]byte, 0, 4096)
				b.ReportAllocs()
				for b.Loop() {
					var err error
					if buf, err = e.enc(buf[:0], p.v); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestEncodersAgree checks that the encoders write the benchmark payloads
// with the same bytes, so that they are compared on equal work.
func TestEncodersAgree(t *testing.T) {
	for _, p := range payloads {
		want, err := fast.AppendJSON(nil, p.v)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range encoders {
			got, err := e.enc(nil, p.v)
			if err != nil {
				t.Fatal(err)
			}
			if e.unordered && !bytes.Equal(got, want) {
				var g, w any
				if stdjson.Unmarshal(got, &g) == nil && stdjson.Unmarshal(want, &w) == nil && reflect.DeepEqual(g, w) && len(got) == len(want) {
					continue
				}
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s:\n%s\nwant\n%s", p.name, e.name, got, want)
			}
		}
	}
}

// jsonStringifyCases are values where JSON.stringify's bytes (what Express
// sends) and Go's encoders part ways; the expected outputs are Node 20's.
var jsonStringifyCases = []struct {
	name string
	v    any
	want string
}{
	{"html characters", map[string]string{"s": "<a&b>"}, `{"s":"<a&b>"}`},
	{"line separators", map[string]string{"s": "\u2028\u2029"}, "{\"s\":\"\u2028\u2029\"}"},
	{"integer-like keys", map[string]int{"b": 1, "10": 2, "2": 3}, `{"2":3,"10":2,"b":1}`},
	{"large and small floats", []float64{1e21, 1e-7, 100}, `[1e+21,1e-7,100]`},
	{"float32", []float32{0.1}, `[0.1]`},
}

// TestEncoderSemantics records which encoders write JSON.stringify's bytes
// for the cases where they differ; only fast.AppendJSON must match them
// all (the others are logged, for RESULTS.md).
func TestEncoderSemantics(t *testing.T) {
	for _, c := range jsonStringifyCases {
		for _, e := range encoders {
			got, err := e.enc(nil, c.v)
			same := err == nil && string(got) == c.want
			if e.name == "fast.AppendJSON" && !same {
				t.Errorf("%s: %s, want %s", c.name, got, c.want)
			}
			if !same {
				t.Logf("%-22s %-24s differs: %s", c.name, e.name, strings.ReplaceAll(string(got), "\u2028", `<U+2028>`))
			}
		}
	}
}

// The full response: fast's res.JSON (with Express's defaults, ETag and
// X-Powered-By on, and with them off as Fiber sends neither) against
// Fiber's c.JSON, on the small struct.

func fastJSONApp(expressDefaults bool) fasthttp.RequestHandler {
	app := fast.New()
	if !expressDefaults {
		app.Disable("x-powered-by").Set("etag", false)
	}
	app.Get("/user", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(smallUser) })
	return app.Handler()
}

func fiberJSONApp() fasthttp.RequestHandler {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/user", func(c *fiber.Ctx) error { return c.JSON(smallUser) })
	return app.Handler()
}

var jsonContenders = []struct {
	name    string
	handler func() fasthttp.RequestHandler
}{
	{"fast", func() fasthttp.RequestHandler { return fastJSONApp(false) }},
	{"fast-etag", func() fasthttp.RequestHandler { return fastJSONApp(true) }},
	{"fiber", fiberJSONApp},
}

func TestJSONResponsesAgree(t *testing.T) {
	want := `{"id":42,"name":"Tobi","email":"tobi@example.com","admin":true,"score":9.5,"tags":["a","b"]}`
	for _, c := range jsonContenders {
		ctx := newCtx("GET", "/user")
		c.handler()(ctx)
		if got := string(ctx.Response.Body()); got != want {
			t.Errorf("%s: %s", c.name, got)
		}
	}
}

// BenchmarkJSONResponse measures the handler answering res.JSON of the
// small struct, as BenchmarkHandler does for text.
func BenchmarkJSONResponse(b *testing.B) {
	for _, c := range jsonContenders {
		b.Run(c.name, func(b *testing.B) {
			h := c.handler()
			ctx := newCtx("GET", "/user")
			b.ReportAllocs()
			for b.Loop() {
				ctx.Response.Reset()
				h(ctx)
			}
		})
	}
}
