package fast

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// countingListener counts the bytes the server reads from its connections.
type countingListener struct {
	net.Listener
	read atomic.Int64
}

func (l *countingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &countingConn{Conn: c, n: &l.read}, nil
}

type countingConn struct {
	net.Conn
	n *atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// serveTCP serves app on a loopback socket whose reads are counted.
func serveTCP(t *testing.T, app *App) (addr string, ln *countingListener) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln = &countingListener{Listener: l}
	srv := app.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return l.Addr().String(), ln
}

// memProbe measures what the process allocates on the heap while a test
// runs (TotalAlloc), an upper bound of how much the heap can have grown:
// a body held in memory would show here in full. The tests using it are
// not parallel, so the figure is theirs.
type memProbe struct {
	start     runtime.MemStats
	allocated uint64
}

func startMemProbe() *memProbe {
	runtime.GC()
	p := &memProbe{}
	runtime.ReadMemStats(&p.start)
	return p
}

func (p *memProbe) finish() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	p.allocated = ms.TotalAlloc - p.start.TotalAlloc
}

func jsonApp(cfg JSONConfig) *App {
	app := New()
	app.Post("/", JSON(cfg), func(req *Request, res *Response, next Next) { res.Send("parsed") })
	return app
}

// sendStreaming writes head, then body pieces from next until it returns
// nil or a write fails, while the response is read; it returns the
// response and how many body bytes were written.
func sendStreaming(t *testing.T, addr, head string, next func() []byte) (*testResponse, int64) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	var sent atomic.Int64
	go func() {
		if _, err := io.WriteString(conn, head); err != nil {
			return
		}
		for b := next(); b != nil; b = next() {
			n, err := conn.Write(b)
			sent.Add(int64(n))
			if err != nil {
				return
			}
		}
	}()
	r := readResponse(t, conn, false)
	return r, sent.Load()
}

const gib = 1 << 30

// TestBodyLimitChunked1GiB sends a 1 GiB chunked JSON body to express.json()
// (limit 100kb) over a real socket: the answer is 413 once the limit is
// passed, the server reads at most the limit plus its buffers, and the
// body is never held in memory.
func TestBodyLimitChunked1GiB(t *testing.T) {
	addr, ln := serveTCP(t, jsonApp(JSONConfig{}))
	chunk := []byte(fmt.Sprintf("%x\r\n%s\r\n", 64<<10, bytes.Repeat([]byte("x"), 64<<10)))
	var offered int64
	first := true
	next := func() []byte {
		switch {
		case first:
			first = false
			return []byte("7\r\n{\"a\":\"x\r\n")
		case offered >= gib:
			return nil
		}
		offered += 64 << 10
		return chunk
	}
	m := startMemProbe()
	r, sent := sendStreaming(t, addr,
		"POST / HTTP/1.1\r\nHost: example.com\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", next)
	m.finish()
	if r.status != 413 {
		t.Fatalf("status %d %q; want 413", r.status, r.body)
	}
	read := ln.read.Load()
	t.Logf("1 GiB chunked: client wrote %d bytes before the server closed, server read %d (limit 102400), heap allocated %d bytes",
		sent, read, m.allocated)
	if max := int64(100<<10 + 64<<10); read > max {
		t.Errorf("server read %d bytes; want at most the limit plus 64 KiB (%d)", read, max)
	}
	if m.allocated > 4<<20 {
		t.Errorf("allocated %d bytes: the body is being buffered", m.allocated)
	}
}

// gzipBomb returns n gzip members of 16 MiB of zeros each (16 MiB × n
// inflated, about 16 KiB × n compressed).
func gzipBomb(t testing.TB, n int) []byte {
	var member bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&member, gzip.BestCompression)
	zeros := make([]byte, 1<<20)
	for range 16 {
		zw.Write(zeros)
	}
	zw.Close()
	return bytes.Repeat(member.Bytes(), n)
}

