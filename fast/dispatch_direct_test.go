package fast

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
)

// directTrace records what the handlers of one app saw, request after
// request, and how many of them serve called directly.
type directTrace struct {
	mu     sync.Mutex
	lines  []string
	direct int
	lazy   int // handlers whose Params reads left req.params to fillDirect
}

// peeked counts a handler whose reads of req.params were answered while
// the direct path still left req.params to fillDirect.
func (tr *directTrace) peeked(lazy bool) {
	if lazy {
		tr.mu.Lock()
		tr.lazy++
		tr.mu.Unlock()
	}
}

func (tr *directTrace) see(tag string, req *Request) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	route := "-"
	if rt := req.Route(); rt != nil {
		route = fmt.Sprint(rt.Path())
	}
	app := "top"
	if req.App() != req.c.top {
		app = "mounted"
	}
	tr.lines = append(tr.lines, fmt.Sprintf("%s %s url=%s orig=%s base=%s path=%s params=%s route=%s app=%s",
		tag, req.Method(), req.URL(), req.OriginalURL(), req.BaseURL(), req.Path(), paramsJSON(req), route, app))
	if at := req.c.at; at != nil && at.kind == frameDirect {
		tr.direct++
	}
}

func (tr *directTrace) take() ([]string, int) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	lines, n := tr.lines, tr.direct
	tr.lines, tr.direct = nil, 0
	return lines, n
}

// takeLazy returns the count of peeked(true) since the last call, and
// clears it.
func (tr *directTrace) takeLazy() int {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	n := tr.lazy
	tr.lazy = 0
	return n
}

// answer is a handler that records tag and answers with tag and the
// request's params as JSON.
func (tr *directTrace) answer(tag string) Handler {
	return func(req *Request, res *Response, next Next) {
		tr.see(tag, req)
		res.Send(tag + " " + paramsJSON(req))
	}
}

