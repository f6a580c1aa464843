package fast

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"
)

// randomRoutes are the route shapes of the random apps: ones the direct
// path may take (literals, full-segment parameters, names of every length
// lookupParam compares in place or not) and ones it declines (a regexp, an
// optional parameter, a star, two parameters in a segment).
var randomRoutes = []string{"/a/:p", "/a/:p/:q", "/:p", "/b", "/b/:p", "/b/:p/", "/c/:identifier", "/c/:identifier/:abcdefghi",
	"/d/:x(\\d+)", "/e/:p?", "/f/*", "/g/:p/lit", "/h/:from-:to", "/API/:v", "/a/:p/x/:q", "/n/:name", "/n/:name/:abcdefgh", "/:abcdefgh/:name"}

// randomNames are the parameter names handlers read through Params.
var randomNames = []string{"p", "q", "P", "identifier", "identifieR", "abcdefghi", "x", "0", "v", "from", "", "pp",
	"name", "Name", "nam", "names", "abcdefgh", "abcdefgX", "Xbcdefgh"}

// randomValues are the parameter values of the random targets.
var randomValues = []string{"1", "x", "%41", "%2F", "%zz", "caf%C3%A9", "a.b", "JulienSchmidt", "0123456789abcdefghij", "", "A-B"}

// randomApp builds one random app of TestDirectRandomAppsMatchGeneral from seed:
// the same seed builds the same app, so that a direct app and its general
// twin differ only in the path serve takes.
func randomApp(seed uint64, tr *directTrace) (*App, []string) {
	r := rand.New(rand.NewPCG(seed, 0xd1ec7))
	app := New()
	app.Set("env", "production")
	if r.IntN(3) == 0 {
		app.Enable("case sensitive routing")
	}
	if r.IntN(3) == 0 {
		app.Enable("strict routing")
	}
	var patterns []string
	for i := r.IntN(6) + 1; i > 0; i-- {
		p := randomRoutes[r.IntN(len(randomRoutes))]
		patterns = append(patterns, p)
		tag := fmt.Sprintf("h%d", len(patterns))
		names := []string{randomNames[r.IntN(len(randomNames))], randomNames[r.IntN(len(randomNames))]}
		read := func(req *Request) string {
			var b strings.Builder
			for _, n := range names {
				ps := req.Params()
				v, ok := ps.Lookup(n)
				fmt.Fprintf(&b, " %q=%q/%v/%v/%q", n, v, ok, ps.Has(n), ps.Get(n))
			}
			return b.String()
		}
		var h Handler
		switch kind := r.IntN(7); kind {
		case 0, 1:
			h = func(req *Request, res *Response, next Next) {
				s := tag + read(req)
				tr.see(s, req)
				res.Send(s)
			}
		case 2:
			h = func(req *Request, res *Response, next Next) {
				tr.see(tag+read(req), req)
				next()
			}
		case 3:
			h = func(req *Request, res *Response, next Next) {
				tr.see(tag+read(req), req)
				next(SkipRoute)
			}
		case 4:
			h = func(req *Request, res *Response, next Next) {
				tr.see(tag+read(req), req)
				next(errors.New("boom " + req.Params().Get(names[0])))
			}
		case 5:
			h = func(req *Request, res *Response, next Next) {
				tr.see(tag+read(req), req)
				panic("kaboom " + req.Params().Get(names[1]))
			}
		default:
			h = func(req *Request, res *Response, next Next) {
				res.Set("Content-Type", "text/plain")
				s := tag + read(req)
				tr.see(s, req)
				res.SendString(s)
			}
		}
		switch r.IntN(5) {
		case 0:
			app.All(p, h)
		case 1:
			app.Use(strings.SplitN(p, "/:", 2)[0], func(req *Request, res *Response, next Next) {
				tr.see(tag+" use"+read(req), req)
				next()
			})
			app.Get(p, h)
		default:
			app.Get(p, h)
		}
	}
	return app, patterns
}

// randomTarget derives a request target from a pattern: parameters and
// stars get values (escapes, invalid escapes, long ones), letters may
// change case, and a query, a fragment, a trailing or doubled slash, or
// the absolute form may be added.
func randomTarget(r *rand.Rand, pattern string) string {
	segs := strings.Split(pattern, "/")
	for i := 1; i < len(segs); i++ {
		if strings.ContainsAny(segs[i], ":*(") {
			segs[i] = randomValues[r.IntN(len(randomValues))]
			if strings.Contains(pattern, ":from-:to") && r.IntN(2) == 0 {
				segs[i] = "1-2"
			}
		} else if r.IntN(8) == 0 {
			segs[i] = strings.ToUpper(segs[i])
		}
	}
	t := strings.Join(segs, "/")
	switch r.IntN(10) {
	case 0:
		t += "/"
	case 1:
		t += "?x=1&p=2"
	case 2:
		t += "#frag"
	case 3:
		t = "http://example.com" + t
	case 4:
		t = "/" + t
	case 5:
		t += "//"
	}
	return t
}