// TestBodyLimitGzipBomb sends 1 GiB of zeros gzip-compressed (about 1 MiB
// on the wire) to express.json(), with Content-Length and chunked: 413 once
// the inflated size passes the limit, having read a few KiB of the
// compressed stream, without buffering it.
func TestBodyLimitGzipBomb(t *testing.T) {
	bomb := gzipBomb(t, 64)
	for _, chunked := range []bool{false, true} {
		t.Run(fmt.Sprintf("chunked=%v", chunked), func(t *testing.T) {
			addr, ln := serveTCP(t, jsonApp(JSONConfig{}))
			head := "POST / HTTP/1.1\r\nHost: example.com\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\n"
			if chunked {
				head += "Transfer-Encoding: chunked\r\n\r\n"
			} else {
				head += fmt.Sprintf("Content-Length: %d\r\n\r\n", len(bomb))
			}
			wire := bomb
			if chunked {
				var b bytes.Buffer
				for rest := bomb; len(rest) > 0; {
					n := min(len(rest), 64<<10)
					fmt.Fprintf(&b, "%x\r\n%s\r\n", n, rest[:n])
					rest = rest[n:]
				}
				b.WriteString("0\r\n\r\n")
				wire = b.Bytes()
			}
			rest := wire
			next := func() []byte {
				if len(rest) == 0 {
					return nil
				}
				n := min(len(rest), 64<<10)
				b := rest[:n]
				rest = rest[n:]
				return b
			}
			m := startMemProbe()
			r, sent := sendStreaming(t, addr, head, next)
			m.finish()
			if r.status != 413 {
				t.Fatalf("status %d %q; want 413", r.status, r.body)
			}
			read := ln.read.Load()
			t.Logf("gzip bomb (%d bytes, 1 GiB inflated): client wrote %d, server read %d, heap allocated %d bytes",
				len(bomb), sent, read, m.allocated)
			if max := int64(100<<10 + 64<<10); read > max {
				t.Errorf("server read %d bytes; want at most %d", read, max)
			}
			if m.allocated > 4<<20 {
				t.Errorf("allocated %d bytes", m.allocated)
			}
		})
	}
}

// keepAliveApp has a route that ignores its body, one that reads a little
// of it, body parsers, and a route that must never be reached from a body.
func keepAliveApp(smuggled *atomic.Int32) *App {
	app := New()
	app.Post("/ignore", func(req *Request, res *Response, next Next) { res.Send("ignored") })
	app.Post("/peek", func(req *Request, res *Response, next Next) {
		var b [10]byte
		n, _ := io.ReadFull(req.BodyReader(), b[:])
		res.Send("peeked " + string(b[:n]))
	})
	app.Post("/json", JSON(JSONConfig{Limit: "1kb"}), func(req *Request, res *Response, next Next) { res.Send("parsed") })
	app.Post("/postbody", func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprintf("%d", len(req.Ctx().PostBody())))
	})
	app.Post("/json-postbody", JSON(JSONConfig{Limit: "10mb"}), func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprintf("%d", len(req.Ctx().PostBody())))
	})
	app.Get("/next", func(req *Request, res *Response, next Next) { res.Send("second") })
	app.Get("/smuggled", func(req *Request, res *Response, next Next) {
		smuggled.Add(1)
		res.Send("smuggled")
	})
	return app
}

// smugglingBody is n bytes that hold, after 8 KiB, a request line a
// server reading from the wrong place would execute.
func smugglingBody(n int) string {
	s := strings.Repeat("a", 9000) + "\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: example.com\r\n\r\n"
	return s + strings.Repeat("b", n-len(s))
}

