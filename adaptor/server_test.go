package adaptor

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

// describe reports what a fasthttp handler sees of its request, one
// "name=value" line each.
func describe(ctx *fasthttp.RequestCtx) string {
	var b strings.Builder
	fmt.Fprintf(&b, "method=%s\n", ctx.Method())
	fmt.Fprintf(&b, "uri=%s\n", ctx.RequestURI())
	fmt.Fprintf(&b, "path=%s\n", ctx.Path())
	fmt.Fprintf(&b, "query=%s\n", ctx.QueryArgs().String())
	fmt.Fprintf(&b, "proto=%s\n", ctx.Request.Header.Protocol())
	fmt.Fprintf(&b, "host=%s\n", ctx.Host())
	fmt.Fprintf(&b, "tls=%v scheme=%s\n", ctx.IsTLS(), ctx.URI().Scheme())
	var dup []string
	for _, v := range ctx.Request.Header.PeekAll("X-Dup") {
		dup = append(dup, string(v))
	}
	fmt.Fprintf(&b, "x-dup=%q\n", dup)
	fmt.Fprintf(&b, "cookie a=%s b=%s\n", ctx.Request.Header.Cookie("a"), ctx.Request.Header.Cookie("b"))
	var order []string
	for k := range ctx.Request.Header.All() {
		order = append(order, string(k))
	}
	fmt.Fprintf(&b, "order=%s\n", strings.Join(order, ","))
	ip := ctx.RemoteIP()
	fmt.Fprintf(&b, "remote-loopback=%v local-loopback=%v\n", ip.IsLoopback(), ctx.LocalIP().IsLoopback())
	fmt.Fprintf(&b, "body=%q\n", ctx.PostBody())
	return b.String()
}

func TestServerRequest(t *testing.T) {
	t.Parallel()
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			c, url := p.start(t, ToHTTP(func(ctx *fasthttp.RequestCtx) {
				ctx.SetBodyString(describe(ctx))
			}))
			req := newReq(t, "POST", url+"/a/../b%2Fc/%7euser?x=1&x=2&y", strings.NewReader("payload"))
			req.Header.Add("X-Dup", "one")
			req.Header.Add("X-Dup", "two")
			req.Header.Set("Cookie", "a=1; b=2")
			req.Header.Set("User-Agent", "adaptor-test")
			_, body := do(t, c, req)
			host := strings.TrimPrefix(strings.TrimPrefix(url, "http://"), "https://")
			scheme := "http"
			if p.tls {
				scheme = "https"
			}
			proto := "HTTP/1.1"
			if p.major == 2 {
				proto = "HTTP/2.0"
			}
			want := strings.Join([]string{
				"method=POST",
				"uri=/a/../b%2Fc/%7euser?x=1&x=2&y",
				"path=/b/c/~user", // fasthttp.Server decodes Path the same way
				"query=x=1&x=2&y",
				"proto=" + proto,
				"host=" + host,
				fmt.Sprintf("tls=%v scheme=%s", p.tls, scheme),
				`x-dup=["one" "two"]`,
				"cookie a=1 b=2",
				// fasthttp lists its special fields first, then the others
				// in the order added: sorted, as net/http keeps no order.
				"order=Host,Content-Length,User-Agent,Cookie,Accept-Encoding,X-Dup,X-Dup",
				"remote-loopback=true local-loopback=true",
				`body="payload"`,
				"",
			}, "\n")
			if body != want {
				t.Errorf("handler saw\n%s\nwant\n%s", body, want)
			}
		})
	}
}

