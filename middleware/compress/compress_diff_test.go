package compress_test

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/compress"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

var big = strings.Repeat("hello, world! ", 200)

func routes(app *fast.App) {
	send := func(ct string, extra ...string) fast.Handler {
		return func(req *fast.Request, res *fast.Response, next fast.Next) {
			if ct != "" {
				res.Type(ct)
			}
			for i := 0; i+1 < len(extra); i += 2 {
				res.Set(extra[i], extra[i+1])
			}
			res.SendString(big)
		}
	}
	app.Get("/big", send(""))
	app.Get("/small", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("hello") })
	app.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) {
		items := make([]map[string]any, 100)
		for i := range items {
			items[i] = map[string]any{"i": i, "name": "item " + itoa(i)}
		}
		o := &fast.Object{}
		o.Set("items", items)
		res.JSON(o)
	})
	app.Get("/png", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Type("png").SendBytes([]byte(big))
	})
	app.Get("/notransform", send("", "Cache-Control", "public, no-transform"))
	app.Get("/encoded", send("", "Content-Encoding", "x-custom"))
	app.Get("/identity", send("", "Content-Encoding", "identity"))
	app.Get("/vary", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Vary("Origin").SendString(big) })
	app.Get("/empty", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(204).End() })
	app.Get("/svg", send("image/svg+xml"))
	app.Get("/vnd", send("application/vnd.example+json; charset=utf-8"))
	app.Get("/unknown", send("application/x-unknown-thing"))
	app.Get("/texty", send("", "Content-Type", "  TEXT/X-Custom ; charset=utf-8"))
	app.Get("/end", func(req *fast.Request, res *fast.Response, next fast.Next) { res.End(big) })
	app.Get("/endtyped", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("Content-Type", "text/plain").End(big)
	})
	app.Get("/emptytyped", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("Content-Type", "text/plain").End()
	})
	app.Use(fast.Static("testdata/public"))
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

func build(name string) *fast.App {
	app := testserver.Production(fast.New())
	var c compress.Config
	switch name {
	case "zero":
		c.Threshold = compress.NoThreshold
	case "filter":
		c.Filter = func(req *fast.Request, res *fast.Response) bool {
			return req.Get("X-No-Compression") == "" && compress.ShouldCompress(req, res)
		}
	case "level":
		c.Level = 1
	}
	app.Use(compress.New(c))
	routes(app)
	return app
}

func decode(t *testing.T, enc string, b []byte) []byte {
	t.Helper()
	var r io.Reader
	var err error
	switch enc {
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(b))
	case "deflate":
		r, err = zlib.NewReader(bytes.NewReader(b))
	default:
		return b
	}
	if err != nil {
		t.Fatalf("%s: %v", enc, err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s: %v", enc, err)
	}
	return out
}

// TestDifferential replays compression 1.5.2's answers in Express
// (testdata/golden.json, written by testdata/record.js): status, headers,
// the gzip header bytes and the decompressed body.
// pinStaticMtimes gives testdata/public's files the mtime record.js gives
// them, so that their ETag does not depend on when the checkout was made.
func pinStaticMtimes(t *testing.T) {
	t.Helper()
	pinned := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	files, err := os.ReadDir("testdata/public")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := os.Chtimes(filepath.Join("testdata/public", f.Name()), pinned, pinned); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDifferential(t *testing.T) {
	pinStaticMtimes(t)
	cases := testserver.Load(t, "testdata/golden.json")
	testserver.Replay(t, cases, build, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		skip := []string{"Last-Modified"}
		if strings.HasPrefix(c.Name, "default/end/") || strings.HasPrefix(c.Name, "default/endtyped/") || strings.HasSuffix(c.Name, "/emptytyped/gzip") || strings.HasSuffix(c.Name, "/emptytyped/deflate") {
			// Node sends res.end(body) chunked behind compression, which
			// writes the head first; fast sends its Content-Length.
			skip = append(skip, "Content-Length", "Transfer-Encoding")
		}
		testserver.CompareHeaders(t, &c.Response, got, nil, skip...)
		enc := got.Get("Content-Encoding")
		want := decode(t, enc, c.Response.BodyBytes())
		gotBody := []byte(got.Body)
		if enc == "gzip" && (len(gotBody) < 10 || !bytes.Equal(gotBody[:10], c.Response.BodyBytes()[:10])) {
			t.Errorf("gzip header % x, Node's % x", gotBody[:min(10, len(gotBody))], c.Response.BodyBytes()[:10])
		}
		if g := decode(t, enc, gotBody); !bytes.Equal(g, want) {
			t.Errorf("decompressed body differs: %d vs %d bytes", len(g), len(want))
		}
	})
}
