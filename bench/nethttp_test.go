package bench

import (
	"bufio"
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/valyala/fasthttp/fasthttputil"
)

var netHTTPContenders = []struct {
	name    string
	handler func() http.Handler
}{
	{"nethttp_mux", NetHTTPMux},
	{"fast_servehttp", FastNetHTTP},
	{"adaptor_raw", AdaptorRaw},
}

// benchWriter is a reusable http.ResponseWriter that discards the body, as
// the fasthttp benchmarks write to a discarding writer. It implements
// io.StringWriter, as net/http's response writer does.
type benchWriter struct {
	h      http.Header
	status int
	n      int
}

func (w *benchWriter) Header() http.Header { return w.h }
func (w *benchWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
}
func (w *benchWriter) Write(p []byte) (int, error) {
	w.WriteHeader(200)
	w.n += len(p)
	return len(p), nil
}
func (w *benchWriter) WriteString(s string) (int, error) {
	w.WriteHeader(200)
	w.n += len(s)
	return len(s), nil
}
func (w *benchWriter) reset() {
	clear(w.h)
	w.status, w.n = 0, 0
}

// TestNetHTTPSameBytes checks that the net/http contenders answer the same
// status, Content-Type, Content-Length and body length.
func TestNetHTTPSameBytes(t *testing.T) {
	for _, c := range netHTTPContenders {
		h := c.handler()
		for _, tg := range targets {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", tg.path, nil))
			if rec.Code != 200 || rec.Body.String() != tg.body || rec.Header().Get("Content-Type") != textPlain ||
				rec.Header().Get("Content-Length") != itoa(len(tg.body)) {
				t.Errorf("%s %s: %d %v %q", c.name, tg.path, rec.Code, rec.Header(), rec.Body)
			}
		}
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// BenchmarkNetHTTP is one request through each http.Handler, without
// sockets: a parsed *http.Request in, a discarding ResponseWriter out
// (the part of net/http's server around ServeHTTP is the same for all).
func BenchmarkNetHTTP(b *testing.B) {
	for _, tg := range targets {
		for _, c := range netHTTPContenders {
			b.Run(c.name+"_"+tg.name, func(b *testing.B) {
				h := c.handler()
				r := httptest.NewRequest("GET", tg.path, nil)
				w := &benchWriter{h: make(http.Header)}
				b.ReportAllocs()
				for b.Loop() {
					w.reset()
					h.ServeHTTP(w, r)
				}
				if w.status != 200 || w.n != len(tg.body) {
					b.Fatalf("%d %d", w.status, w.n)
				}
			})
		}
	}
}

// BenchmarkNetHTTPServer is one request through a real http.Server per op:
// a keep-alive HTTP/1.1 connection (in memory) carries the raw request, the
// server parses it, runs the handler and writes the response, which the
// client reads without allocating. The client's share is the same for every
// contender.
func BenchmarkNetHTTPServer(b *testing.B) {
	for _, tg := range targets {
		for _, c := range netHTTPContenders {
			b.Run(c.name+"_"+tg.name, func(b *testing.B) {
				ln := fasthttputil.NewInmemoryListener()
				srv := &http.Server{Handler: c.handler()}
				go srv.Serve(ln)
				defer srv.Close()
				conn, err := ln.Dial()
				if err != nil {
					b.Fatal(err)
				}
				defer conn.Close()
				req := []byte("GET " + tg.path + " HTTP/1.1\r\nHost: example.com\r\nUser-Agent: bench\r\n\r\n")
				br := bufio.NewReaderSize(conn, 4096)
				b.ReportAllocs()
				for b.Loop() {
					if _, err := conn.Write(req); err != nil {
						b.Fatal(err)
					}
					if n := readResponse(b, br); n != len(tg.body) {
						b.Fatalf("body of %d bytes", n)
					}
				}
			})
		}
	}
}

// readResponse reads one response with a Content-Length and returns the
// body's length.
func readResponse(b *testing.B, br *bufio.Reader) int {
	length := -1
	for {
		line, err := br.ReadSlice('\n')
		if err != nil {
			b.Fatal(err)
		}
		if len(line) <= 2 {
			break
		}
		if k, v, ok := bytes.Cut(line, []byte(": ")); ok && string(k) == "Content-Length" {
			length, _ = strconv.Atoi(string(bytes.TrimSpace(v)))
		}
	}
	if _, err := br.Discard(length); err != nil {
		b.Fatal(err)
	}
	return length
}