// directApp builds the app of TestDirectMatchesGeneral: each route shape
// the direct path takes or declines, and each way a handler it called can
// go on (next, next(err), next(SkipRoute), next(SkipRouter), a panic, a
// failed send, Router.Handle, a rewritten URL or method).
func directApp(tr *directTrace) *App {
	app := New()
	app.Set("env", "production")
	see := tr.answer
	pass := func(tag string, err error) Handler {
		return func(req *Request, res *Response, next Next) {
			tr.see(tag, req)
			if err == nil {
				next()
				return
			}
			next(err)
		}
	}
	// peek reads names through Params' Get, Lookup and Has before
	// anything else reads the request: on the direct path they answer
	// from the match while req.params is left to fillDirect
	// (directLookup), and must answer as the filled req.params does.
	peek := func(tag string, then Handler, names ...string) Handler {
		return func(req *Request, res *Response, next Next) {
			pending := req.c.dcaps >= 0
			var b strings.Builder
			b.WriteString(tag)
			for _, n := range names {
				p := req.Params()
				v, ok := p.Lookup(n)
				fmt.Fprintf(&b, " %q=%q/%v/%v/%q", n, v, ok, p.Has(n), p.Get(n))
			}
			tr.peeked(pending && req.c.dcaps >= 0)
			tr.see(b.String(), req)
			if then != nil {
				then(req, res, next)
				return
			}
			res.Send(b.String())
		}
	}
	goOn := func(req *Request, res *Response, next Next) { next() }
	app.Get("/peek/:name", peek("peek", nil, "name", "Name", "nam", "names", "", "other"))
	app.Get("/peek-two/:a/:b", peek("peek-two", nil, "a", "b", "c", "0"))
	app.Get("/peek-long/:identifier/:abcdefgh", peek("peek-long", nil,
		"identifier", "identifieR", "Identifier", "identifie", "abcdefgh", "abcdefgX", "Xbcdefgh", "abcdefghi", "abcd"))
	app.Get("/peek-opt/:a/:b?", peek("peek-opt", nil, "a", "b"))
	app.Get("/peek-star/*", peek("peek-star", nil, "0", "1"))
	app.Get(`/peek-re/(\d+)/:x`, peek("peek-re", nil, "0", "x", "1"))
	app.Get("/peek-next/:id", peek("peek-next", goOn, "id"))
	app.Get("/peek-next/:id", see("peek-next-2"))
	app.Get("/peek-set/:id", peek("peek-set", func(req *Request, res *Response, next Next) {
		p := req.Params()
		p.Set("id", "new")
		p.Set("more", "m")
		v, ok := p.Lookup("id")
		res.Send(fmt.Sprint("peek-set ", v, " ", ok, " ", p.Get("more"), " ", p.Has("more"), " ", paramsJSON(req)))
	}, "id", "more"))
	// req.url rewritten before req.params is read: the params are the
	// match's, taken from the original target, on both paths.
	app.Get("/peek-rewrite/:name", func(req *Request, res *Response, next Next) {
		req.SetURL("/elsewhere/zz?q=1")
		_ = req.Path()
		peek("peek-rewrite", nil, "name", "other")(req, res, next)
	})
	app.Get("/peek-len/:a/:b", peek("peek-len", func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprint("peek-len ", req.Params().Len(), " ", paramsJSON(req)))
	}, "b"))

	app.Get("/plain", see("plain"))
	app.Get("/user/:name", see("user"))
	app.Get("/repos/:owner/:repo/issues/:n", see("issue"))
	app.All("/all/:x", see("all"))
	app.Route("/multi/:id").Get(see("multi-get")).Post(see("multi-post")).Put(see("multi-put1"), see("multi-put2"))
	app.Head("/head/:x", see("head-head"))
	app.Get("/head/:x", see("head-get"))
	app.Options("/opt", see("opt"))
	app.Post("/postonly", see("postonly"))
	app.Get("/two", see("two-a"), see("two-b"))
	app.Get("/dup/:a/:a", see("dup"))
	app.Get("/optional/:a?", see("optional"))
	app.Get(`/re/(\d+)`, see("regexp"))
	// More keys than a context's params hold at first (paramsCap): the
	// general path, which grows them.
	app.Get("/many"+keysPath(paramsCap+1), see("many"))
	app.Get("/sixteen"+keysPath(paramsCap), see("sixteen"))

	app.Get("/next/:id", pass("next-1", nil))
	app.Get("/next/:id", see("next-2"))
	app.Get("/err/:id", pass("err", errors.New("boom")))
	app.Get("/skiproute/:id", pass("skiproute-1", SkipRoute))
	app.Get("/skiproute/:id", see("skiproute-2"))
	app.Get("/skiprouter", pass("skiprouter", SkipRouter))
	app.Get("/skiprouter", see("never"))
	app.Get("/panic/:v", func(req *Request, res *Response, next Next) {
		tr.see("panic", req)
		panic("kaboom " + req.Params().Get("v"))
	})
	app.Get("/panicerr", func(req *Request, res *Response, next Next) {
		tr.see("panicerr", req)
		panic(&HTTPError{Status: 418, Message: "teapot"})
	})
	app.Get("/panic-after-next", func(req *Request, res *Response, next Next) {
		tr.see("panic-after-next", req)
		next()
		panic("late")
	})
	app.Get("/panic-after-next", see("panic-after-next-2"))
	app.Get("/failed", func(req *Request, res *Response, next Next) {
		tr.see("failed", req)
		res.Status(1000)
		if err := res.Send("x"); err == nil {
			panic("Send with status 1000 did not fail")
		}
	})
	app.Get("/sent-then-next", func(req *Request, res *Response, next Next) {
		tr.see("sent-then-next", req)
		res.Send("first")
		next()
	})
	app.Get("/sent-then-next", see("sent-then-next-2"))
	app.Get("/rewrite", func(req *Request, res *Response, next Next) {
		tr.see("rewrite", req)
		req.SetURL("/user/rewritten")
		next()
	})
	app.Get("/remethod", func(req *Request, res *Response, next Next) {
		tr.see("remethod", req)
		req.SetMethod("POST")
		next()
	})
	app.Post("/remethod", see("remethod-post"))
	app.Get("/remethod", see("remethod-get"))

	nested := NewRouter()
	nested.Get("/handled/:h", see("nested"))
	nested.Get("/handled/:h", pass("nested-next", nil))
	app.Get("/handled/:h", func(req *Request, res *Response, next Next) {
		tr.see("handle", req)
		nested.Handle(req, res, next)
	})
	app.Get("/handled/:h", see("handled-after"))

	// Handlers that read nothing before they go on: what direct leaves
	// to fillDirect (req.params, req.route, req.next, the current frame)
	// must be there for whatever runs next.
	app.Get("/blind-next/:id", func(req *Request, res *Response, next Next) { next() })
	app.Get("/blind-next/:id", see("blind-next-2"))
	app.Get("/blind-err/:id", func(req *Request, res *Response, next Next) { next(errors.New("blind")) })
	app.Get("/blind-panic/:id", func(req *Request, res *Response, next Next) { panic("blind") })
	app.Get("/blind-failed/:id", func(req *Request, res *Response, next Next) {
		res.Status(1000)
		if err := res.Send("x"); err == nil {
			panic("Send with status 1000 did not fail")
		}
	})
	app.Get("/blind-set/:id", func(req *Request, res *Response, next Next) {
		req.Params().Set("extra", "e")
		tr.see("blind-set", req)
		next()
	})
	app.Get("/blind-set/:id", see("blind-set-2"))
	app.Get("/blind-len/:a/:b", func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprint("len ", req.Params().Len(), " ", req.Params().Has("b")))
	})
	app.Get("/blind-route/:id", func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprint("route ", req.Route().Path()))
	})
	app.Get("/blind-format/:id", func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{{Type: "text", Handler: func(req *Request, res *Response, next Next) { next() }}})
	})
	app.Get("/blind-format/:id", see("blind-format-2"))
	blindNested := NewRouter(RouterOptions{MergeParams: true})
	blindNested.Get("/blind-handle/:h/:more", see("blind-nested"))
	blindNested.Get("/blind-handle/:h/:more", pass("blind-nested-next", nil))
	app.Get("/blind-handle/:h/:more", func(req *Request, res *Response, next Next) {
		blindNested.Handle(req, res, next)
	})
	app.Get("/blind-handle/:h/:more", see("blind-handled-after"))
	blindSub := NewRouter(RouterOptions{MergeParams: true})
	blindSub.Get("/:inner", see("blind-sub"))
	app.Get("/blind-use/:outer", func(req *Request, res *Response, next Next) { next() })
	app.Use("/blind-use/:outer", blindSub)

	merged := NewRouter(RouterOptions{MergeParams: true})
	merged.Get("/repo/:r", see("merged"))
	app.Use("/m/:org", merged)

	sub := New()
	sub.Get("/who/:w", see("sub-who"))
	sub.Get("/next", pass("sub-next", nil))
	app.Use("/sub", sub)
	app.Get("/sub/next", see("after-sub"))

	app.Use("/mw", func(req *Request, res *Response, next Next) {
		tr.see("mw", req)
		next()
	})
	app.Get("/mw/:x", see("after-mw"))

	app.Use(tr.errorHandler())
	return app
}