func TestServerResponse(t *testing.T) {
	t.Parallel()
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			c, url := p.start(t, ToHTTP(func(ctx *fasthttp.RequestCtx) {
				ctx.SetStatusCode(fasthttp.StatusCreated)
				ctx.Response.Header.Set("X-One", "1")
				ctx.Response.Header.Add("X-Multi", "a")
				ctx.Response.Header.Add("X-Multi", "b")
				ctx.Response.Header.Add("Set-Cookie", "s1=v1; Path=/")
				ctx.Response.Header.Add("Set-Cookie", "s2=v2; HttpOnly")
				var ck fasthttp.Cookie
				ck.SetKey("s3")
				ck.SetValue("v3")
				ctx.Response.Header.SetCookie(&ck)
				ctx.SetContentType("application/json; charset=utf-8")
				ctx.SetBodyString(`{"ok":true}`)
			}))
			resp, body := do(t, c, newReq(t, "GET", url+"/", nil))
			if resp.StatusCode != 201 {
				t.Errorf("status %d, want 201", resp.StatusCode)
			}
			if body != `{"ok":true}` {
				t.Errorf("body %q", body)
			}
			if got := resp.Header.Get("Content-Type"); got != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q", got)
			}
			if resp.ContentLength != int64(len(`{"ok":true}`)) {
				t.Errorf("ContentLength %d", resp.ContentLength)
			}
			if got := resp.Header.Values("X-Multi"); strings.Join(got, ",") != "a,b" {
				t.Errorf("X-Multi %q", got)
			}
			if got := resp.Header.Values("Set-Cookie"); strings.Join(got, " | ") != "s1=v1; Path=/ | s2=v2; HttpOnly | s3=v3" {
				t.Errorf("Set-Cookie %q", got)
			}
			if resp.Header.Get("Date") == "" {
				t.Error("no Date")
			}
			if resp.Header.Get("Server") != "" {
				t.Errorf("Server %q, want none", resp.Header.Get("Server"))
			}
		})
	}
}

func TestServerContentType(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		noDefault bool
		body      string
		set       string
		want      []string // nil: no Content-Type field at all
	}{
		{name: "default type for a body", body: "<p>hi", want: []string{"text/plain; charset=utf-8"}},
		{name: "no type for an empty body", body: "", want: nil},
		{name: "no sniffing when the default is off", noDefault: true, body: "<html><p>hi", want: nil},
		{name: "explicit type kept", noDefault: true, body: "x", set: "text/css", want: []string{"text/css"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := &Server{NoDefaultContentType: tc.noDefault, Handler: func(ctx *fasthttp.RequestCtx) {
				if tc.set != "" {
					ctx.SetContentType(tc.set)
				}
				ctx.SetBodyString(tc.body)
			}}
			c, url := startHTTP1(t, s)
			resp, body := do(t, c, newReq(t, "GET", url, nil))
			if body != tc.body {
				t.Errorf("body %q", body)
			}
			got := resp.Header.Values("Content-Type")
			if strings.Join(got, ",") != strings.Join(tc.want, ",") || (got == nil) != (tc.want == nil) {
				t.Errorf("Content-Type %q, want %q", got, tc.want)
			}
		})
	}
}

func TestServerBodilessResponses(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method string
		status       int
		wantLength   string
	}{
		{name: "HEAD keeps the length of the body it would send", method: "HEAD", status: 200, wantLength: "5"},
		{name: "204 sends no body", method: "GET", status: 204, wantLength: ""},
		{name: "304 sends no body", method: "GET", status: 304, wantLength: ""},
	}
	for _, p := range protocols {
		for _, tc := range tests {
			t.Run(p.name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				c, url := p.start(t, ToHTTP(func(ctx *fasthttp.RequestCtx) {
					ctx.SetStatusCode(tc.status)
					if tc.status == 200 {
						ctx.SetBodyString("hello")
					}
				}))
				resp, body := do(t, c, newReq(t, tc.method, url, nil))
				if resp.StatusCode != tc.status || body != "" {
					t.Errorf("got %d %q, want %d and no body", resp.StatusCode, body, tc.status)
				}
				if got := resp.Header.Get("Content-Length"); got != tc.wantLength {
					t.Errorf("Content-Length %q, want %q", got, tc.wantLength)
				}
			})
		}
	}
}

