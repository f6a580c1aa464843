package adaptor

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// statusRecorder is the ResponseWriter wrapper middleware typically use to
// see the status a downstream sends.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *statusRecorder) Write(p []byte) (int, error) {
	if r.status == 0 {
		r.status = 200
	}
	return r.ResponseWriter.Write(p)
}

func (r *statusRecorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

func TestMiddlewareTimingSeesWholeDownstream(t *testing.T) {
	t.Parallel()
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			type record struct {
				d      time.Duration
				status int
			}
			got := make(chan record, 1)
			timing := FromMiddleware(func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					start := time.Now()
					rec := &statusRecorder{ResponseWriter: w}
					next.ServeHTTP(rec, r)
					got <- record{time.Since(start), rec.status}
				})
			})
			c, url := s.start(t, timing.Handler(func(ctx *fasthttp.RequestCtx) {
				time.Sleep(50 * time.Millisecond)
				ctx.SetStatusCode(fasthttp.StatusCreated)
				ctx.SetBodyString("made")
			}))
			resp, body := do(t, c, newReq(t, "POST", url, nil))
			if resp.StatusCode != 201 || body != "made" {
				t.Errorf("got %d %q", resp.StatusCode, body)
			}
			rec := <-got
			if rec.d < 50*time.Millisecond || rec.status != 201 {
				t.Errorf("middleware saw %v and status %d, want >= 50ms and 201", rec.d, rec.status)
			}
		})
	}
}

// rewriter changes the header fields of the downstream's response when it
// writes its header: it renames X-Internal, drops X-Secret and adds a field.
type rewriter struct {
	http.ResponseWriter
	done bool
}

func (w *rewriter) rewrite() {
	if w.done {
		return
	}
	w.done = true
	h := w.Header()
	if v := h.Get("X-Internal"); v != "" {
		h.Set("X-Public", strings.ToUpper(v))
		h.Del("X-Internal")
	}
	h.Del("X-Secret")
	h.Set("X-Rewritten", "yes")
}

func (w *rewriter) WriteHeader(code int) {
	w.rewrite()
	w.ResponseWriter.WriteHeader(code)
}

func (w *rewriter) Write(p []byte) (int, error) {
	w.rewrite()
	return w.ResponseWriter.Write(p)
}

func TestMiddlewareRewritesHeaders(t *testing.T) {
	t.Parallel()
	m := FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(&rewriter{ResponseWriter: w}, r)
		})
	})
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, m.Handler(func(ctx *fasthttp.RequestCtx) {
				ctx.Response.Header.Set("X-Internal", "abc")
				ctx.Response.Header.Set("X-Secret", "hunter2")
				ctx.Response.Header.Add("Set-Cookie", "a=1")
				ctx.Response.Header.Add("Set-Cookie", "b=2")
				ctx.SetBodyString("body")
			}))
			resp, body := do(t, c, newReq(t, "GET", url, nil))
			want := map[string]string{"X-Public": "ABC", "X-Internal": "", "X-Secret": "", "X-Rewritten": "yes", "Set-Cookie": "a=1,b=2"}
			for k, v := range want {
				if got := strings.Join(resp.Header.Values(k), ","); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			if body != "body" {
				t.Errorf("body %q", body)
			}
		})
	}
}

// gzipMiddleware compresses what the downstream writes, as common gzip
// middleware do (Content-Encoding set, Content-Length dropped).
func gzipMiddleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			next.ServeHTTP(w, r)
			return
		}
		gw := &gzipWriter{ResponseWriter: w}
		defer gw.close()
		next.ServeHTTP(gw, r)
	})
}

type gzipWriter struct {
	http.ResponseWriter
	zw          *gzip.Writer
	wroteHeader bool
}

func (w *gzipWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	w.wroteHeader = true
	h := w.Header()
	h.Del("Content-Length")
	h.Set("Content-Encoding", "gzip")
	h.Add("Vary", "Accept-Encoding")
	w.ResponseWriter.WriteHeader(code)
	w.zw = gzip.NewWriter(w.ResponseWriter)
}

