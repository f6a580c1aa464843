package adaptor

import (
	"net/http"
	"testing"

	"github.com/valyala/fasthttp"
)

// Benchmarks of the bridges that run net/http code inside fasthttp, in
// process, against the same net/http code served by net/http's handler
// layer ("net-http": ServeHTTP with a reusable ResponseWriter):
//
//   - "fasthttp": on a RequestCtx as a fasthttp.Server hands it over
//     (native mode: an *http.Request is built, the handler runs on its own
//     goroutine, the buffered response becomes ctx.Response);
//   - "under-Server": inside a fasthttp handler served by Server (direct
//     mode: the handler writes to net/http's ResponseWriter).

func newBenchCtx() *fasthttp.RequestCtx {
	var ctx fasthttp.RequestCtx
	ctx.Request.Header.SetMethod("GET")
	ctx.Request.SetRequestURI("/hello")
	ctx.Request.Header.SetHost("example.com")
	ctx.Request.Header.Set("User-Agent", "bench")
	ctx.Request.Header.Set("Accept", "*/*")
	return &ctx
}

func benchNative(b *testing.B, h fasthttp.RequestHandler) {
	b.ReportAllocs()
	ctx := newBenchCtx()
	h(ctx)
	start := cpuTime()
	for b.Loop() {
		ctx.Response.Reset()
		h(ctx)
	}
	reportCPU(b, start)
	if ctx.Response.StatusCode() != 200 || string(ctx.Response.Body()) != string(helloBody) {
		b.Fatalf("%d %q", ctx.Response.StatusCode(), ctx.Response.Body())
	}
}

// passThrough is a minimal net/http middleware wrapping the writer, as
// logging and metrics middleware do.
func passThrough(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := statusRecorder{ResponseWriter: w}
		next.ServeHTTP(&rec, r)
	})
}

func BenchmarkFromHTTP(b *testing.B) {
	h := http.HandlerFunc(plainHello)
	b.Run("net-http", func(b *testing.B) { benchServeHTTP(b, h) })
	b.Run("fasthttp", func(b *testing.B) { benchNative(b, FromHTTP(h)) })
	b.Run("under-Server", func(b *testing.B) { benchServeHTTP(b, ToHTTP(FromHTTP(h))) })
}

func BenchmarkMiddleware(b *testing.B) {
	b.Run("net-http", func(b *testing.B) { benchServeHTTP(b, passThrough(http.HandlerFunc(plainHello))) })
	m := FromMiddleware(passThrough)
	b.Run("fasthttp", func(b *testing.B) { benchNative(b, m.Handler(fastHello)) })
	b.Run("under-Server", func(b *testing.B) { benchServeHTTP(b, ToHTTP(m.Handler(fastHello))) })
}