// errorHandler is the test apps' last layer: it records that it ran and
// answers 500 with the error's message (a panic's value for a panic).
func (tr *directTrace) errorHandler() ErrorHandler {
	return func(err error, req *Request, res *Response, next Next) {
		tr.see("error-handler", req)
		msg := err.Error()
		var pe *PanicError
		if errors.As(err, &pe) {
			msg = fmt.Sprint("panic: ", pe.Value)
		}
		res.Status(500).Send("error " + msg)
	}
}

// keysPath is a path of n segments, each a key of its own name.
func keysPath(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "/:k%d", i)
	}
	return b.String()
}

// directLegacyApp is an Express 3 app, where req.route is
// Legacy3().Route(). Its routes are not layers the direct path takes
// today; it is compared all the same, should that change.
func directLegacyApp(tr *directTrace) *App {
	app := NewLegacy3()
	app.Set("env", "production")
	app.Get("/legacy/:id", func(req *Request, res *Response, next Next) {
		rt, ok := req.Legacy3().Route()
		tr.see(fmt.Sprint("legacy ", ok, " ", rt.Path, " ", rt.Method, " ", rt.Callbacks), req)
		next()
	})
	app.Get("/legacy/:id", func(req *Request, res *Response, next Next) {
		rt, ok := req.Legacy3().Route()
		tr.see(fmt.Sprint("legacy-2 ", ok, " ", rt.Path, " ", rt.Method), req)
		res.Send("legacy " + req.Params().Get("id"))
	})
	app.Get("/legacy-blind/:id", func(req *Request, res *Response, next Next) { next() })
	app.Get("/legacy-blind/:id", func(req *Request, res *Response, next Next) {
		rt, ok := req.Legacy3().Route()
		tr.see(fmt.Sprint("legacy-blind-2 ", ok, " ", rt.Path), req)
		res.Send("legacy-blind")
	})
	return app
}

