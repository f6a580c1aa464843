package adaptor

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

func TestRequestAccessor(t *testing.T) {
	t.Parallel()
	m := FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r2 := r.Clone(r.Context())
			r2.Header.Set("X-Mw", "1")
			next.ServeHTTP(w, r2)
		})
	})
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			report := make(chan string, 1)
			c, url := s.start(t, func(ctx *fasthttp.RequestCtx) {
				describe := func(r *http.Request) string {
					if r == nil {
						return "nil"
					}
					return fmt.Sprintf("%s mw=%q", r.RequestURI, r.Header.Get("X-Mw"))
				}
				before := describe(Request(ctx))
				var inside string
				m.Serve(ctx, func(ctx *fasthttp.RequestCtx) {
					inside = describe(Request(ctx))
					ctx.SetBodyString("x")
				})
				after := describe(Request(ctx))
				// The response is complete when Serve returns: report aside.
				report <- before + " | " + inside + " | " + after
			})
			do(t, c, newReq(t, "GET", url+"/p?q=1", nil))
			outer := `/p?q=1 mw=""`
			if s.native {
				outer = "nil"
			}
			want := outer + ` | /p?q=1 mw="1" | ` + outer
			if got := <-report; got != want {
				t.Errorf("Request(ctx) before | in the downstream | after = %q, want %q", got, want)
			}
		})
	}
}

func TestBridgesAnswerHEAD(t *testing.T) {
	t.Parallel()
	fromHTTP := FromHTTP(http.HandlerFunc(plainHello))
	mw := FromMiddleware(passThrough)
	for _, s := range servers {
		for name, h := range map[string]fasthttp.RequestHandler{
			"FromHTTP":   fromHTTP,
			"Middleware": mw.Handler(fastHello),
		} {
			t.Run(s.name+"/"+name, func(t *testing.T) {
				t.Parallel()
				c, url := s.start(t, h)
				resp, body := do(t, c, newReq(t, "HEAD", url+"/hello", nil))
				if resp.StatusCode != 200 || body != "" || resp.Header.Get("Content-Length") != "13" {
					t.Errorf("got %d %q, Content-Length %q", resp.StatusCode, body, resp.Header.Get("Content-Length"))
				}
			})
		}
	}
}

func TestServerExpectContinue(t *testing.T) {
	t.Parallel()
	s := &Server{MaxRequestBodySize: 10, Handler: func(ctx *fasthttp.RequestCtx) {
		fmt.Fprintf(ctx, "got %q", ctx.PostBody())
	}}
	_, url := startHTTP1(t, s)
	addr := strings.TrimPrefix(url, "http://")
	send := func(t *testing.T, length int) (*bufio.Reader, net.Conn) {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		fmt.Fprintf(conn, "POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: %d\r\n\r\n", length)
		return bufio.NewReader(conn), conn
	}
	t.Run("body within the limit is asked for", func(t *testing.T) {
		t.Parallel()
		br, conn := send(t, 5)
		line, _ := br.ReadString('\n')
		if line != "HTTP/1.1 100 Continue\r\n" {
			t.Fatalf("first line %q", line)
		}
		br.ReadString('\n')
		io.WriteString(conn, "hello")
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || string(b) != `got "hello"` {
			t.Errorf("%d %q", resp.StatusCode, b)
		}
	})
	t.Run("body over the limit is refused without 100 Continue", func(t *testing.T) {
		t.Parallel()
		br, _ := send(t, 100)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != 400 || !resp.Close {
			t.Errorf("status %d, close %v", resp.StatusCode, resp.Close)
		}
	})
}

func TestServerTimeoutHandler(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	slow := func(ctx *fasthttp.RequestCtx) {
		<-release
		ctx.SetBodyString("too late")
	}
	c, url := startHTTP1(t, ToHTTP(fasthttp.TimeoutHandler(slow, 20*time.Millisecond, "timed out")))
	resp, body := do(t, c, newReq(t, "GET", url, nil))
	close(release)
	if resp.StatusCode != fasthttp.StatusRequestTimeout || body != "timed out" {
		t.Errorf("got %d %q", resp.StatusCode, body)
	}
	// The abandoned RequestCtx is not reused: later requests are clean.
	for range 5 {
		if resp, body := do(t, c, newReq(t, "GET", url, nil)); resp.StatusCode != 200 || body != "too late" {
			t.Errorf("later request: %d %q", resp.StatusCode, body)
		}
	}
}

func TestServerRefusesHijack(t *testing.T) {
	t.Parallel()
	c, url := startHTTP1(t, ToHTTP(func(ctx *fasthttp.RequestCtx) {
		if string(ctx.Path()) == "/ok" {
			ctx.SetBodyString("ok")
			return
		}
		ctx.Hijack(func(net.Conn) {})
	}))
	if resp, err := c.Get(url + "/ws"); err == nil {
		resp.Body.Close()
		t.Errorf("hijacking request answered %d; want the connection closed", resp.StatusCode)
	}
	if _, body := do(t, c, newReq(t, "GET", url+"/ok", nil)); body != "ok" {
		t.Errorf("next request: %q", body)
	}
}