func (w *gzipWriter) Write(p []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(200)
	}
	return w.zw.Write(p)
}

func (w *gzipWriter) Flush() {
	if w.zw != nil {
		w.zw.Flush()
	}
	http.NewResponseController(w.ResponseWriter).Flush()
}

func (w *gzipWriter) close() {
	if w.zw != nil {
		w.zw.Close()
	}
}

func TestMiddlewareCompresses(t *testing.T) {
	t.Parallel()
	m := FromMiddleware(gzipMiddleware)
	text := strings.Repeat("the quick brown fox jumps over the lazy dog\n", 200)
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, m.Handler(func(ctx *fasthttp.RequestCtx) {
				ctx.SetContentType("text/plain; charset=utf-8")
				ctx.Response.Header.SetContentLength(len(text)) // dropped by the middleware
				ctx.SetBodyString(text)
			}))
			req := newReq(t, "GET", url, nil)
			req.Header.Set("Accept-Encoding", "gzip") // so the client does not decode
			resp, body := do(t, c, req)
			if resp.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("Content-Encoding %q", resp.Header.Get("Content-Encoding"))
			}
			if len(body) >= len(text) {
				t.Errorf("body of %d bytes not compressed (%d before)", len(body), len(text))
			}
			zr, err := gzip.NewReader(strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			plain, err := io.ReadAll(zr)
			if err != nil || string(plain) != text {
				t.Errorf("decompressed %d bytes, %v", len(plain), err)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "text/plain; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

func TestMiddlewareShortCircuits(t *testing.T) {
	t.Parallel()
	auth := FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "Bearer ok" {
				w.Header().Set("WWW-Authenticate", "Bearer")
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			var calls atomic.Int32
			c, url := s.start(t, auth.Handler(func(ctx *fasthttp.RequestCtx) {
				calls.Add(1)
				ctx.SetBodyString("secret")
			}))
			before := calls.Load()
			resp, body := do(t, c, newReq(t, "GET", url, nil))
			if resp.StatusCode != 401 || body != "unauthorized\n" || resp.Header.Get("Www-Authenticate") != "Bearer" {
				t.Errorf("got %d %q %v", resp.StatusCode, body, resp.Header)
			}
			if calls.Load() != before {
				t.Error("downstream ran")
			}
			req := newReq(t, "GET", url, nil)
			req.Header.Set("Authorization", "Bearer ok")
			if _, body := do(t, c, req); body != "secret" {
				t.Errorf("authorized body %q", body)
			}
		})
	}
}

func TestMiddlewareRequestChangesReachDownstream(t *testing.T) {
	t.Parallel()
	type key struct{}
	m := FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Header.Set("X-User", "alice")
			r.Header.Del("X-Drop")
			r.Body = http.MaxBytesReader(w, r.Body, 5)
			r.RemoteAddr = "203.0.113.9:1234"
			w.Header().Set("X-Request-Id", "rid-1")
			ctx := context.WithValue(r.Context(), key{}, "from middleware")
			http.StripPrefix("/api", next).ServeHTTP(w, r.WithContext(ctx))
		})
	})
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, m.Handler(func(ctx *fasthttp.RequestCtx) {
				v, _ := Context(ctx).Value(key{}).(string)
				body, err := io.ReadAll(ctx.RequestBodyStream())
				fmt.Fprintf(ctx, "uri=%s user=%s drop=%q ip=%s value=%s rid=%s body=%q err=%v",
					ctx.RequestURI(), ctx.Request.Header.Peek("X-User"), ctx.Request.Header.Peek("X-Drop"),
					ctx.RemoteIP(), v, ctx.Response.Header.Peek("X-Request-Id"), body, err != nil)
			}))
			req := newReq(t, "POST", url+"/api/items/1?x=y", strings.NewReader("0123456789"))
			req.Header.Set("X-Drop", "1")
			resp, body := do(t, c, req)
			want := `uri=/items/1?x=y user=alice drop="" ip=203.0.113.9 value=from middleware rid=rid-1 body="01234" err=true`
			if body != want {
				t.Errorf("downstream saw\n%s\nwant\n%s", body, want)
			}
			if resp.Header.Get("X-Request-Id") != "rid-1" {
				t.Errorf("X-Request-Id %q", resp.Header.Get("X-Request-Id"))
			}
		})
	}
}