// directParamApp has parameter callbacks: its routes with keys take the
// general path, the others the direct one.
func directParamApp(tr *directTrace) *App {
	app := New()
	app.Param("id", func(req *Request, res *Response, next Next, value, name string) {
		tr.see("param "+value, req)
		if value == "bad" {
			next(errors.New("bad id"))
			return
		}
		req.Params().Set(name, "<"+value+">")
		next()
	})
	app.Get("/item/:id", func(req *Request, res *Response, next Next) {
		tr.see("item", req)
		res.Send("item " + req.Params().Get("id"))
	})
	app.Get("/nokeys", func(req *Request, res *Response, next Next) {
		tr.see("nokeys", req)
		res.Send("nokeys")
	})
	return app
}

var directRequests = []struct{ method, target string }{
	{"GET", "/peek/gopher"},
	{"GET", "/peek/gopher/"},
	{"GET", "/PEEK/Upper"},
	{"GET", "/peek/gopher?name=query"},
	{"GET", "/peek/go#frag"},
	{"GET", "/peek/go%20pher"},
	{"GET", "/peek/it's"},
	{"GET", "/peek/bang!"},
	{"GET", "http://example.com/peek/abs?x=1"},
	{"GET", "http://example.com/peek/abs"},
	{"GET", "http://example.com"},
	{"GET", "/peek-rewrite/orig"},
	{"GET", "/peek-rewrite/orig?x=%41"},
	{"GET", "http://example.com/peek-rewrite/abs"},
	{"HEAD", "/peek-rewrite/h"},
	{"HEAD", "/peek/h"},
	{"POST", "/peek/p"},
	{"GET", "/peek-two/1/2"},
	{"GET", "/peek-long/v1/v2"},
	{"GET", "/peek-opt/1"},
	{"GET", "/peek-opt/1/2"},
	{"GET", "/peek-star/a/b"},
	{"GET", "/peek-re/12/x"},
	{"GET", "/peek-next/5"},
	{"GET", "/peek-set/5"},
	{"GET", "/peek-len/1/2"},
	{"GET", "/plain"},
	{"GET", "/plain/"},
	{"GET", "/PLAIN"},
	{"GET", "/plain?x=1"},
	{"GET", "/plain#frag"},
	{"GET", "http://example.com/plain"},
	{"GET", "http://example.com/user/abs?q=1"},
	{"GET", "/user/bob"},
	{"GET", "/user/bob?q=%20"},
	{"GET", "/user/caf%C3%A9"},
	{"GET", "/user/%E0%A4%A"},
	{"GET", "/user/a%2Fb"},
	{"GET", "/user/it's"},
	{"GET", "/user/bang!"},
	{"HEAD", "/user/bob"},
	{"POST", "/user/bob"},
	{"OPTIONS", "/user/bob"},
	{"GET", "/repos/fw/fast/issues/2"},
	{"DELETE", "/all/x"},
	{"GET", "/multi/1"},
	{"POST", "/multi/2"},
	{"PUT", "/multi/3"},
	{"HEAD", "/multi/4"},
	{"OPTIONS", "/multi/5"},
	{"HEAD", "/head/h"},
	{"GET", "/head/h"},
	{"OPTIONS", "/opt"},
	{"HEAD", "/postonly"},
	{"GET", "/postonly"},
	{"GET", "/two"},
	{"GET", "/dup/1/2"},
	{"GET", "/optional"},
	{"GET", "/optional/o"},
	{"GET", "/re/42"},
	{"GET", "/many" + strings.Repeat("/v", paramsCap+1)},
	{"GET", "/sixteen" + strings.Repeat("/v", paramsCap)},
	{"GET", "/next/7"},
	{"GET", "/err/7"},
	{"GET", "/skiproute/7"},
	{"GET", "/skiprouter"},
	{"GET", "/panic/p"},
	{"GET", "/panicerr"},
	{"GET", "/panic-after-next"},
	{"GET", "/failed"},
	{"GET", "/sent-then-next"},
	{"GET", "/rewrite"},
	{"GET", "/remethod"},
	{"GET", "/handled/h1"},
	{"GET", "/m/acme/repo/r1"},
	{"GET", "/sub/who/w1"},
	{"GET", "/sub/next"},
	{"GET", "/mw/1"},
	{"GET", "/nowhere"},
	{"GET", "*"},
	{"GET", "/late/l1"},
	{"GET", "/item/1"},
	{"GET", "/item/bad"},
	{"GET", "/nokeys"},
	{"M-SEARCH", "/plain"},
	{"GET", "/blind-next/1"},
	{"GET", "/blind-err/1"},
	{"GET", "/blind-panic/1"},
	{"GET", "/blind-failed/1"},
	{"GET", "/blind-set/1"},
	{"GET", "/blind-len/1/2"},
	{"GET", "/blind-route/1"},
	{"GET", "/blind-format/1"},
	{"GET", "/blind-handle/h1/m1"},
	{"GET", "/blind-use/o1/i1"},
	{"GET", "/legacy/7"},
	{"HEAD", "/legacy/7"},
	{"GET", "/legacy-blind/7"},
}

