package adaptor

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/valyala/fasthttp"
)

// The leak canary: many concurrent requests, each carrying its own id in a
// header field, a cookie, the query and the body, through every bridge on
// every server. Handlers check that a request starts clean (no user value,
// no response field, no cookie left by an earlier request on the same
// pooled RequestCtx) and sees only its own id; responses must echo only
// their own id. Run with -race.

const (
	canaryWorkers  = 8
	canaryRequests = 40
)

// canaryID checks that every place of the request carries the same id and
// returns it, or an error naming the leak.
func canaryID(xid, cookie, query, body string) (string, error) {
	if xid == "" || xid != cookie || xid != query || xid != body {
		return "", fmt.Errorf("mixed request: header %q cookie %q query %q body %q", xid, cookie, query, body)
	}
	return xid, nil
}

// fastCanary is a fasthttp handler doing the checks.
func fastCanary(ctx *fasthttp.RequestCtx) {
	if v := ctx.UserValue("canary"); v != nil {
		ctx.Error(fmt.Sprintf("user value %v left by an earlier request", v), 500)
		return
	}
	if n := ctx.Response.Header.Len(); len(ctx.Response.Header.Peek("X-Echo")) > 0 || len(ctx.Response.Header.PeekCookie("echo")) > 0 || len(ctx.Response.Body()) > 0 {
		ctx.Error(fmt.Sprintf("response not reset (%d fields)", n), 500)
		return
	}
	id, err := canaryID(string(ctx.Request.Header.Peek("X-Id")), string(ctx.Request.Header.Cookie("id")),
		string(ctx.QueryArgs().Peek("id")), string(ctx.PostBody()))
	if err != nil {
		ctx.Error(err.Error(), 500)
		return
	}
	ctx.SetUserValue("canary", id)
	ctx.Response.Header.Set("X-Echo", id)
	ctx.Response.Header.Add("Set-Cookie", "echo="+id)
	ctx.SetBodyString(id)
}

// httpCanary is the same as a net/http handler; kept collects the requests
// it saw so the test can check, after all requests ran, that none of their
// strings was overwritten by a later request.
func httpCanary(kept *sync.Map) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if len(w.Header()["X-Echo"]) > 0 {
			http.Error(w, "response not reset", 500)
			return
		}
		c, _ := r.Cookie("id")
		body, _ := io.ReadAll(r.Body)
		cv := ""
		if c != nil {
			cv = c.Value
		}
		id, err := canaryID(r.Header.Get("X-Id"), cv, r.URL.Query().Get("id"), string(body))
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		kept.Store(id, r)
		w.Header().Set("X-Echo", id)
		http.SetCookie(w, &http.Cookie{Name: "echo", Value: id})
		io.WriteString(w, id)
	}
}

func runCanary(t *testing.T, c *http.Client, url string) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, canaryWorkers)
	for g := range canaryWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range canaryRequests {
				id := strconv.Itoa(g*1000 + i)
				req, _ := http.NewRequest("POST", url+"/canary?id="+id, strings.NewReader(id))
				req.Header.Set("X-Id", id)
				req.Header.Set("Cookie", "id="+id+"; other=x")
				resp, err := c.Do(req)
				if err != nil {
					errs <- err
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 || string(b) != id || resp.Header.Get("X-Echo") != id ||
					strings.Join(resp.Header.Values("Set-Cookie"), ",") != "echo="+id {
					errs <- fmt.Errorf("request %s got %d %q, X-Echo %q, Set-Cookie %q", id, resp.StatusCode, b,
						resp.Header.Get("X-Echo"), resp.Header.Values("Set-Cookie"))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// checkKept verifies the requests net/http handlers kept still read as they
// did: no string they hold was a view of pooled memory.
func checkKept(t *testing.T, kept *sync.Map) {
	t.Helper()
	n := 0
	kept.Range(func(k, v any) bool {
		id, r := k.(string), v.(*http.Request)
		c, _ := r.Cookie("id")
		if r.Header.Get("X-Id") != id || c == nil || c.Value != id || r.URL.Query().Get("id") != id ||
			r.RequestURI != "/canary?id="+id {
			t.Errorf("kept request %s now reads X-Id %q cookie %v uri %q", id, r.Header.Get("X-Id"), c, r.RequestURI)
		}
		n++
		return true
	})
	if n != canaryWorkers*canaryRequests {
		t.Errorf("%d requests kept, want %d", n, canaryWorkers*canaryRequests)
	}
}

func TestLeakCanary(t *testing.T) {
	t.Parallel()
	mw := FromMiddleware(func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// A middleware that copies the id around: into a field of its
			// own and the response, before the downstream runs.
			r.Header.Set("X-Mw", r.Header.Get("X-Id"))
			w.Header().Set("X-Before", r.Header.Get("X-Id"))
			next.ServeHTTP(w, r)
		})
	})
	for _, s := range servers {
		t.Run(s.name+"/fasthttp handler", func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, fastCanary)
			runCanary(t, c, url)
		})
		t.Run(s.name+"/FromHTTP", func(t *testing.T) {
			t.Parallel()
			var kept sync.Map
			c, url := s.start(t, FromHTTP(httpCanary(&kept)))
			runCanary(t, c, url)
			checkKept(t, &kept)
		})
		t.Run(s.name+"/Middleware", func(t *testing.T) {
			t.Parallel()
			c, url := s.start(t, mw.Handler(func(ctx *fasthttp.RequestCtx) {
				id := string(ctx.Request.Header.Peek("X-Id"))
				if got := string(ctx.Request.Header.Peek("X-Mw")); got != id {
					ctx.Error("X-Mw "+got+" in request "+id, 500)
					return
				}
				if got := string(ctx.Response.Header.Peek("X-Before")); got != id {
					ctx.Error("X-Before "+got+" in request "+id, 500)
					return
				}
				ctx.Response.Header.Del("X-Before")
				fastCanary(ctx)
			}))
			runCanary(t, c, url)
		})
	}
}

// TestRequestStringsAreNotViews is valyala/fasthttp#1859: net/http code that
// changes the RequestCtx (here the Host field, which makes fasthttp rewrite
// its header buffers) must still read the cookies it was given. With
// fasthttp's own adaptor, the Cookie value was a view of a buffer fasthttp
// reused; #1860 copied that one value. Here no string is a view.
func TestRequestStringsAreNotViews(t *testing.T) {
	t.Parallel()
	for _, s := range servers {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			var fctx *fasthttp.RequestCtx
			h := FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				before := r.Header.Get("Cookie")
				fctx.Request.Header.Set("Host", "example.com")
				fctx.Request.Header.SetCookie("cookieOne", "overwritten")
				fctx.Request.Header.Set("X-Other", strings.Repeat("z", 64))
				c, err := r.Cookie("cookieOne")
				if err != nil || c.Value != "valueCookieOne" || r.Header.Get("Cookie") != before {
					http.Error(w, fmt.Sprintf("cookie changed under the handler: %v %v %q", c, err, r.Header.Get("Cookie")), 500)
					return
				}
				io.WriteString(w, "ok")
			}))
			c, url := s.start(t, func(ctx *fasthttp.RequestCtx) {
				fctx = ctx
				h(ctx)
			})
			req := newReq(t, "GET", url, nil)
			req.Header.Set("Cookie", "cookieOne=valueCookieOne; cookieTwo=valueCookieTwo")
			if resp, body := do(t, c, req); resp.StatusCode != 200 {
				t.Errorf("%d %s", resp.StatusCode, body)
			}
		})
	}
}
