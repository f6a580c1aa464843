package bench

import (
	"net/http"
	"testing"

	"github.com/valyala/fasthttp"
)

// discardWriter is the no-op ResponseWriter of the routing benchmarks.
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(int)             {}

func githubRoutes(tb testing.TB) []Route {
	tb.Helper()
	routes, err := LoadRoutes("routes-github.txt")
	if err != nil || len(routes) != 203 {
		tb.Fatalf("routes-github.txt: %d routes, %v", len(routes), err)
	}
	return routes
}

// fasthttpCtxs pre-builds one RequestCtx per route; the request path is the
// pattern itself, as go-http-routing-benchmark requests it.
func fasthttpCtxs(routes []Route) []*fasthttp.RequestCtx {
	out := make([]*fasthttp.RequestCtx, len(routes))
	for i, r := range routes {
		out[i] = newCtx(r.Method, r.Path)
	}
	return out
}

func httpRequests(routes []Route) []*http.Request {
	out := make([]*http.Request, len(routes))
	for i, r := range routes {
		req, _ := http.NewRequest(r.Method, r.Path, nil)
		req.RequestURI = r.Path
		out[i] = req
	}
	return out
}

var (
	githubParam  = Route{"GET", "/repos/julienschmidt/httprouter/stargazers"}
	githubStatic = Route{"GET", "/user/repos"}
)

func benchFasthttpRoutes(b *testing.B, h fasthttp.RequestHandler, routes []Route) {
	ctxs := fasthttpCtxs(routes)
	b.ReportAllocs()
	for b.Loop() {
		for _, ctx := range ctxs {
			ctx.Response.Reset()
			h(ctx)
		}
	}
}

func benchHTTPRoutes(b *testing.B, h http.Handler, routes []Route) {
	reqs := httpRequests(routes)
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	for b.Loop() {
		for _, r := range reqs {
			h.ServeHTTP(w, r)
		}
	}
}

func routingCases(b *testing.B) map[string][]Route {
	all := githubRoutes(b)
	return map[string][]Route{"GithubAll": all, "GithubParam": {githubParam}, "GithubStatic": {githubStatic}}
}

// BenchmarkRouting routes the GitHub API table (GithubAll: every route once
// per op) and its two single probes on each contender, with empty handlers.
func BenchmarkRouting(b *testing.B) {
	all := githubRoutes(b)
	fastH := FastRoutes(all).Handler()
	fiberH := FiberRoutes(all).Handler()
	ginH := GinRoutes(all)
	hrH := HTTPRouterRoutes(all)
	for _, name := range []string{"GithubAll", "GithubParam", "GithubStatic"} {
		routes := routingCases(b)[name]
		b.Run(name+"_fast", func(b *testing.B) { benchFasthttpRoutes(b, fastH, routes) })
		b.Run(name+"_fiber", func(b *testing.B) { benchFasthttpRoutes(b, fiberH, routes) })
		b.Run(name+"_gin", func(b *testing.B) { benchHTTPRoutes(b, ginH, routes) })
		b.Run(name+"_httprouter", func(b *testing.B) { benchHTTPRoutes(b, hrH, routes) })
		b.Run(name+"_floorFasthttp", func(b *testing.B) {
			benchFasthttpRoutes(b, func(*fasthttp.RequestCtx) {}, routes)
		})
		b.Run(name+"_floorHTTP", func(b *testing.B) {
			benchHTTPRoutes(b, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}), routes)
		})
	}
}

// TestRoutingMatches checks every contender routes every GitHub route to a
// handler, and fast answers none with 404.
func TestRoutingMatches(t *testing.T) {
	all := githubRoutes(t)
	h := FastRoutes(all).Handler()
	for _, ctx := range fasthttpCtxs(all) {
		h(ctx)
		if ctx.Response.StatusCode() != 200 {
			t.Errorf("fast: %s %s: status %d", ctx.Method(), ctx.RequestURI(), ctx.Response.StatusCode())
		}
	}
}
