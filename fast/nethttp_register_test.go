package fast_test

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
)

// TestUseHTTPHandler mounts net/http handlers in an app: they see req.url
// (the mount path removed) as r.URL and the target as received as
// r.RequestURI, they get the header fields set before them, and they end
// the chain.
func TestUseHTTPHandler(t *testing.T) {
	t.Parallel()
	type named func(http.ResponseWriter, *http.Request)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /users/{id}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "mux user %s path %s uri %s", r.PathValue("id"), r.URL.Path, r.RequestURI)
	})
	app := fast.New()
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("X-Before", "yes")
		next()
	})
	app.Use("/api", mux)
	app.Get("/func", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "func "+r.URL.String())
	})
	app.Get("/named", named(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusAccepted)
	}))
	app.Get("/silent", http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	var after sync.Map
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		after.Store(req.OriginalURL(), true)
		res.Status(500).Send("ran after a net/http handler")
	})
	cases := []struct {
		target, body, ct string
		status           int
	}{
		{target: "/api/users/7?q=1", status: 200, ct: "text/plain; charset=utf-8", body: "mux user 7 path /users/7 uri /api/users/7?q=1"},
		{target: "/func?a=b", status: 200, ct: "text/plain", body: "func /func?a=b"},
		{target: "/named", status: 202},
		{target: "/silent", status: 200},
	}
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, app)
			for _, tc := range cases {
				resp, body := fetch(t, c, "GET", url+tc.target)
				if resp.StatusCode != tc.status || body != tc.body {
					t.Errorf("%s: %d %q, want %d %q", tc.target, resp.StatusCode, body, tc.status, tc.body)
				}
				if tc.ct != "" && resp.Header.Get("Content-Type") != tc.ct {
					t.Errorf("%s: Content-Type %q, want %q", tc.target, resp.Header.Get("Content-Type"), tc.ct)
				}
				if resp.Header.Get("X-Before") != "yes" || resp.Header.Get("X-Powered-By") != "fw" {
					t.Errorf("%s: the header fields set before the handler are lost: %v", tc.target, resp.Header)
				}
			}
		})
	}
	after.Range(func(k, _ any) bool {
		t.Errorf("the chain went on after the net/http handler for %v", k)
		return true
	})
}

// timing is a net/http middleware that measures the downstream and says so
// in a header field added when the downstream writes its header.
func timing(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		tw := &timingWriter{ResponseWriter: w, start: start}
		next.ServeHTTP(tw, r)
	})
}

type timingWriter struct {
	http.ResponseWriter
	start time.Time
	wrote bool
}

func (w *timingWriter) WriteHeader(code int) {
	if !w.wrote {
		w.wrote = true
		w.Header().Set("Server-Timing", fmt.Sprintf("app;dur=%d", max(time.Since(w.start).Milliseconds(), 1)))
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *timingWriter) Write(p []byte) (int, error) {
	if !w.wrote {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(p)
}

// rename is a net/http middleware rewriting the downstream's header fields:
// X-Internal becomes X-Public.
func rename(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.Header.Set("X-From-Middleware", "mw")
		next.ServeHTTP(&renameWriter{ResponseWriter: w}, r)
	})
}

type renameWriter struct {
	http.ResponseWriter
	done bool
}

func (w *renameWriter) WriteHeader(code int) {
	if !w.done {
		w.done = true
		if v := w.Header().Get("X-Internal"); v != "" {
			w.Header().Del("X-Internal")
			w.Header().Set("X-Public", v)
		}
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *renameWriter) Write(p []byte) (int, error) {
	if !w.done {
		w.WriteHeader(http.StatusOK)
	}
	return w.ResponseWriter.Write(p)
}

// gzipAll compresses whatever the downstream writes.
func gzipAll(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Add("Vary", "Accept-Encoding")
		zw := gzip.NewWriter(w)
		next.ServeHTTP(&gzipWriter{ResponseWriter: w, zw: zw}, r)
		zw.Close()
	})
}

type gzipWriter struct {
	http.ResponseWriter
	zw *gzip.Writer
}

func (w *gzipWriter) WriteHeader(code int) {
	w.Header().Del("Content-Length")
	w.ResponseWriter.WriteHeader(code)
}

func (w *gzipWriter) Write(p []byte) (int, error) {
	w.Header().Del("Content-Length")
	return w.zw.Write(p)
}

