package adaptor

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
)

func TestFromHTTPRequest(t *testing.T) {
	t.Parallel()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			t.Error(err)
		}
		fmt.Fprintf(w, "method=%s\n", r.Method)
		fmt.Fprintf(w, "uri=%s\n", r.RequestURI)
		fmt.Fprintf(w, "path=%s rawpath=%s query=%s\n", r.URL.Path, r.URL.RawPath, r.URL.RawQuery)
		fmt.Fprintf(w, "host=%v\n", r.Host != "")
		fmt.Fprintf(w, "x-dup=%q\n", r.Header.Values("X-Dup"))
		fmt.Fprintf(w, "has-host-field=%v\n", r.Header.Get("Host") != "")
		c, _ := r.Cookie("b")
		fmt.Fprintf(w, "cookie b=%s\n", c.Value)
		fmt.Fprintf(w, "remote-loopback=%v\n", strings.HasPrefix(r.RemoteAddr, "127.0.0.1:"))
		fmt.Fprintf(w, "length=%d body=%q\n", r.ContentLength, body)
	})
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, FromHTTP(h))
			req := newReq(t, "POST", url+"/a/../b%2Fc?x=1&y", strings.NewReader("payload"))
			req.Header.Add("X-Dup", "one")
			req.Header.Add("X-Dup", "two")
			req.Header.Set("Cookie", "a=1; b=2")
			_, got := do(t, c, req)
			want := strings.Join([]string{
				"method=POST",
				"uri=/a/../b%2Fc?x=1&y",
				"path=/a/../b/c rawpath=/a/../b%2Fc query=x=1&y",
				"host=true",
				`x-dup=["one" "two"]`,
				"has-host-field=false",
				"cookie b=2",
				"remote-loopback=true",
				`length=7 body="payload"`,
				"",
			}, "\n")
			if got != want {
				t.Errorf("handler saw\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func TestFromHTTPResponse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		handler http.HandlerFunc
		status  int
		header  map[string]string // "" means absent
		body    string
	}{
		{
			name: "status, fields, cookies and body",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Add("X-Multi", "a")
				w.Header().Add("X-Multi", "b")
				http.SetCookie(w, &http.Cookie{Name: "s1", Value: "v1"})
				http.SetCookie(w, &http.Cookie{Name: "s2", Value: "v2", HttpOnly: true})
				w.WriteHeader(http.StatusAccepted)
				io.WriteString(w, `{"a":1}`)
			},
			status: 202,
			header: map[string]string{"Content-Type": "application/json", "X-Multi": "a,b", "Set-Cookie": "s1=v1,s2=v2; HttpOnly", "Content-Length": "7"},
			body:   `{"a":1}`,
		},
		{
			name: "content type sniffed as net/http does",
			handler: func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, "<!DOCTYPE html><p>hi")
			},
			status: 200,
			header: map[string]string{"Content-Type": "text/html; charset=utf-8"},
			body:   "<!DOCTYPE html><p>hi",
		},
		{
			name: "a nil content type suppresses sniffing",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.Header()["Content-Type"] = nil
				io.WriteString(w, "<!DOCTYPE html><p>hi")
			},
			status: 200,
			header: map[string]string{"Content-Type": ""},
			body:   "<!DOCTYPE html><p>hi",
		},
		{
			name:    "no write is an empty 200",
			handler: func(w http.ResponseWriter, r *http.Request) {},
			status:  200,
			header:  map[string]string{"Content-Length": "0", "Content-Type": ""},
		},
		{
			name: "204 has no body",
			handler: func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(204)
				if _, err := w.Write([]byte("x")); !errors.Is(err, http.ErrBodyNotAllowed) {
					panic(fmt.Sprintf("write to 204: %v", err))
				}
			},
			status: 204,
		},
	}
	for _, s := range servers {
		for _, tc := range tests {
			t.Run(s.name+"/"+tc.name, func(t *testing.T) {
				t.Parallel()
				c, url := s.start(t, FromHTTP(tc.handler))
				resp, body := do(t, c, newReq(t, "GET", url, nil))
				if resp.StatusCode != tc.status || body != tc.body {
					t.Errorf("got %d %q, want %d %q", resp.StatusCode, body, tc.status, tc.body)
				}
				for k, want := range tc.header {
					if got := strings.Join(resp.Header.Values(k), ","); got != want {
						t.Errorf("%s = %q, want %q", k, got, want)
					}
				}
			})
		}
	}
}

func TestFromHTTPSeesUpstreamHeaders(t *testing.T) {
	t.Parallel()
	h := FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "upstream=%s", w.Header().Get("X-Powered-By"))
		w.Header().Set("X-Handler", "1")
	}))
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, func(ctx *fasthttp.RequestCtx) {
				ctx.Response.Header.Set("X-Powered-By", "Express")
				h(ctx)
			})
			resp, body := do(t, c, newReq(t, "GET", url, nil))
			if body != "upstream=Express" || resp.Header.Get("X-Powered-By") != "Express" {
				t.Errorf("body %q, X-Powered-By %q", body, resp.Header.Get("X-Powered-By"))
			}
		})
	}
}

// sse writes three events, each flushed and then held until next lets it
// go on, so a client can only read event i if it was flushed on its own.
func sse(next <-chan struct{}) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/again" {
			io.WriteString(w, "again")
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for i := range 3 {
			fmt.Fprintf(w, "id: %d\ndata: event %d\n\n", i, i)
			if err := rc.Flush(); err != nil {
				panic(fmt.Sprintf("flush: %v", err))
			}
			select {
			case <-next:
			case <-r.Context().Done():
				return
			case <-time.After(10 * time.Second):
				return
			}
		}
	}
}

