package adaptor

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// The benchmarks compare Server with a plain net/http handler doing the
// same work: answer GET /hello with status 200, Content-Type,
// X-Powered-By, Content-Length and a 13-byte body, the plain handler
// reached through http.ServeMux.
//
// In process ("ServeHTTP"), both run against the same reusable
// ResponseWriter, so the figures are the handler layer alone: what Server
// adds on top of net/http's own per-request work. Over loopback
// ("Loopback"), a real net/http server and keep-alive client carry each
// request, so the figures are what a user sees end to end.

var helloBody = []byte("Hello, World!")

func plainHello(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Powered-By", "Express")
	h.Set("Content-Length", strconv.Itoa(len(helloBody)))
	w.WriteHeader(http.StatusOK)
	w.Write(helloBody)
}

func fastHello(ctx *fasthttp.RequestCtx) {
	ctx.Response.Header.Set("X-Powered-By", "Express")
	ctx.SetContentType("text/plain; charset=utf-8")
	ctx.SetBody(helloBody)
}

func plainMux() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /hello", plainHello)
	return mux
}

// benchWriter is a reusable http.ResponseWriter that discards the body.
type benchWriter struct {
	h      http.Header
	status int
	n      int
}

func (w *benchWriter) Header() http.Header         { return w.h }
func (w *benchWriter) WriteHeader(code int)        { w.status = code }
func (w *benchWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

func (w *benchWriter) reset() {
	clear(w.h)
	w.status, w.n = 0, 0
}

func benchServeHTTP(b *testing.B, h http.Handler) {
	b.ReportAllocs()
	req := httptest.NewRequest("GET", "/hello", nil)
	req.Header.Set("User-Agent", "bench")
	req.Header.Set("Accept", "*/*")
	req.Header.Set("Accept-Encoding", "gzip")
	w := &benchWriter{h: make(http.Header)}
	h.ServeHTTP(w, req)
	start := cpuTime()
	for b.Loop() {
		w.reset()
		h.ServeHTTP(w, req)
	}
	reportCPU(b, start)
	if w.status != 200 || w.n != len(helloBody) {
		b.Fatalf("status %d, %d bytes", w.status, w.n)
	}
}

func BenchmarkServeHTTP(b *testing.B) {
	b.Run("net-http-mux", func(b *testing.B) { benchServeHTTP(b, plainMux()) })
	b.Run("adaptor", func(b *testing.B) { benchServeHTTP(b, ToHTTP(fastHello)) })
}

func benchLoopback(b *testing.B, h http.Handler) {
	b.ReportAllocs()
	srv := httptest.NewServer(h)
	defer srv.Close()
	tr := &http.Transport{MaxIdleConnsPerHost: 64}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr}
	url := srv.URL + "/hello"
	start := cpuTime()
	defer reportCPU(b, start)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			resp, err := c.Get(url)
			if err != nil {
				b.Error(err)
				return
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				b.Errorf("status %d", resp.StatusCode)
				return
			}
		}
	})
}

func BenchmarkLoopback(b *testing.B) {
	b.Run("net-http-mux", func(b *testing.B) { benchLoopback(b, plainMux()) })
	b.Run("adaptor", func(b *testing.B) { benchLoopback(b, ToHTTP(fastHello)) })
}

// reportCPU reports the process CPU time per operation since start.
func reportCPU(b *testing.B, start time.Duration) {
	if d := cpuTime() - start; d > 0 && b.N > 0 {
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