// TestUseHTTPMiddleware runs net/http middleware in an app: the layers
// after it run inside it, and it wraps their response (timing, header
// rewriting, compression); its request changes reach req; a middleware that
// answers itself ends the chain.
func TestUseHTTPMiddleware(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(timing, rename)
	app.Use("/gz", gzipAll)
	app.Use("/private", func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") == "" {
				http.Error(w, "no", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	})
	app.All("/strip/*", http.StripPrefix("/strip", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "stripped "+r.URL.Path)
	})).ServeHTTP) // a method value: func(http.ResponseWriter, *http.Request)
	app.Get("/hello/:name", func(req *fast.Request, res *fast.Response, next fast.Next) {
		time.Sleep(2 * time.Millisecond)
		res.Set("X-Internal", "secret").Send("hello " + req.Params().Get("name") + " from " + req.Get("X-From-Middleware"))
	})
	app.Get("/gz/text", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send(strings.Repeat("compress me ", 100))
	})
	app.Get("/private/data", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("data")
	})
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, app)

			resp, body := fetch(t, c, "GET", url+"/hello/bob")
			if resp.StatusCode != 200 || body != "hello bob from mw" {
				t.Errorf("downstream: %d %q", resp.StatusCode, body)
			}
			if resp.Header.Get("X-Public") != "secret" || resp.Header.Get("X-Internal") != "" {
				t.Errorf("the middleware did not rewrite the downstream's header fields: %v", resp.Header)
			}
			if st := resp.Header.Get("Server-Timing"); !strings.HasPrefix(st, "app;dur=") || st == "app;dur=0" {
				t.Errorf("Server-Timing %q", st)
			}
			if resp.Header.Get("X-Powered-By") != "fw" || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
				t.Errorf("downstream header fields: %v", resp.Header)
			}

			resp, body = fetch(t, c, "GET", url+"/gz/text", "Accept-Encoding", "gzip")
			if resp.Header.Get("Content-Encoding") != "gzip" {
				t.Fatalf("not compressed: %v", resp.Header)
			}
			zr, err := gzip.NewReader(strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			plain, err := io.ReadAll(zr)
			if err != nil || string(plain) != strings.Repeat("compress me ", 100) {
				t.Errorf("gunzipped %q, %v", plain, err)
			}

			resp, body = fetch(t, c, "GET", url+"/private/data")
			if resp.StatusCode != 401 || body != "no\n" {
				t.Errorf("short circuit: %d %q", resp.StatusCode, body)
			}
			resp, body = fetch(t, c, "GET", url+"/private/data", "Authorization", "x")
			if resp.StatusCode != 200 || body != "data" {
				t.Errorf("authorized: %d %q", resp.StatusCode, body)
			}

			resp, body = fetch(t, c, "GET", url+"/strip/x/y")
			if resp.StatusCode != 200 || body != "stripped /x/y" {
				t.Errorf("StripPrefix: %d %q", resp.StatusCode, body)
			}

			resp, _ = fetch(t, c, "GET", url+"/missing")
			if resp.StatusCode != 404 || resp.Header.Get("Content-Security-Policy") != "default-src 'none'" {
				t.Errorf("final handler through the middleware: %d %v", resp.StatusCode, resp.Header)
			}
		})
	}
}

// TestUseHTTPMiddlewareRewritesRequest: a target and a method a net/http
// middleware rewrites are req.url and req.method for the layers after it,
// while req.originalUrl stays the target as received.
func TestUseHTTPMiddlewareRewritesRequest(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if m := r.Header.Get("X-HTTP-Method-Override"); m != "" {
				r.Method = m
			}
			if strings.HasPrefix(r.URL.Path, "/old/") {
				r.URL.Path = "/new/" + strings.TrimPrefix(r.URL.Path, "/old/")
			}
			next.ServeHTTP(w, r)
		})
	})
	app.Delete("/new/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send(req.Method() + " " + req.URL() + " " + req.Params().Get("id") + " from " + req.OriginalURL())
	})
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, app)
			resp, body := fetch(t, c, "POST", url+"/old/9?z=1", "X-HTTP-Method-Override", "DELETE")
			if want := "DELETE /new/9?z=1 9 from /old/9?z=1"; resp.StatusCode != 200 || body != want {
				t.Errorf("%d %q, want %q", resp.StatusCode, body, want)
			}
		})
	}
}

// TestRegisterRejectsOtherFuncs: functions of other shapes are still
// refused at registration, naming the type.
func TestRegisterRejectsOtherFuncs(t *testing.T) {
	t.Parallel()
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.HasPrefix(s, "fast: ") {
			t.Errorf("panic %v, want a fast: programmer error", r)
		}
	}()
	fast.New().Use(func(http.Handler) {})
}

// TestFasthttp1859NetHTTPHandlerKeepsCookies is valyala/fasthttp#1859:
// fasthttp's adaptor handed net/http handlers a Cookie header that was a
// view of a pooled buffer, so a handler keeping r.Header (or a cookie) read
// another request's cookies later. Here a kept request keeps its own
// cookies after many concurrent requests, on both servers.
func TestFasthttp1859NetHTTPHandlerKeepsCookies(t *testing.T) {
	t.Parallel()
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			var kept sync.Map // id -> *http.Request
			app := fast.New()
			app.Get("/keep/:id", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				kept.Store(r.Header.Get("X-Id"), r)
				io.WriteString(w, "ok")
			}))
			c, url := s.start(t, app)
			runConcurrently(t, 6, 30, func(id string) {
				resp, body := fetch(t, c, "GET", url+"/keep/"+id, "X-Id", id, "Cookie", "session="+id+"; theme=t"+id)
				if resp.StatusCode != 200 || body != "ok" {
					t.Errorf("%s: %d %q", id, resp.StatusCode, body)
				}
			})
			n := 0
			kept.Range(func(k, v any) bool {
				id, r := k.(string), v.(*http.Request)
				n++
				sc, err := r.Cookie("session")
				if err != nil || sc.Value != id || r.Header.Get("Cookie") != "session="+id+"; theme=t"+id {
					t.Errorf("request %s kept, now reads Cookie %q", id, r.Header.Get("Cookie"))
				}
				return true
			})
			if n != 6*30 {
				t.Errorf("%d requests kept, want %d", n, 6*30)
			}
		})
	}
}