func TestServerRequestBody(t *testing.T) {
	t.Parallel()
	// sizes is the handler's report of the body it read.
	report := func(ctx *fasthttp.RequestCtx) {
		var n int
		var sum byte
		if s := ctx.RequestBodyStream(); s != nil {
			buf := make([]byte, 1000)
			for {
				m, err := s.Read(buf)
				for _, c := range buf[:m] {
					sum += c
				}
				n += m
				if err != nil {
					break
				}
			}
			fmt.Fprintf(ctx, "stream n=%d sum=%d cl=%d", n, sum, ctx.Request.Header.ContentLength())
			return
		}
		for _, c := range ctx.PostBody() {
			sum += c
		}
		fmt.Fprintf(ctx, "buffered n=%d sum=%d cl=%d", len(ctx.PostBody()), sum, ctx.Request.Header.ContentLength())
	}
	payload := bytes.Repeat([]byte("0123456789"), 100_000) // 1 MB
	var sum byte
	for _, c := range payload {
		sum += c
	}
	tests := []struct {
		name    string
		server  *Server
		chunked bool // send without a length
		want    string
		status  int
	}{
		{name: "buffered with length", server: &Server{Handler: report},
			want: fmt.Sprintf("buffered n=1000000 sum=%d cl=1000000", sum), status: 200},
		{name: "buffered chunked", server: &Server{Handler: report}, chunked: true,
			want: fmt.Sprintf("buffered n=1000000 sum=%d cl=-1", sum), status: 200},
		{name: "streamed with length", server: &Server{Handler: report, StreamRequestBody: true},
			want: fmt.Sprintf("stream n=1000000 sum=%d cl=1000000", sum), status: 200},
		{name: "streamed chunked", server: &Server{Handler: report, StreamRequestBody: true}, chunked: true,
			want: fmt.Sprintf("stream n=1000000 sum=%d cl=-1", sum), status: 200},
		{name: "over the limit gets fasthttp's default answer", server: &Server{Handler: report, MaxRequestBodySize: 1000},
			want: "Error when parsing request", status: 400},
		{name: "over the limit, chunked", server: &Server{Handler: report, MaxRequestBodySize: 1000}, chunked: true,
			want: "Error when parsing request", status: 400},
		{name: "over the limit answered by the caller's error handler", server: &Server{Handler: report, MaxRequestBodySize: 1000,
			ErrorHandler: func(ctx *fasthttp.RequestCtx, err error) {
				if err == fasthttp.ErrBodyTooLarge {
					ctx.Error("Payload Too Large", fasthttp.StatusRequestEntityTooLarge)
					return
				}
				ctx.Error(err.Error(), 500)
			}},
			want: "Payload Too Large", status: 413},
	}
	for _, p := range protocols {
		for _, tc := range tests {
			t.Run(p.name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				c, url := p.start(t, tc.server)
				var body io.Reader = bytes.NewReader(payload)
				if tc.chunked {
					body = io.MultiReader(body) // unknown length
				}
				resp, got := do(t, c, newReq(t, "PUT", url, body))
				if resp.StatusCode != tc.status || got != tc.want {
					t.Errorf("got %d %q, want %d %q", resp.StatusCode, got, tc.status, tc.want)
				}
			})
		}
	}
}

func TestServerStreamsEventsAsWritten(t *testing.T) {
	t.Parallel()
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			next := make(chan struct{})
			c, url := p.start(t, ToHTTP(func(ctx *fasthttp.RequestCtx) {
				ctx.SetContentType("text/event-stream")
				ctx.Response.Header.Set("Cache-Control", "no-cache")
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
			}))
			resp, err := c.Get(url + "/events")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
				t.Errorf("Content-Type %q", ct)
			}
			if resp.ContentLength != -1 {
				t.Errorf("ContentLength %d, want unknown", resp.ContentLength)
			}
			r := bufio.NewReader(resp.Body)
			for i := range 3 {
				// The writer waits for next before the following event, so
				// reading event i proves it was flushed on its own.
				ev := readEvent(t, r)
				if want := fmt.Sprintf("id: %d\ndata: event %d\n", i, i); ev != want {
					t.Fatalf("event %d = %q, want %q", i, ev, want)
				}
				next <- struct{}{}
			}
			if rest, _ := io.ReadAll(r); len(rest) != 0 {
				t.Errorf("trailing data %q", rest)
			}
		})
	}
}