// wireDo serves one request, read from its wire form as a
// fasthttp.Server reads it (the target as sent, the absolute form
// included), with h on a RequestCtx of its own, and returns the response
// as sent, but its Date.
func wireDo(t *testing.T, h fasthttp.RequestHandler, method, target string) string {
	t.Helper()
	var ctx fasthttp.RequestCtx
	wire := method + " " + target + " HTTP/1.1\r\nHost: example.com\r\nContent-Length: 0\r\n\r\n"
	if err := ctx.Request.Read(bufio.NewReader(strings.NewReader(wire))); err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	h(&ctx)
	lines := strings.Split(ctx.Response.String(), "\r\n")
	lines = slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "Date: ") })
	return strings.Join(lines, "\r\n")
}

// TestDirectRandomAppsMatchGeneral serves random requests on random apps whose
// router takes the direct path and on general twins, and requires the
// same responses and the same observations of every handler (params read
// through Get, Lookup and Has, route, url, baseUrl), with the direct path
// taken often enough to count.
func TestDirectRandomAppsMatchGeneral(t *testing.T) {
	t.Parallel()
	directHits := 0
	for seed := uint64(0); seed < randomAppSeeds; seed++ {
		var trDirect, trGeneral directTrace
		direct, patterns := randomApp(seed, &trDirect)
		general, _ := randomApp(seed, &trGeneral)
		rt := general.routerFor()
		generalRouters.Store(rt, struct{}{})
		hd, hg := direct.Handler(), general.Handler()
		r := rand.New(rand.NewPCG(seed, 0x7a96e7))
		for k := 0; k < 25; k++ {
			method := []string{"GET", "GET", "HEAD", "POST"}[r.IntN(4)]
			target := randomTarget(r, patterns[r.IntN(len(patterns))])
			rd, rg := wireDo(t, hd, method, target), wireDo(t, hg, method, target)
			if rd != rg {
				t.Errorf("seed %d %v %s %s: direct\n%s\ngeneral\n%s", seed, patterns, method, target, rd, rg)
			}
			ld, nd := trDirect.take()
			lg, ng := trGeneral.take()
			trDirect.takeLazy()
			trGeneral.takeLazy()
			if ng != 0 {
				t.Errorf("seed %d %s %s: the general app took the direct path", seed, method, target)
			}
			directHits += nd
			if !slices.Equal(ld, lg) {
				t.Errorf("seed %d %v %s %s: handlers saw\n%s\ngeneral\n%s", seed, patterns, method, target, strings.Join(ld, "\n"), strings.Join(lg, "\n"))
			}
		}
		generalRouters.Delete(rt)
	}
	t.Logf("direct path taken %d times", directHits)
	if directHits < 500 {
		t.Errorf("the direct path was taken %d times, want at least 500", directHits)
	}
}

var randomAppSeeds = uint64(300)

// TestContentTypeFromRequestMemory sets the Content-Type from a
// request header, a view of fasthttp's buffer that the next request on
// the connection (the same pooled context) rewrites with other bytes of
// the same length at the same place, alternated with a string constant:
// the Content-Type memo must answer each request with its own value.
func TestContentTypeFromRequestMemory(t *testing.T) {
	t.Parallel()
	app := New()
	app.Get("/t", func(req *Request, res *Response, next Next) {
		if v := req.Get("X-Type"); v != "" {
			res.Set("Content-Type", v)
		} else {
			res.Set("Content-Type", "text/plain")
		}
		res.SendString("x")
	})
	s := serveTest(t, app)
	conn, err := s.ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for i, typ := range []string{"text/css", "text/xml", "text/csv", "", "text/xml", "text/css", "", "text/css"} {
		want := "text/plain; charset=utf-8"
		var headers []string
		if typ != "" {
			want = typ + "; charset=utf-8"
			headers = []string{"X-Type", typ}
		}
		r := s.doOn(conn, "GET", "/t", headers...)
		if got := r.header("Content-Type"); r.status != 200 || got != want {
			t.Errorf("request %d (X-Type %q): %d Content-Type %q, want 200 %q", i, typ, r.status, got, want)
		}
	}
}

// TestRoutesAddedWhileServing serves requests of several
// connections on routes the direct path takes while routes are added (the
// router recompiles under them): each answer must be its own request's,
// and every added route must answer once added (run with -race).
func TestRoutesAddedWhileServing(t *testing.T) {
	t.Parallel()
	app := New()
	app.Get("/n/:id", func(req *Request, res *Response, next Next) {
		res.Set("Content-Type", "text/plain")
		res.SendString("n " + req.Params().Get("id"))
	})
	s := serveTest(t, app)
	const workers, perWorker, added = 4, 80, 40
	onConns(t, s, workers+1, func(w int, conn net.Conn, fail func(string, ...any)) {
		if w == workers {
			for i := 0; i < added; i++ {
				tag := fmt.Sprintf("r%d", i)
				app.Get("/"+tag+"/:x", func(req *Request, res *Response, next Next) {
					res.SendString(tag + " " + req.Params().Get("x"))
				})
				if r := s.doOn(conn, "GET", "/"+tag+"/v"+tag); r.status != 200 || r.body != tag+" v"+tag {
					fail("/%s/v%s: %d %q", tag, tag, r.status, r.body)
				}
			}
			return
		}
		for i := 0; i < perWorker; i++ {
			id := fmt.Sprintf("w%di%d", w, i)
			r := s.doOn(conn, "GET", "/n/"+id)
			if r.status != 200 || r.body != "n "+id || r.header("Content-Type") != "text/plain; charset=utf-8" {
				fail("/n/%s: %d %q %q", id, r.status, r.body, r.header("Content-Type"))
			}
		}
	})
}