// TestFasthttp1860NetHTTPHandlerKeepsEveryString is the other half of
// valyala/fasthttp#1859: its fix (#1860) copied the Cookie value only,
// leaving every other string a net/http handler gets as a view. Here the
// method, target, Host, every header name and value, and the remote address
// of kept requests stay theirs.
func TestFasthttp1860NetHTTPHandlerKeepsEveryString(t *testing.T) {
	t.Parallel()
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			var kept sync.Map
			app := fast.New()
			app.Use(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				kept.Store(r.Header.Get("X-Id"), r)
				w.WriteHeader(204)
			}))
			c, url := s.start(t, app)
			runConcurrently(t, 6, 30, func(id string) {
				resp, _ := fetch(t, c, "PATCH", url+"/p/"+id+"?q="+id, "X-Id", id, "X-Custom-"+id, "v"+id, "Accept", "text/"+id)
				if resp.StatusCode != 204 {
					t.Errorf("%s: %d", id, resp.StatusCode)
				}
			})
			kept.Range(func(k, v any) bool {
				id, r := k.(string), v.(*http.Request)
				if r.Method != "PATCH" || r.RequestURI != "/p/"+id+"?q="+id || r.URL.Query().Get("q") != id ||
					r.Header.Get("X-Custom-"+id) != "v"+id || r.Header.Get("Accept") != "text/"+id || r.Host == "" || r.RemoteAddr == "" {
					t.Errorf("request %s kept, now reads %s %s %v", id, r.Method, r.RequestURI, r.Header)
				}
				return true
			})
		})
	}
}

// runConcurrently calls f with distinct ids from workers goroutines, n
// calls each.
func runConcurrently(t *testing.T, workers, n int, f func(id string)) {
	t.Helper()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range n {
				f(fmt.Sprintf("w%di%d", w, i))
			}
		}()
	}
	wg.Wait()
}

// TestUseHTTPMiddlewareStreams: behind a net/http middleware (a logger that
// counts bytes), server-sent events reach the client one by one, whether a
// mounted net/http handler flushes them or a fast handler streams them; on
// fasthttp the middleware then goes on on its own goroutine (detached).
func TestUseHTTPMiddlewareStreams(t *testing.T) {
	t.Parallel()
	for _, s := range httpServers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			gate := make(chan struct{})
			logged := make(chan string, 4)
			app := fast.New()
			app.Use(func(next http.Handler) http.Handler {
				return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					cw := &countingWriter{ResponseWriter: w}
					next.ServeHTTP(cw, r)
					logged <- fmt.Sprintf("%s %d bytes", r.URL.Path, cw.n)
				})
			})
			app.Get("/nethttp", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/event-stream")
				for i := 1; i <= 3; i++ {
					fmt.Fprintf(w, "data: %d\n\n", i)
					http.NewResponseController(w).Flush()
					if i < 3 {
						select {
						case <-gate:
						case <-time.After(15 * time.Second):
							return
						}
					}
				}
			}))
			app.Get("/fast", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Type("text/event-stream")
				req.Ctx().SetBodyStreamWriter(func(w *bufio.Writer) {
					for i := 1; i <= 3; i++ {
						fmt.Fprintf(w, "data: %d\n\n", i)
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
			for _, path := range []string{"/nethttp", "/fast"} {
				resp, err := c.Get(url + path)
				if err != nil {
					t.Fatal(err)
				}
				br := bufio.NewReader(resp.Body)
				for i := 1; i <= 3; i++ {
					line, err := br.ReadString('\n')
					if want := fmt.Sprintf("data: %d\n", i); err != nil || line != want {
						t.Fatalf("%s event %d: %q %v", path, i, line, err)
					}
					br.ReadString('\n')
					if i < 3 {
						gate <- struct{}{}
					}
				}
				io.Copy(io.Discard, br)
				resp.Body.Close()
				select {
				case l := <-logged:
					if want := path + " 27 bytes"; l != want {
						t.Errorf("logged %q, want %q", l, want)
					}
				case <-time.After(10 * time.Second):
					t.Errorf("%s: the middleware never finished", path)
				}
			}
		})
	}
}

type countingWriter struct {
	http.ResponseWriter
	n int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	n, err := w.ResponseWriter.Write(p)
	w.n += n
	return n, err
}

func (w *countingWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