func readEvents(t *testing.T, c *http.Client, url string, next chan<- struct{}) *http.Response {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("Content-Type %q", ct)
	}
	r := bufio.NewReader(resp.Body)
	for i := range 3 {
		ev := readEvent(t, r)
		if want := fmt.Sprintf("id: %d\ndata: event %d\n", i, i); ev != want {
			t.Fatalf("event %d = %q, want %q", i, ev, want)
		}
		next <- struct{}{}
	}
	if rest, err := io.ReadAll(r); len(rest) != 0 || err != nil {
		t.Errorf("after the events: %q, %v", rest, err)
	}
	return resp
}

func TestFromHTTPStreamsFlushes(t *testing.T) {
	t.Parallel()
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			next := make(chan struct{})
			c, url := s.start(t, FromHTTP(sse(next)))
			readEvents(t, c, url, next)
			// The connection stays usable after a streamed response.
			resp, body := do(t, c, newReq(t, "GET", url+"/again", nil))
			if resp.StatusCode != 200 || body != "again" {
				t.Errorf("second request: %d %q", resp.StatusCode, body)
			}
		})
	}
}

func TestFromHTTPContextEnds(t *testing.T) {
	t.Parallel()
	for _, s := range servers {
		t.Run(s.name+"/when the handler returns", func(t *testing.T) {
			t.Parallel()
			kept := make(chan context.Context, 1)
			c, url := s.start(t, FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				kept <- r.Context()
			})))
			do(t, c, newReq(t, "GET", url, nil))
			ctx := <-kept
			select {
			case <-ctx.Done():
			case <-time.After(5 * time.Second):
				t.Fatal("request context still live after the response")
			}
		})
		t.Run(s.name+"/when the client goes away mid-stream", func(t *testing.T) {
			t.Parallel()
			canceled := make(chan struct{})
			c, url := s.start(t, FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				rc := http.NewResponseController(w)
				for {
					if _, err := io.WriteString(w, "data: tick\n\n"); err != nil {
						break
					}
					if err := rc.Flush(); err != nil {
						break
					}
					select {
					case <-r.Context().Done():
						close(canceled)
						return
					case <-time.After(20 * time.Millisecond):
					}
				}
				select {
				case <-r.Context().Done():
					close(canceled)
				case <-time.After(5 * time.Second):
				}
			})))
			resp, err := c.Get(url)
			if err != nil {
				t.Fatal(err)
			}
			bufio.NewReader(resp.Body).ReadString('\n')
			resp.Body.Close()
			c.Transport.(*http.Transport).CloseIdleConnections()
			select {
			case <-canceled:
			case <-time.After(10 * time.Second):
				t.Fatal("handler context not canceled after the client left")
			}
		})
	}
}

func TestFromHTTPHijack(t *testing.T) {
	t.Parallel()
	// An echo over the hijacked connection, as a WebSocket library does.
	h := FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, rw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		defer conn.Close()
		rw.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n")
		rw.Flush()
		line, _ := rw.ReadString('\n')
		rw.WriteString("echo: " + line)
		rw.Flush()
	}))
	for _, s := range servers {
		if strings.Contains(s.name, "HTTP/2") || strings.Contains(s.name, "h2c") {
			continue // net/http offers no Hijack on HTTP/2
		}
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			_, url := s.start(t, h)
			conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.SetDeadline(time.Now().Add(10 * time.Second))
			io.WriteString(conn, "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n")
			br := bufio.NewReader(conn)
			resp, err := http.ReadResponse(br, nil)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != 101 {
				t.Fatalf("status %d", resp.StatusCode)
			}
			io.WriteString(conn, "hello\n")
			line, err := br.ReadString('\n')
			if line != "echo: hello\n" {
				t.Errorf("got %q, %v", line, err)
			}
		})
	}
}

func TestFromHTTPStaleUseFails(t *testing.T) {
	t.Parallel()
	type kept struct {
		w http.ResponseWriter
		r *http.Request
	}
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			ch := make(chan kept, 1)
			c, url := s.start(t, FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, "ok")
				ch <- kept{w, r}
			})))
			do(t, c, newReq(t, "POST", url, strings.NewReader("secret body")))
			k := <-ch
			// A handler that keeps the request must not read what the
			// pooled RequestCtx holds next.
			if b, err := io.ReadAll(k.r.Body); err == nil && len(b) > 0 {
				t.Errorf("read %q from the body after the handler returned", b)
			}
			if s.native {
				if _, err := k.w.Write([]byte("late")); err == nil {
					t.Error("write after the handler returned succeeded")
				}
			}
		})
	}
}

func TestFromHTTPPanicReachesFasthttpGoroutine(t *testing.T) {
	t.Parallel()
	h := FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		panic("boom")
	}))
	var ctx fasthttp.RequestCtx
	ctx.Request.SetRequestURI("/")
	defer func() {
		if p := recover(); p != "boom" {
			t.Errorf("recovered %v, want boom", p)
		}
	}()
	h(&ctx)
	t.Error("no panic")
}

func TestFromHTTPDerivedContextsEnd(t *testing.T) {
	t.Parallel()
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			kept := make(chan context.Context, 1)
			c, url := s.start(t, FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				ctx, cancel := context.WithTimeout(r.Context(), time.Hour)
				_ = cancel // ended by the request, not by cancel
				child, stop := context.WithCancel(ctx)
				defer stop()
				_ = child
				kept <- ctx
			})))
			do(t, c, newReq(t, "GET", url, nil))
			select {
			case <-(<-kept).Done():
			case <-time.After(5 * time.Second):
				t.Fatal("context derived from the request not canceled with it")
			}
		})
	}
}
