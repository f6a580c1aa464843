package fast_test

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/basicauth"
	"github.com/fwgo/fw/middleware/bodyparser"
	"github.com/fwgo/fw/middleware/compress"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/middleware/cookiesession"
	"github.com/fwgo/fw/middleware/directory"
	"github.com/fwgo/fw/middleware/logger"
	"github.com/fwgo/fw/middleware/methodoverride"
	"github.com/fwgo/fw/middleware/responsetime"
	"github.com/fwgo/fw/middleware/session"
	"github.com/fwgo/fw/parsers"
	"github.com/valyala/fasthttp/fasthttputil"
)

// hardenedApp mounts every middleware and body parser of the module on
// one app, with a static root under dir, and an echo route that answers
// each request's param, query, cookie, signed cookie and body.
func hardenedApp(t testing.TB, dir string) *fast.App {
	t.Helper()
	root := filepath.Join(dir, "www")
	if err := os.MkdirAll(filepath.Join(root, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "a.txt"), []byte("public"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "www-secret"), []byte("TOP-SECRET-FILE"), 0o644); err != nil {
		t.Fatal(err)
	}
	app := fast.New()
	app.Use(logger.New(logger.Config{Output: io.Discard}))
	app.Use(responsetime.New())
	app.Use(compress.New())
	app.Use(methodoverride.New("X-HTTP-Method-Override"))
	app.Use(cookieparser.New("s3cret"))
	app.Use(cookiesession.New(cookiesession.Config{Name: "cs", Keys: []string{"k1"}}))
	app.Use(session.New(session.Config{Secret: []string{"s3cret"}, Store: session.NewMemoryStore()}))
	app.Use(fast.JSON())
	app.Use(fast.URLEncoded(fast.URLEncodedConfig{Extended: parsers.On}))
	app.Use(fast.Text())
	app.Use("/multi", bodyparser.Multipart())
	app.Use("/static", fast.Static(root), directory.New(root))
	app.Use("/admin", basicauth.New("admin", "pw"))
	app.Get("/admin", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("admin") })
	echo := func(req *fast.Request, res *fast.Response, next fast.Next) {
		c, _ := req.Cookies().Get("c")
		sc, _ := req.SignedCookies().Get("sc")
		q, _ := req.QueryValue("q")
		res.JSON(map[string]any{
			"id": req.Params().Get("id"), "q": q, "c": c, "sc": sc,
			"body": req.Body(), "ip": req.IP(), "host": req.Hostname(),
			"accepts": req.AcceptedTypes(), "fresh": req.Fresh(),
		})
	}
	app.All("/echo/:id", echo)
	app.All("/multi/:id", echo)
	return app
}

// rawServer serves app over an in-memory listener and sends raw bytes.
type rawServer struct {
	t  testing.TB
	ln interface{ Dial() (net.Conn, error) }
}

func serveRaw(t testing.TB, app *fast.App) *rawServer {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	srv := app.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return &rawServer{t: t, ln: ln}
}

func (s *rawServer) dial() net.Conn {
	s.t.Helper()
	c, err := s.ln.Dial()
	if err != nil {
		s.t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(20 * time.Second))
	return c
}

// roundTrip writes raw on a new connection and reads one response; a nil
// response means the server closed the connection without answering.
func (s *rawServer) roundTrip(raw string) (*http.Response, string) {
	s.t.Helper()
	c := s.dial()
	defer c.Close()
	go func() { // the server may answer before reading it all
		io.WriteString(c, raw)
		if tc, ok := c.(*net.TCPConn); ok {
			tc.CloseWrite() // a body shorter than announced ends here
		}
	}()
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return nil, ""
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	return resp, string(body)
}