func TestMiddlewareSeesUpstreamHeaders(t *testing.T) {
	t.Parallel()
	m := FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Seen", w.Header().Get("X-Powered-By"))
			next.ServeHTTP(w, r)
		})
	})
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, func(ctx *fasthttp.RequestCtx) {
				ctx.Response.Header.Set("X-Powered-By", "Express")
				m.Serve(ctx, func(ctx *fasthttp.RequestCtx) {
					fmt.Fprintf(ctx, "downstream sees %s", ctx.Response.Header.Peek("X-Seen"))
				})
			})
			resp, body := do(t, c, newReq(t, "GET", url, nil))
			if body != "downstream sees Express" || resp.Header.Get("X-Powered-By") != "Express" || resp.Header.Get("X-Seen") != "Express" {
				t.Errorf("body %q, header %v", body, resp.Header)
			}
		})
	}
}

func TestMiddlewareStreamsDownstreamEvents(t *testing.T) {
	t.Parallel()
	var lines atomic.Int32
	logging := FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rec := &statusRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			lines.Add(1)
		})
	})
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			next := make(chan struct{})
			detached := make(chan bool, 1)
			events := func(ctx *fasthttp.RequestCtx) {
				ctx.SetContentType("text/event-stream")
				ctx.SetBodyStreamWriter(func(w *bufio.Writer) {
					for i := range 3 {
						fmt.Fprintf(w, "id: %d\ndata: event %d\n\n", i, i)
						if err := w.Flush(); err != nil {
							return
						}
						select {
						case <-next:
						case <-time.After(10 * time.Second):
							return
						}
					}
				})
			}
			h := func(ctx *fasthttp.RequestCtx) {
				detached <- logging.Serve(ctx, events)
			}
			c, url := s.start(t, h)
			readEvents(t, c, url, next)
			// On a fasthttp.Server the flushed response leaves while the
			// middleware runs on; under net/http it runs on the request's
			// goroutine to the end.
			if got := <-detached; got != s.native {
				t.Errorf("Serve reported detached %v, want %v", got, s.native)
			}
		})
	}
}

func TestMiddlewareNested(t *testing.T) {
	t.Parallel()
	tag := func(name string) *Middleware {
		return FromMiddleware(func(next http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				r.Header.Add("X-Path", name)
				w.Header().Add("X-Order", name+"-before")
				next.ServeHTTP(&rewriter{ResponseWriter: w}, r)
			})
		})
	}
	outer, inner := tag("outer"), tag("inner")
	h := outer.Handler(inner.Handler(func(ctx *fasthttp.RequestCtx) {
		var path []string
		for _, v := range ctx.Request.Header.PeekAll("X-Path") {
			path = append(path, string(v))
		}
		ctx.SetBodyString(strings.Join(path, ">"))
	}))
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, h)
			resp, body := do(t, c, newReq(t, "GET", url, nil))
			if body != "outer>inner" {
				t.Errorf("body %q", body)
			}
			if got := strings.Join(resp.Header.Values("X-Order"), ","); got != "outer-before,inner-before" {
				t.Errorf("X-Order %q", got)
			}
			if resp.Header.Get("X-Rewritten") != "yes" {
				t.Errorf("X-Rewritten %q", resp.Header.Get("X-Rewritten"))
			}
		})
	}
}
