package fast_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fwgo/fw/adaptor"
	"github.com/fwgo/fw/fast"
)

var _ http.Handler = (*fast.App)(nil)

// TestServeHTTP serves the same app through fasthttp and through net/http
// (HTTP/1.1 and HTTP/2 over TLS): what Express makes visible is the same.
func TestServeHTTP(t *testing.T) {
	t.Parallel()
	newApp := func() *fast.App {
		app := fast.New()
		app.Use(fast.Text())
		app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("X-Seen-Host", req.Hostname()).Set("X-Proto", req.Protocol()).Send("user " + req.Params().Get("id") + " " + req.OriginalURL())
		})
		app.Post("/echo", func(req *fast.Request, res *fast.Response, next fast.Next) {
			s, _ := req.Body().(string)
			res.Status(201).Type("json").Send(`{"got":"` + s + `"}`)
		})
		app.Get("/cookie", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Cookie("a", "1").Cookie("b", "2").SendStatus(204)
		})
		return app
	}
	cases := []struct {
		name, method, target string
		headers              []string
		status               int
		body                 string
		want                 map[string]string
	}{
		{name: "route with a parameter", method: "GET", target: "/user/42?x=1", headers: []string{"Host", "example.com"}, status: 200,
			body: "user 42 /user/42?x=1",
			want: map[string]string{"X-Powered-By": "fw", "Content-Type": "text/html; charset=utf-8", "Content-Length": "20", "X-Seen-Host": "example.com", "Etag": `W/"14-`}},
		{name: "body parser", method: "POST", target: "/echo", headers: []string{"Content-Type", "text/plain", "body", "hello"}, status: 201,
			body: `{"got":"hello"}`, want: map[string]string{"Content-Type": "application/json; charset=utf-8"}},
		{name: "final handler", method: "GET", target: "/nope", status: 404,
			body: "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /nope</pre>\n</body>\n</html>\n",
			want: map[string]string{"Content-Security-Policy": "default-src 'none'", "X-Content-Type-Options": "nosniff"}},
		{name: "HEAD of a GET route", method: "HEAD", target: "/user/7", status: 200, want: map[string]string{"Content-Length": "14"}},
		{name: "every Set-Cookie", method: "GET", target: "/cookie", status: 204, want: map[string]string{"Set-Cookie": "a=1; Path=/|b=2; Path=/"}},
	}
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, newApp())
			for _, tc := range cases {
				resp, body := fetch(t, c, tc.method, url+tc.target, tc.headers...)
				if resp.ProtoMajor != s.major {
					t.Errorf("%s: HTTP/%d, want HTTP/%d", tc.name, resp.ProtoMajor, s.major)
				}
				if resp.StatusCode != tc.status || body != tc.body {
					t.Errorf("%s: %d %q, want %d %q", tc.name, resp.StatusCode, body, tc.status, tc.body)
				}
				proto := "http"
				if s.major == 2 {
					proto = "https"
				}
				if tc.status == 200 && resp.Header.Get("X-Proto") != proto {
					t.Errorf("%s: req.protocol %q, want %q", tc.name, resp.Header.Get("X-Proto"), proto)
				}
				for k, v := range tc.want {
					got := strings.Join(resp.Header.Values(k), "|")
					if k == "Etag" {
						got, _, _ = strings.Cut(got, "-")
						v = strings.TrimSuffix(v, "-")
					}
					if got != v {
						t.Errorf("%s: %s = %q, want %q", tc.name, k, got, v)
					}
				}
			}
		})
	}
}

// TestServeHTTPContextCanceledOnDisconnect: through net/http, a client that
// goes away cancels the request's context, which handlers reach with
// adaptor.Context(req.Ctx()).
func TestServeHTTPContextCanceledOnDisconnect(t *testing.T) {
	t.Parallel()
	for _, s := range httpServers[1:] {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			started := make(chan struct{})
			canceled := make(chan error, 1)
			app := fast.New()
			app.Get("/slow", func(req *fast.Request, res *fast.Response, next fast.Next) {
				ctx := adaptor.Context(req.Ctx())
				close(started)
				select {
				case <-ctx.Done():
					canceled <- ctx.Err()
				case <-time.After(15 * time.Second):
					canceled <- nil
				}
				res.Send("late")
			})
			c, url := s.start(t, app)
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, "GET", url+"/slow", nil)
			errc := make(chan error, 1)
			go func() {
				resp, err := c.Do(req)
				if err == nil {
					resp.Body.Close()
				}
				errc <- err
			}()
			<-started
			cancel()
			if err := <-canceled; err != context.Canceled {
				t.Errorf("handler's context ended with %v, want context.Canceled", err)
			}
			<-errc
		})
	}
}