// TestBodyStreamKeepAlive sends, on one connection, a request whose body
// the app leaves unread (or reads partly, or refuses), then a second
// request: the second is answered as itself when the rest of the body
// could be read off, and otherwise the connection is closed after the
// first answer; a body's bytes are never taken for a request.
func TestBodyStreamKeepAlive(t *testing.T) {
	t.Parallel()
	var smuggled atomic.Int32
	addr, _ := serveTCP(t, keepAliveApp(&smuggled))
	chunked := func(s string) string {
		var b strings.Builder
		for len(s) > 0 {
			n := min(len(s), 5000)
			fmt.Fprintf(&b, "%x\r\n%s\r\n", n, s[:n])
			s = s[n:]
		}
		return b.String() + "0\r\n\r\n"
	}
	cl := func(target, ct, body string) string {
		return fmt.Sprintf("POST %s HTTP/1.1\r\nHost: example.com\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n%s", target, ct, len(body), body)
	}
	te := func(target, ct, body string) string {
		return fmt.Sprintf("POST %s HTTP/1.1\r\nHost: example.com\r\nContent-Type: %s\r\nTransfer-Encoding: chunked\r\n\r\n%s", target, ct, chunked(body))
	}
	big := smugglingBody(300 << 10)
	huge := smugglingBody(3 << 20)
	small := "0123456789abcdef"
	tests := []struct {
		name, first string
		status      int
		body        string
		keepAlive   bool
	}{
		{"unread small body", cl("/ignore", "text/plain", small), 200, "ignored", true},
		{"unread 300 KiB body", cl("/ignore", "text/plain", big), 200, "ignored", true},
		{"unread 300 KiB chunked body", te("/ignore", "text/plain", big), 200, "ignored", true},
		{"partly read body", cl("/peek", "text/plain", big), 200, "peeked aaaaaaaaaa", true},
		{"partly read chunked body", te("/peek", "text/plain", big), 200, "peeked aaaaaaaaaa", true},
		{"413 on Content-Length", cl("/json", "application/json", big), 413, "", false},
		{"400 on a small body", cl("/json", "application/json", `{"a":`), 400, "", true},
		{"415 unread body", cl("/json", "application/json; charset=koi8-r", big), 415, "", true},
		{"PostBody of a streamed body", cl("/postbody", "text/plain", big), 200, fmt.Sprint(len(big)), true},
		{"PostBody after a parser, small body", cl("/json-postbody", "application/json", `{"a":1}`), 200, "7", true},
		{"unread 3 MiB body", cl("/ignore", "text/plain", huge), 200, "ignored", false},
		{"unread 3 MiB chunked body", te("/ignore", "text/plain", huge), 200, "ignored", false},
		{"413 on a chunked body", te("/json", "application/json", big), 413, "", false},
		{"413 on Content-Length over 1 MiB", cl("/json", "application/json", huge), 413, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			go func() {
				io.WriteString(conn, tc.first)
				io.WriteString(conn, "GET /next HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n")
			}()
			br := bufio.NewReader(conn)
			r := readNextResponse(t, br)
			if r.status != tc.status || tc.body != "" && r.body != tc.body {
				t.Fatalf("first answer %d %q; want %d %q", r.status, r.body, tc.status, tc.body)
			}
			if !tc.keepAlive {
				if r.header("Connection") != "close" {
					t.Errorf("Connection %q; want close", r.header("Connection"))
				}
				if rest, _ := io.ReadAll(br); len(rest) > 0 {
					t.Errorf("more after a closing answer: %.100q", rest)
				}
				return
			}
			if r.header("Connection") == "close" {
				t.Fatalf("connection closed after the first answer")
			}
			r2 := readNextResponse(t, br)
			r2.expect(t, 200, "second")
		})
	}
	if n := smuggled.Load(); n != 0 {
		t.Errorf("a request inside a body was served %d times", n)
	}
}

// readNextResponse reads one response from br, which may hold the next.
func readNextResponse(t *testing.T, br *bufio.Reader) *testResponse {
	t.Helper()
	line, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("reading status line: %v", err)
	}
	r := &testResponse{}
	parts := strings.SplitN(strings.TrimRight(line, "\r\n"), " ", 3)
	if len(parts) < 2 {
		t.Fatalf("status line %q", line)
	}
	fmt.Sscan(parts[1], &r.status)
	for {
		l, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("reading headers: %v", err)
		}
		if l = strings.TrimRight(l, "\r\n"); l == "" {
			break
		}
		k, v, _ := strings.Cut(l, ":")
		r.headers = append(r.headers, [2]string{k, strings.TrimSpace(v)})
	}
	var n int
	fmt.Sscan(r.header("Content-Length"), &n)
	b := make([]byte, n)
	if _, err := io.ReadFull(br, b); err != nil {
		t.Fatalf("reading body: %v", err)
	}
	r.body = string(b)
	return r
}

// TestParseErrorBodyTooLarge checks that fasthttp's own body-size error,
// which App.Serve never provokes (it streams bodies), would be Express's
// 413 with Node's reason phrase rather than fasthttp's 400.
func TestParseErrorBodyTooLarge(t *testing.T) {
	t.Parallel()
	ctx := newRequestCtx("POST", "/")
	parseError(ctx, fasthttp.ErrBodyTooLarge)
	if code, reason := ctx.Response.StatusCode(), string(ctx.Response.Header.StatusMessage()); code != 413 || reason != "Payload Too Large" {
		t.Errorf("%d %q; want 413 \"Payload Too Large\"", code, reason)
	}
	if !ctx.Response.ConnectionClose() {
		t.Error("the connection is kept")
	}
}