// TestDirectMatchesGeneral serves the same requests on apps whose router
// takes the direct path (dispatch_direct.go) and on twins whose router
// never does, and requires the same responses and the same observations of
// every handler (req.params, req.route, req.url, req.baseUrl, req.app), the
// direct path being taken on one side only. Routes added after the first
// requests (a recompiled snapshot) are served too.
func TestDirectMatchesGeneral(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		build func(*directTrace) *App
		hits  int // requests the direct path takes: every context has its bottom frame, so the count is exact
		lazy  int // requests whose handler read req.params before fillDirect ran (peek)
	}{{directApp, 104, 38}, {directParamApp, 2, 0}, {directLegacyApp, 0, 0}} {
		build := tc.build
		var trDirect, trGeneral directTrace
		direct, general := build(&trDirect), build(&trGeneral)
		r := general.routerFor()
		generalRouters.Store(r, struct{}{})
		t.Cleanup(func() { generalRouters.Delete(r) })
		sd, sg := serveTest(t, direct), serveTest(t, general)
		directHits, lazyHits := 0, 0
		for round := 0; round < 2; round++ {
			if round == 1 {
				// Routes added after start: the router recompiles.
				for i, a := range []*App{direct, general} {
					tr := []*directTrace{&trDirect, &trGeneral}[i]
					a.Get("/late/:l", func(req *Request, res *Response, next Next) {
						tr.see("late", req)
						next()
					})
					a.Get("/late/:l", func(req *Request, res *Response, next Next) {
						tr.see("late-2", req)
						res.Send("late " + req.Params().Get("l"))
					})
				}
			}
			for _, rq := range directRequests {
				rd, rg := sd.do(rq.method, rq.target), sg.do(rq.method, rq.target)
				name := fmt.Sprintf("round %d %s %s", round, rq.method, rq.target)
				if rd.status != rg.status || rd.reason != rg.reason || rd.body != rg.body {
					t.Errorf("%s: direct %d %q %q, general %d %q %q", name, rd.status, rd.reason, rd.body, rg.status, rg.reason, rg.body)
				}
				if hd, hg := headerLines(rd), headerLines(rg); !slices.Equal(hd, hg) {
					t.Errorf("%s: headers\n%s\ngeneral\n%s", name, strings.Join(hd, "\n"), strings.Join(hg, "\n"))
				}
				ld, nd := trDirect.take()
				lg, ng := trGeneral.take()
				lzd, lzg := trDirect.takeLazy(), trGeneral.takeLazy()
				if ng != 0 || lzg != 0 {
					t.Errorf("%s: the general app took the direct path %d times, left req.params unfilled %d times", name, ng, lzg)
				}
				directHits += nd
				lazyHits += lzd
				if !slices.Equal(ld, lg) {
					t.Errorf("%s: handlers saw\n%s\ngeneral\n%s", name, strings.Join(ld, "\n"), strings.Join(lg, "\n"))
				}
			}
		}
		if directHits != tc.hits {
			t.Errorf("the direct path was taken %d times, want %d", directHits, tc.hits)
		}
		if lazyHits != tc.lazy {
			t.Errorf("Params answered before fillDirect %d times, want %d", lazyHits, tc.lazy)
		}
	}
}

// headerLines lists a response's headers but Date, in order.
func headerLines(r *testResponse) []string {
	var out []string
	for _, h := range r.headers {
		if !strings.EqualFold(h[0], "date") {
			out = append(out, h[0]+": "+h[1])
		}
	}
	return out
}