// TestServeHTTPStreamsEvents: a response body stream (server-sent events
// written and flushed by a fasthttp stream writer) reaches a net/http
// client event by event: the second event is written only after the client
// read the first.
func TestServeHTTPStreamsEvents(t *testing.T) {
	t.Parallel()
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			gate := make(chan struct{})
			app := fast.New()
			app.Get("/events", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/event-stream").Set("Cache-Control", "no-cache")
				req.Ctx().SetBodyStreamWriter(func(w *bufio.Writer) {
					for i := 1; i <= 3; i++ {
						fmt.Fprintf(w, "data: event %d\n\n", i)
						if w.Flush() != nil {
							return
						}
						if i < 3 {
							select {
							case <-gate:
							case <-time.After(15 * time.Second):
								return
							}
						}
					}
				})
			})
			c, url := s.start(t, app)
			resp, err := c.Get(url + "/events")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			br := bufio.NewReader(resp.Body)
			for i := 1; i <= 3; i++ {
				line, err := br.ReadString('\n')
				if err != nil {
					t.Fatalf("event %d: %v", i, err)
				}
				if want := fmt.Sprintf("data: event %d\n", i); line != want {
					t.Fatalf("event %d: %q, want %q", i, line, want)
				}
				br.ReadString('\n')
				if i < 3 {
					gate <- struct{}{} // the next event exists only now
				}
			}
		})
	}
}

// TestServeHTTPConcurrent runs many concurrent requests through both
// servers; every answer must be built from its own request only (pooled
// contexts, params, headers, cookies and bodies).
func TestServeHTTPConcurrent(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(fast.Text())
	app.Post("/item/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		body, _ := req.Body().(string)
		res.Set("X-Id", req.Get("X-Id")).Send(req.Params().Get("id") + "|" + req.Get("Cookie") + "|" + body)
	})
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, app)
			var wg sync.WaitGroup
			for w := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range 40 {
						id := fmt.Sprintf("%d-%d", w, i)
						resp, body := fetch(t, c, "POST", url+"/item/"+id, "X-Id", id, "Cookie", "sid="+id,
							"Content-Type", "text/plain", "body", strings.Repeat(id, 1+i%7))
						if want := id + "|sid=" + id + "|" + strings.Repeat(id, 1+i%7); body != want || resp.Header.Get("X-Id") != id {
							t.Errorf("request %s: %q X-Id %q, want %q", id, body, resp.Header.Get("X-Id"), want)
							return
						}
					}
				}()
			}
			wg.Wait()
		})
	}
}

// countingBody is a request body of n bytes that counts what was read.
type countingBody struct {
	n, read int
}

func (b *countingBody) Read(p []byte) (int, error) {
	if b.read >= b.n {
		return 0, io.EOF
	}
	m := min(len(p), b.n-b.read)
	for i := range p[:m] {
		p[i] = 'a'
	}
	b.read += m
	return m, nil
}

func (b *countingBody) Close() error { return nil }

// TestServeHTTPBodyNotBuffered: through ServeHTTP the request body is
// streamed to the body parsers, which stop at their limit (413), and a
// route that does not read the body leaves it unread: nothing is buffered
// beyond what the parsers take.
func TestServeHTTPBodyNotBuffered(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Post("/limited", fast.Text(fast.TextConfig{Limit: "1kb"}), func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("parsed")
	})
	app.Post("/ignored", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("ignored")
	})
	const size = 64 << 20
	cases := []struct {
		path   string
		status int
		chunk  bool
	}{
		{"/limited", 413, false},
		{"/limited", 413, true},
		{"/ignored", 200, false},
		{"/ignored", 200, true},
	}
	for _, tc := range cases {
		body := &countingBody{n: size}
		req := httptest.NewRequest("POST", tc.path, nil)
		req.Body = body
		req.ContentLength = size
		if tc.chunk {
			req.ContentLength = -1
			req.TransferEncoding = []string{"chunked"}
		}
		req.Header.Set("Content-Type", "text/plain")
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		if rec.Code != tc.status {
			t.Errorf("%s chunked=%v: %d, want %d", tc.path, tc.chunk, rec.Code, tc.status)
		}
		// The parser reads its limit (1 KiB) at most a read buffer beyond;
		// the drain after the response looks at one more buffer.
		if body.read > 64<<10 {
			t.Errorf("%s chunked=%v: %d bytes of the body were read, want at most 64 KiB", tc.path, tc.chunk, body.read)
		}
	}
}
