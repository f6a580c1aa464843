package fast

import (
	"bufio"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"
)

// newRequestCtx returns a RequestCtx for method and target, as a server
// would hand one to the app.
func newRequestCtx(method, target string) *fasthttp.RequestCtx {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(target)
	req.Header.SetHost("example.com")
	ctx := &fasthttp.RequestCtx{}
	ctx.Init(&req, nil, nil)
	return ctx
}

// testResponse is a response as it came over the wire.
type testResponse struct {
	status  int
	reason  string
	headers [][2]string
	body    string
}

// header returns the first value of a header, matched case-insensitively.
func (r *testResponse) header(name string) string {
	for _, h := range r.headers {
		if strings.EqualFold(h[0], name) {
			return h[1]
		}
	}
	return ""
}

func (r *testResponse) has(name string) bool {
	for _, h := range r.headers {
		if strings.EqualFold(h[0], name) {
			return true
		}
	}
	return false
}

// testServer serves an app in memory, as supertest does for Express.
type testServer struct {
	t   testing.TB
	ln  *fasthttputil.InmemoryListener
	srv *Server
}

func serveTest(t testing.TB, app *App) *testServer {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	s := &testServer{t: t, ln: ln, srv: app.Serve(ln)}
	t.Cleanup(func() { s.srv.Close() })
	return s
}

// do sends one request; headers alternate names and values; a "body"
// pseudo-header sets the request body.
func (s *testServer) do(method, target string, headers ...string) *testResponse {
	s.t.Helper()
	conn, err := s.ln.Dial()
	if err != nil {
		s.t.Fatal(err)
	}
	defer conn.Close()
	var b strings.Builder
	b.WriteString(method + " " + target + " HTTP/1.1\r\nHost: example.com\r\n")
	body := ""
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i] == "body" {
			body = headers[i+1]
			continue
		}
		b.WriteString(headers[i] + ": " + headers[i+1] + "\r\n")
	}
	if body != "" {
		b.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n")
	}
	b.WriteString("Connection: close\r\n\r\n" + body)
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(conn, b.String()); err != nil {
		s.t.Fatal(err)
	}
	return readResponse(s.t, conn, method == "HEAD")
}

func readResponse(t testing.TB, conn net.Conn, head bool) *testResponse {
	t.Helper()
	br := bufio.NewReader(conn)
	line, err := br.ReadString('\n')
	if err != nil {
		t.Fatalf("reading status line: %v", err)
	}
	line = strings.TrimRight(line, "\r\n")
	parts := strings.SplitN(line, " ", 3)
	r := &testResponse{}
	r.status, _ = strconv.Atoi(parts[1])
	if len(parts) > 2 {
		r.reason = parts[2]
	}
	for {
		l, err := br.ReadString('\n')
		if err != nil {
			t.Fatalf("reading headers: %v", err)
		}
		l = strings.TrimRight(l, "\r\n")
		if l == "" {
			break
		}
		k, v, _ := strings.Cut(l, ":")
		r.headers = append(r.headers, [2]string{k, strings.TrimSpace(v)})
	}
	if head || r.status == 204 || r.status == 304 {
		return r
	}
	if cl := r.header("Content-Length"); cl != "" {
		n, _ := strconv.Atoi(cl)
		buf := make([]byte, n)
		if _, err := io.ReadFull(br, buf); err != nil {
			t.Fatalf("reading body: %v", err)
		}
		r.body = string(buf)
		return r
	}
	rest, _ := io.ReadAll(br)
	r.body = string(rest)
	return r
}

// expect checks status and body.
func (r *testResponse) expect(t testing.TB, status int, body string) {
	t.Helper()
	if r.status != status || r.body != body {
		t.Errorf("got %d %q, want %d %q", r.status, r.body, status, body)
	}
}

func TestSmoke(t *testing.T) {
	t.Parallel()
	app := New()
	app.Get("/", func(req *Request, res *Response, next Next) {
		res.Send("Hello World")
	})
	app.Get("/user/:id", func(req *Request, res *Response, next Next) {
		res.Send("user " + req.Params().Get("id"))
	})
	s := serveTest(t, app)
	r := s.do("GET", "/")
	r.expect(t, 200, "Hello World")
	for k, want := range map[string]string{
		"Content-Type":   "text/html; charset=utf-8",
		"Content-Length": "11",
		"ETag":           `W/"b-Ck1VqNd45QIvq3AZd8XYQLvEhtA"`,
		"X-Powered-By":   "fw",
	} {
		if got := r.header(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	s.do("GET", "/user/a%2Fb").expect(t, 200, "user a/b")
	r = s.do("HEAD", "/")
	r.expect(t, 200, "")
	if r.header("Content-Length") != "11" {
		t.Errorf("HEAD Content-Length = %q, want 11", r.header("Content-Length"))
	}
}
