package bench

import (
	"bufio"
	"io"
	"testing"

	"github.com/valyala/fasthttp"
)

var contenders = []struct {
	name    string
	handler func() fasthttp.RequestHandler
}{
	{"fasthttp", func() fasthttp.RequestHandler { return RawFasthttp }},
	{"fast", func() fasthttp.RequestHandler { return FastApp().Handler() }},
	{"fiber", func() fasthttp.RequestHandler { return FiberApp().Handler() }},
}

var targets = []struct{ name, path, body string }{
	{"root", "/", helloBody},
	{"param", "/user/gopher", "Hello, gopher"},
}

func newCtx(method, target string) *fasthttp.RequestCtx {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(target)
	req.Header.SetHost("example.com")
	ctx := &fasthttp.RequestCtx{}
	ctx.Init(&req, nil, nil)
	return ctx
}

// TestSameBytes checks that every contender answers the same status,
// Content-Type and body, so that the benchmarks compare equal work.
func TestSameBytes(t *testing.T) {
	for _, c := range contenders {
		h := c.handler()
		for _, tg := range targets {
			ctx := newCtx("GET", tg.path)
			h(ctx)
			if got := string(ctx.Response.Body()); got != tg.body {
				t.Errorf("%s %s: body %q, want %q", c.name, tg.path, got, tg.body)
			}
			if got := string(ctx.Response.Header.ContentType()); got != textPlain {
				t.Errorf("%s %s: Content-Type %q", c.name, tg.path, got)
			}
			var extra []string
			for k := range ctx.Response.Header.All() {
				extra = append(extra, string(k))
			}
			if len(extra) > 2 { // Content-Type and Content-Length
				t.Errorf("%s %s: extra headers %v", c.name, tg.path, extra)
			}
		}
	}
}

// BenchmarkHandler measures the handler alone: routing, context and the
// handler's work, on a request already parsed.
func BenchmarkHandler(b *testing.B) {
	for _, c := range contenders {
		for _, tg := range targets {
			b.Run(c.name+"_"+tg.name, func(b *testing.B) {
				h := c.handler()
				ctx := newCtx("GET", tg.path)
				b.ReportAllocs()
				for b.Loop() {
					ctx.Response.Reset()
					h(ctx)
				}
			})
		}
	}
}

// BenchmarkServe measures the whole per-request server path without
// sockets: parse the request bytes, handle, write the response.
func BenchmarkServe(b *testing.B) {
	for _, c := range contenders {
		for _, tg := range targets {
			b.Run(c.name+"_"+tg.name, func(b *testing.B) {
				h := c.handler()
				raw := []byte("GET " + tg.path + " HTTP/1.1\r\nHost: example.com\r\nUser-Agent: bench\r\nAccept: */*\r\n\r\n")
				var req fasthttp.Request
				ctx := &fasthttp.RequestCtx{}
				ctx.Init(&req, nil, nil)
				rd := &replayReader{data: raw}
				br := bufio.NewReaderSize(rd, 4096)
				bw := bufio.NewWriterSize(io.Discard, 4096)
				b.ReportAllocs()
				for b.Loop() {
					ctx.Request.Reset()
					ctx.Response.Reset()
					rd.pos = 0
					br.Reset(rd)
					if err := ctx.Request.Read(br); err != nil {
						b.Fatal(err)
					}
					h(ctx)
					if err := ctx.Response.Write(bw); err != nil {
						b.Fatal(err)
					}
					bw.Flush()
				}
			})
		}
	}
}

type replayReader struct {
	data []byte
	pos  int
}

func (r *replayReader) Read(p []byte) (int, error) {
	if r.pos >= len(r.data) {
		return 0, io.EOF
	}
	n := copy(p, r.data[r.pos:])
	r.pos += n
	return n, nil
}
