package fast

import (
	"testing"

	"github.com/valyala/fasthttp"
)

// BenchmarkStatic measures fast.Static in memory (no connection): a small
// file from the cache, a range of it, a 304, and the fall-through of a
// missing file; BenchmarkStatic/raw is the floor, a fasthttp handler
// setting the same headers and body by hand.
func BenchmarkStatic(b *testing.B) {
	app := New()
	app.Use(Static(fixturesDir))
	h := app.Handler()
	todo := fixture("todo.txt")
	send := New()
	send.Get("/", func(req *Request, res *Response, next Next) { res.SendFile(todo, nil, nil) })
	for _, bc := range []struct {
		name, target string
		headers      []string
		h            fasthttp.RequestHandler
	}{
		{"small", "/todo.txt", nil, h},
		{"index", "/users/", nil, h},
		{"range", "/nums.txt", []string{"Range", "bytes=2-5"}, h},
		{"304", "/todo.txt", []string{"If-None-Match", "*"}, h},
		{"missing", "/nope.txt", nil, h},
		{"sendfile", "/", nil, send.Handler()},
		{"raw", "/todo.txt", nil, rawStaticHandler()},
	} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := newRequestCtx("GET", bc.target)
			for i := 0; i+1 < len(bc.headers); i += 2 {
				ctx.Request.Header.Set(bc.headers[i], bc.headers[i+1])
			}
			b.ReportAllocs()
			for b.Loop() {
				ctx.Response.Reset()
				bc.h(ctx)
			}
		})
	}
}

// rawStaticHandler answers as Static does for todo.txt, from constants.
func rawStaticHandler() fasthttp.RequestHandler {
	body := []byte("- groceries")
	return func(ctx *fasthttp.RequestCtx) {
		h := &ctx.Response.Header
		h.Set("X-Powered-By", "fw")
		h.Set("Accept-Ranges", "bytes")
		h.Set("Cache-Control", "public, max-age=0")
		h.Set("Last-Modified", "Tue, 02 Jan 2024 03:04:05 GMT")
		h.Set("Etag", `W/"b-18cc820d903"`)
		h.SetContentType("text/plain; charset=UTF-8")
		ctx.Response.SetBodyRaw(body)
	}
}