// readEvent reads one server-sent event (up to its blank line), failing the
// test if it takes more than five seconds.
func readEvent(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	type result struct {
		s   string
		err error
	}
	ch := make(chan result, 1)
	go func() {
		var b strings.Builder
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				ch <- result{b.String(), err}
				return
			}
			if line == "\n" {
				ch <- result{b.String(), nil}
				return
			}
			b.WriteString(line)
		}
	}()
	select {
	case res := <-ch:
		if res.err != nil {
			t.Fatalf("reading event: %v (got %q)", res.err, res.s)
		}
		return res.s
	case <-time.After(5 * time.Second):
		t.Fatal("event not received: the stream is buffered")
		return ""
	}
}

func TestServerClientDisconnectCancelsContext(t *testing.T) {
	t.Parallel()
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			started := make(chan struct{})
			canceled := make(chan error, 1)
			c, url := p.start(t, ToHTTP(func(ctx *fasthttp.RequestCtx) {
				done := Context(ctx).Done()
				close(started)
				select {
				case <-done:
					canceled <- Context(ctx).Err()
				case <-time.After(10 * time.Second):
					canceled <- nil
				}
			}))
			reqCtx, cancel := context.WithCancel(context.Background())
			req := newReq(t, "GET", url, nil).WithContext(reqCtx)
			go func() {
				<-started
				cancel()
			}()
			if resp, err := c.Do(req); err == nil {
				resp.Body.Close()
				t.Fatal("request succeeded after cancel")
			}
			if err := <-canceled; err != context.Canceled {
				t.Errorf("handler context error %v, want context.Canceled", err)
			}
		})
	}
}

func TestServerUnderNetHTTPMiddleware(t *testing.T) {
	t.Parallel()
	type key struct{}
	app := ToHTTP(func(ctx *fasthttp.RequestCtx) {
		ctx.Response.Header.Set("X-Inner", "1")
		ctx.Response.Header.Set("X-Shared", "inner")
		v, _ := Context(ctx).Value(key{}).(string)
		fmt.Fprintf(ctx, "uri=%s value=%s", ctx.RequestURI(), v)
	})
	outer := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Outer", "1")
			w.Header().Set("X-Shared", "outer")
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), key{}, "from outer")))
		})
	}
	mux := http.NewServeMux()
	mux.Handle("/api/", outer(http.StripPrefix("/api", app)))
	c, url := startHTTP1(t, mux)
	resp, body := do(t, c, newReq(t, "GET", url+"/api/users/7?x=1", nil))
	if body != "uri=/users/7?x=1 value=from outer" {
		t.Errorf("body %q", body)
	}
	for k, want := range map[string]string{"X-Outer": "1", "X-Inner": "1", "X-Shared": "inner"} {
		if got := strings.Join(resp.Header.Values(k), ","); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
}

func TestServerStreamFailureAbortsResponse(t *testing.T) {
	t.Parallel()
	for _, p := range protocols {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			c, url := p.start(t, ToHTTP(func(ctx *fasthttp.RequestCtx) {
				ctx.SetBodyStream(io.MultiReader(strings.NewReader("partial"), errReader{}), -1)
			}))
			resp, err := c.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			if err == nil {
				t.Errorf("body %q read cleanly; want the stream cut short", b)
			}
		})
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, fmt.Errorf("backend failed") }

func TestServerHandsRawTargetsAsSent(t *testing.T) {
	t.Parallel()
	app := ToHTTP(func(ctx *fasthttp.RequestCtx) { ctx.Write(ctx.RequestURI()) })
	c, url := startHTTP1(t, app)
	for _, target := range []string{"//double//slash", "/a/./b/../c", "/%2e%2e/x", "/caf%C3%A9?q=%20+"} {
		conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", target)
		resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		conn.Close()
		if string(b) != target {
			t.Errorf("handler saw %q, client sent %q", b, target)
		}
	}
	_ = c
}