// TestServerRejectsMalformedRequests feeds malformed requests (the
// request-level vectors of security-regressions.md: smuggling framing,
// bad encodings, hostile headers and bodies) to an app with every
// middleware mounted. Each gets a 4xx (or a close before any response for
// framing the server cannot answer on), never a panic, and a well-formed
// request on a new connection still works after each.
func TestServerRejectsMalformedRequests(t *testing.T) {
	t.Parallel()
	s := serveRaw(t, hardenedApp(t, t.TempDir()))
	const h = "Host: example.com\r\n"
	deep := strings.Repeat("[a]", 100000)
	cases := []struct {
		name string
		raw  string
		want []int // acceptable statuses; 0 means "closed without a response"
	}{
		{"fasthttp bce5766: two Content-Length", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Length: 13\r\nContent-Length: 1\r\n\r\nhello", []int{400}},
		{"fasthttp bce5766: unknown Transfer-Encoding", "POST /echo/1 HTTP/1.1\r\n" + h + "Transfer-Encoding: blegh\r\n\r\n3\r\nabc\r\n0\r\n\r\n", []int{400, 501}},
		{"fasthttp bce5766: CR in version", "GET / HTTP/\r\r1.1\r\n" + h + "\r\n", []int{400, 0}},
		{"fasthttp 7b74fc9: LF in chunk extension", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n3;a\nb\r\nabc\r\n0\r\n\r\n", []int{400, 0}},
		{"fasthttp c497746: space before chunk extension", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n3 ;ext\r\nabc\r\n0\r\n\r\n", []int{400, 0}},
		{"fasthttp eb38f5f: HTTP/1.1 without Host", "GET /echo/1 HTTP/1.1\r\n\r\n", []int{400}},
		{"fasthttp 7bca504: two Transfer-Encoding", "POST /echo/1 HTTP/1.1\r\n" + h + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", []int{400, 501}},
		{"fasthttp b8d29be: space before colon", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Length : 5\r\n\r\nhello", []int{400}},
		{"fasthttp c3791f8: Content-Length overflow", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Length: 21000000000000000000\r\n\r\n", []int{400, 413}},
		{"fasthttp #1794: NUL in header value", "GET /echo/1 HTTP/1.1\r\n" + h + "X-A: te\r\x00st\r\n\r\n", []int{400}},
		{"fasthttp a1c842f: Content-Length as trailer", "POST /echo/1 HTTP/1.1\r\n" + h + "Transfer-Encoding: chunked\r\nTrailer: Content-Length\r\n\r\n0\r\nContent-Length: 5\r\n\r\n", []int{400}},
		{"fasthttp f18eb9e: backslash absolute URI", "GET http:\\\\evil.com\\x HTTP/1.1\r\n" + h + "\r\n", []int{400, 404}},
		{"CVE-2025-22871: bare LF after chunk size", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: text/plain\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\r\n0\r\n\r\n", []int{400, 0}},
		{"malformed percent in path", "GET /echo/%zz HTTP/1.1\r\n" + h + "\r\n", []int{400}},
		{"malformed JSON", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: application/json\r\nContent-Length: 5\r\n\r\n{\"a\":", []int{400}},
		{"JSON with an unknown charset", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: application/json; charset=x-bogus\r\nContent-Length: 2\r\n\r\n{}", []int{415}},
		{"body over the parser limit", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: text/plain\r\nContent-Length: 200000\r\n\r\n" + strings.Repeat("a", 200000), []int{413}},
		{"CVE-2024-45590: urlencoded nested 1e5 deep", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + itoa(len("a"+deep+"=1")) + "\r\n\r\na" + deep + "=1", []int{400, 413}},
		{"CVE-2025-13466: urlencoded parameter flood", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 50000\r\n\r\n" + strings.Repeat("&", 50000), []int{413}},
		{"unsupported Content-Encoding", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: application/json\r\nContent-Encoding: bogus\r\nContent-Length: 2\r\n\r\n{}", []int{415}},
		{"gzip body that is not gzip", "POST /echo/1 HTTP/1.1\r\n" + h + "Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: 2\r\n\r\n{}", []int{400}},
		{"multer CVE-2025-47944: truncated multipart boundary", "POST /multi/1 HTTP/1.1\r\n" + h + "Content-Type: multipart/form-data; boundary=----FormBoundary\r\nContent-Length: 17\r\n\r\n------FormBoundar", []int{400}},
		{"multer CVE-2025-48997: empty field name (a field named null, as connect 2.30)", "POST /multi/1 HTTP/1.1\r\n" + h + "Content-Type: multipart/form-data; boundary=X\r\nContent-Length: 89\r\n\r\n--X\r\nContent-Disposition: form-data; name=\"\"; filename=\"a\"\r\n\r\nabc\r\n--X--\r\n" + strings.Repeat(" ", 89-len("--X\r\nContent-Disposition: form-data; name=\"\"; filename=\"a\"\r\n\r\nabc\r\n--X--\r\n")), []int{200}},
		{"CVE-2014-6394: static sibling root", "GET /static/../www-secret HTTP/1.1\r\n" + h + "\r\n", []int{403, 404}},
		{"static encoded dot-dot", "GET /static/%2e%2e/%2e%2e/www-secret HTTP/1.1\r\n" + h + "\r\n", []int{403}},
		{"static NUL", "GET /static/a.txt%00 HTTP/1.1\r\n" + h + "\r\n", []int{400}},
		{"static backslash", "GET /static/..%5cwww-secret HTTP/1.1\r\n" + h + "\r\n", []int{403, 404}},
		{"basic auth garbage (connect's basicAuth: 400)", "GET /admin HTTP/1.1\r\n" + h + "Authorization: Basic !!!\r\n\r\n", []int{400}},
		{"basic auth wrong password", "GET /admin HTTP/1.1\r\n" + h + "Authorization: Basic YWRtaW46cHg=\r\n\r\n", []int{401}},
		{"header too large", "GET /echo/1 HTTP/1.1\r\n" + h + "X-Big: " + strings.Repeat("a", 64<<10) + "\r\n\r\n", []int{431}},
	}
	for _, tc := range cases {
		resp, body := s.roundTrip(tc.raw)
		got := 0
		if resp != nil {
			got = resp.StatusCode
		}
		ok := false
		for _, w := range tc.want {
			ok = ok || got == w
		}
		if !ok {
			t.Errorf("%s: status %d, want one of %v (body %.200q)", tc.name, got, tc.want, body)
		}
		if strings.Contains(body, "TOP-SECRET-FILE") {
			t.Errorf("%s: body discloses a file outside the root: %.200q", tc.name, body)
		}
		if resp != nil && got >= 400 && got < 500 && strings.HasPrefix(body, "<!DOCTYPE") {
			if ct := resp.Header.Get("Content-Type"); !strings.Contains(ct, "charset=utf-8") {
				t.Errorf("%s: CVE-2014-6393: Content-Type %q has no charset=utf-8", tc.name, ct)
			}
		}
		// The server still serves a well-formed request on a new connection.
		resp, body = s.roundTrip("GET /echo/ok?q=1 HTTP/1.1\r\n" + h + "Connection: close\r\n\r\n")
		if resp == nil || resp.StatusCode != 200 || !strings.Contains(body, `"id":"ok"`) {
			t.Fatalf("after %s: the next request failed: %v %q", tc.name, resp, body)
		}
	}
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// TestServerRequestsDoNotLeak interleaves two requests with different
// params, queries, cookies and bodies: the first is held inside its
// handler while the second runs to completion, then reads all its values
// again. Neither sees the other's values (run also with -tags fwpoison).
func TestServerRequestsDoNotLeak(t *testing.T) {
	t.Parallel()
	var hold, inA chan struct{}
	app := fast.New()
	app.Use(cookieparser.New("s3cret"))
	app.Use(fast.JSON())
	app.Use(fast.URLEncoded(fast.URLEncodedConfig{Extended: parsers.On}))
	var mu sync.Mutex
	app.Post("/r/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		read := func() string {
			c, _ := req.Cookies().Get("c")
			q, _ := req.QueryValue("q")
			h := req.Get("X-Canary")
			var b string
			if o, ok := req.Body().(*fast.Object); ok {
				v, _ := o.Get("v")
				b, _ = v.(string)
			}
			return req.Params().Get("id") + "|" + q + "|" + c + "|" + h + "|" + b
		}
		first := read()
		if req.Params().Get("id") == "aaaa" {
			mu.Lock()
			in, h := inA, hold
			mu.Unlock()
			close(in)
			<-h
		}
		second := read()
		res.Send(first + "#" + second)
	})
	s := serveRaw(t, app)
	req := func(id, ct, body string) string {
		return "POST /r/" + id + "?q=" + id + " HTTP/1.1\r\nHost: example.com\r\nCookie: c=" + id +
			"\r\nX-Canary: " + id + "\r\nContent-Type: " + ct + "\r\nContent-Length: " + itoa(len(body)) +
			"\r\nConnection: close\r\n\r\n" + body
	}
	for _, enc := range []struct{ ct, a, b string }{
		{"application/json", `{"v":"aaaa"}`, `{"v":"bbbb"}`},
		{"application/x-www-form-urlencoded", "v=aaaa", "v=bbbb"},
	} {
		mu.Lock()
		in, h := make(chan struct{}), make(chan struct{})
		inA, hold = in, h
		mu.Unlock()
		ca := s.dial()
		go io.WriteString(ca, req("aaaa", enc.ct, enc.a))
		<-in
		respB, bodyB := s.roundTrip(req("bbbb", enc.ct, enc.b))
		close(h)
		respA, err := http.ReadResponse(bufio.NewReader(ca), nil)
		if err != nil {
			t.Fatal(err)
		}
		bodyA, _ := io.ReadAll(respA.Body)
		ca.Close()
		wantA := "aaaa|aaaa|aaaa|aaaa|aaaa"
		wantB := "bbbb|bbbb|bbbb|bbbb|bbbb"
		if respB == nil || bodyB != wantB+"#"+wantB {
			t.Errorf("%s: B got %q, want %q", enc.ct, bodyB, wantB+"#"+wantB)
		}
		if string(bodyA) != wantA+"#"+wantA {
			t.Errorf("%s: A got %q, want %q (a value of B leaked into A)", enc.ct, bodyA, wantA+"#"+wantA)
		}
	}
}

// FuzzRawRequest sends arbitrary bytes as a request to an app with every
// middleware and parser mounted: the server never panics, never answers
// 500 (client input is never a server error), and serves a well-formed
// request on a new connection afterwards.
func FuzzRawRequest(f *testing.F) {
	for _, seed := range []string{
		"GET /echo/1?q=a&q[b]=c HTTP/1.1\r\nHost: example.com\r\nCookie: c=1; sc=s%3Aa.b\r\n\r\n",
		"POST /echo/1 HTTP/1.1\r\nHost: example.com\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{\"a\":[1]}",
		"POST /echo/1 HTTP/1.1\r\nHost: example.com\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n5\r\na[b]=\r\n0\r\n\r\n",
		"POST /multi/1 HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=X\r\nContent-Length: 64\r\n\r\n--X\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\nv\r\n--X--\r\n",
		"GET /static/a.txt HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1,-2\r\nIf-None-Match: W/\"x\"\r\nIf-Modified-Since: Sat, 01 Jan 2000 00:00:00 GMT\r\n\r\n",
		"GET /static/%2e%2e/www-secret HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /admin HTTP/1.1\r\nHost: x\r\nAuthorization: Basic YWRtaW46cHc=\r\n\r\n",
		"GET /echo/1 HTTP/1.1\r\nHost: a:b@c:1\r\nX-Forwarded-For: 1.2.3.4, ::1\r\nAccept: text/html;q=0.5, */*;q=0\r\nAccept-Encoding: gzip;q=1, br\r\n\r\n",
		"PUT /echo/%ff HTTP/1.0\r\nX-HTTP-Method-Override: DELETE\r\nContent-Length: 1\r\n\r\nx",
	} {
		f.Add(seed)
	}
	// Over loopback TCP, not in memory: the client half-closes after the
	// input, so a request that announces more body than it sends ends
	// instead of waiting for the rest.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		f.Fatal(err)
	}
	srv := hardenedApp(f, f.TempDir()).Serve(l)
	f.Cleanup(func() { srv.Close() })
	s := &rawServer{t: f, ln: tcpDialer(l.Addr().String())}
	f.Fuzz(func(t *testing.T, raw string) {
		s.t = t
		resp, body := s.roundTrip(raw)
		if resp != nil && resp.StatusCode >= 500 && resp.StatusCode != 501 && resp.StatusCode != 505 {
			t.Fatalf("status %d for %q: %.300q", resp.StatusCode, raw, body)
		}
		if strings.Contains(body, "TOP-SECRET-FILE") {
			t.Fatalf("file outside the static root served for %q", raw)
		}
		resp, body = s.roundTrip("GET /echo/ok HTTP/1.1\r\nHost: example.com\r\nConnection: close\r\n\r\n")
		if resp == nil || resp.StatusCode != 200 || !strings.Contains(body, `"id":"ok"`) {
			t.Fatalf("after %q: the next request failed: %v %q", raw, resp, body)
		}
	})
}

type tcpDialer string

func (d tcpDialer) Dial() (net.Conn, error) { return net.Dial("tcp", string(d)) }
