package fast

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// routingCase is one line of testdata/express/routing.jsonl: what Express
// 4.22.3 answered, recorded by testdata/express/routing_probe.js.
type routingCase struct {
	App     string      `json:"app"`
	Method  string      `json:"method"`
	Target  string      `json:"target"`
	Status  int         `json:"status"`
	Reason  string      `json:"reason"`
	Headers [][2]string `json:"headers"`
	Body    string      `json:"body"`
	Stack   bool        `json:"stack"`
}

// routingApps are the Go twins of the apps of routing_probe.js, built
// handler for handler.
var routingApps = map[string]func() *App{
	"mounts":   routingMountsApp,
	"dispatch": routingDispatchApp,
	"urls":     routingURLsApp,
}

func paramsJSON(req *Request) string {
	b, _ := req.Params().MarshalJSON()
	return string(b)
}

func sendf(format string, args ...any) Handler {
	return func(req *Request, res *Response, next Next) { res.Send(fmt.Sprintf(format, args...)) }
}

func routingMountsApp() *App {
	app := New()
	send := func(res *Response, s string) { res.Send(s) }
	// A: url rewrite inside a mount is re-prefixed
	app.Use("/a", func(req *Request, res *Response, next Next) {
		req.SetURL("/x")
		next()
	})
	app.Get("/a/x", func(req *Request, res *Response, next Next) { send(res, "A "+req.URL()+" "+req.OriginalURL()) })
	// C/D/E: sub-app
	sub := New()
	sub.Get("/who", func(req *Request, res *Response, next Next) {
		send(res, fmt.Sprintf("sub %v %v %s", req.App() == sub, res.App() == sub, req.BaseURL()))
	})
	sub.Get("/skip", func(req *Request, res *Response, next Next) { next(SkipRouter) })
	sub.Get("/err", func(req *Request, res *Response, next Next) { next(errors.New("suberr")) })
	app.Use("/sub", sub)
	app.Get("/sub/skip", func(req *Request, res *Response, next Next) {
		send(res, fmt.Sprintf("parent after skip %v %s", req.App() == app, req.BaseURL()))
	})
	app.Get("/sub/nothing", func(req *Request, res *Response, next Next) {
		send(res, fmt.Sprintf("parent after 404 %v", req.App() == app))
	})
	app.Use("/sub", func(err error, req *Request, res *Response, next Next) {
		res.Status(500)
		send(res, fmt.Sprintf("parent caught %s %v %s", err.Error(), req.App() == app, req.BaseURL()))
	})
	// F: next('route') in middleware
	app.Use("/f", func(req *Request, res *Response, next Next) { next(SkipRoute) })
	app.Use("/f", sendf("F continued"))
	// G: next('router') at the top
	app.Get("/g", func(req *Request, res *Response, next Next) { next(SkipRouter) })
	app.Get("/g", sendf("not reached"))
	// J: case-insensitive mount baseUrl
	app.Use("/Jay", func(req *Request, res *Response, next Next) {
		res.Set("x-trace", "j:"+req.URL()+"|"+req.BaseURL()+"|"+paramsJSON(req))
		next()
	}, func(req *Request, res *Response, next Next) { send(res, "J "+req.BaseURL()+" "+req.URL()) })
	// L: trailing slash mounts
	r := NewRouter()
	r.Get("/", func(req *Request, res *Response, next Next) {
		send(res, "L "+req.URL()+" "+req.BaseURL()+" "+req.OriginalURL())
	})
	app.Use("/l", r)
	// N: GET first then HEAD
	app.Get("/n", func(req *Request, res *Response, next Next) {
		res.Set("x-which", "get")
		send(res, "n")
	})
	app.Head("/n", func(req *Request, res *Response, next Next) {
		res.Set("x-which", "head")
		res.End()
	})
	// O: OPTIONS across routes
	app.Get("/o", sendf("o"))
	app.Post("/o", sendf("o"))
	app.Route("/o").Patch(sendf("o"))
	// Q/R: params
	app.Param("pid", func(req *Request, res *Response, next Next, v, name string) {
		switch v {
		case "route":
			next(SkipRoute)
			return
		case "err":
			next(errors.New("perr"))
			return
		}
		res.Set("x-pid", v)
		next()
	})
	app.Use("/p/:pid", func(req *Request, res *Response, next Next) {
		send(res, "P use "+req.Params().Get("pid")+" "+req.URL())
	})
	app.Use("/p", func(req *Request, res *Response, next Next) {
		send(res, "P fallthrough "+paramsJSON(req)+" "+req.URL())
	})
	app.Get("/q/:pid", func(req *Request, res *Response, next Next) { send(res, "Q "+req.Params().Get("pid")) })
	// S: params in nested mounts and in error handlers
	s1 := NewRouter(RouterOptions{MergeParams: true})
	s1.Use("/:b", func(req *Request, res *Response, next Next) { next(errors.New("deep")) })
	s1.Use(func(err error, req *Request, res *Response, next Next) {
		res.Status(501)
		send(res, "S "+err.Error()+" "+paramsJSON(req)+" "+req.BaseURL()+" "+req.URL())
	})
	app.Use("/s/:a", s1)
	// T: double slashes and dots after mount
	app.Use("/t", func(req *Request, res *Response, next Next) { send(res, "T "+req.URL()+" "+req.BaseURL()) })
	// U: route path with trailing slash, non-strict
	app.Get("/u/", sendf("U"))
	// V: mount on a route path with dot
	app.Use("/v", func(req *Request, res *Response, next Next) { send(res, "V "+req.URL()+" "+req.BaseURL()) })
	app.Use(func(req *Request, res *Response, next Next) {
		res.Set("x-last", req.URL()+"|"+req.BaseURL())
		next()
	})
	return app
}

func routingDispatchApp() *App {
	app := New()
	send := func(res *Response, s string) { res.Send(s) }
	// regexp mount with captures, merged into a router
	rr := NewRouter(RouterOptions{MergeParams: true})
	rr.Get("/:x", func(req *Request, res *Response, next Next) {
		send(res, "RR "+paramsJSON(req)+" "+req.BaseURL()+" "+req.URL())
	})
	app.Use(regexp.MustCompile(`^/re(\d+)`), rr)
	// nested routers and OPTIONS
	o1, o2 := NewRouter(), NewRouter()
	o2.Get("/z", sendf("z"))
	o2.Delete("/z", sendf("z"))
	o1.Use("/y", o2)
	o1.Put("/y/z", sendf("put"))
	app.Use("/x", o1)
	app.Post("/x/y/z", sendf("post"))
	// sub-app OPTIONS and param
	sa := New()
	sa.Param("id", func(req *Request, res *Response, next Next, id, name string) {
		res.Set("x-sa-param", id)
		next()
	})
	sa.Get("/item/:id", func(req *Request, res *Response, next Next) { send(res, "SA "+req.Params().Get("id")) })
	sa.Put("/item/:id", sendf("SA put"))
	app.Use("/sa", sa)
	app.Get("/sa/item/:id", func(req *Request, res *Response, next Next) {
		v := res.Get("x-sa-param")
		if v == "" {
			v = "-"
		}
		send(res, "parent "+req.Params().Get("id")+" "+v)
	})
	// strict and case-sensitive routers
	st := NewRouter(RouterOptions{Strict: true, CaseSensitive: true})
	st.Get("/a/", sendf("ST a/"))
	st.Get("/B", sendf("ST B"))
	app.Use("/st", st)
	// array of paths and baseUrl
	app.Use([]string{"/arr1", "/arr2/:n"}, func(req *Request, res *Response, next Next) {
		send(res, "ARR "+req.BaseURL()+" "+req.URL()+" "+paramsJSON(req))
	})
	// route.all + HEAD; app.all + OPTIONS
	app.Route("/ra").All(func(req *Request, res *Response, next Next) {
		res.Set("x-all", req.Method())
		next()
	}).Get(sendf("ra get"))
	app.All("/aa", func(req *Request, res *Response, next Next) { send(res, "aa "+req.Method()) })
	// throw in error handler, then caught
	app.Get("/thr", func(req *Request, res *Response, next Next) { next(errors.New("one")) })
	app.Use("/thr", func(err error, req *Request, res *Response, next Next) { panic(errors.New("two " + err.Error())) })
	app.Use("/thr", func(err error, req *Request, res *Response, next Next) {
		res.Status(502)
		send(res, "caught "+err.Error())
	})
	// req.route (Express lists Object.keys(req.route.methods): "get")
	app.Get("/rt/:id?", func(req *Request, res *Response, next Next) { send(res, fmt.Sprint("RT ", req.Route().Path(), " get")) })
	// status preset then next() → 404
	app.Get("/st404", func(req *Request, res *Response, next Next) {
		res.Status(503)
		res.Set("x-pre", "1")
		next()
	})
	// mergeParams with same name and numeric
	mp := NewRouter(RouterOptions{MergeParams: true})
	mp.Get(`/:id/(\d+)`, func(req *Request, res *Response, next Next) { send(res, "MP "+paramsJSON(req)) })
	app.Use(`/mp/:id/(\w+)`, mp)
	// url with encoded slash in mount
	app.Use("/enc%2Fx", func(req *Request, res *Response, next Next) { send(res, "ENC "+req.URL()+" "+req.BaseURL()) })
	app.Use("/dot", func(req *Request, res *Response, next Next) { send(res, "DOT "+req.URL()+" "+req.BaseURL()) })
	return app
}

func routingURLsApp() *App {
	app := New()
	send := func(res *Response, s string) { res.Send(s) }
	b := NewRouter()
	b.Use("/c", func(req *Request, res *Response, next Next) {
		res.Set("x-c", req.URL()+"|"+req.BaseURL()+"|"+req.OriginalURL())
		next()
	})
	b.Get("/c/d", func(req *Request, res *Response, next Next) {
		send(res, "B "+req.URL()+" "+req.BaseURL()+" "+req.OriginalURL())
	})
	app.Use("/b", b)
	app.Use("", func(req *Request, res *Response, next Next) {
		res.Set("x-empty", req.URL()+"|"+req.BaseURL())
		next()
	})
	merge := RouterOptions{MergeParams: true}
	m1, m2, m3 := NewRouter(merge), NewRouter(merge), NewRouter(merge)
	m3.Get("/:c", func(req *Request, res *Response, next Next) { send(res, "M "+paramsJSON(req)+" "+req.BaseURL()) })
	m2.Use("/:b", m3)
	m1.Use("/:a", m2)
	app.Use("/m/:z", m1)
	nm := NewRouter()
	nm.Use("/:b", func(req *Request, res *Response, next Next) { send(res, "NM "+paramsJSON(req)) })
	app.Use("/nm/:a", nm)
	sub := New()
	sub.Use(func(req *Request, res *Response, next Next) { next(SkipRouter) })
	sub.Get("/x", sendf("sub x"))
	app.Use("/sub", sub)
	app.Get("/sub/x", func(req *Request, res *Response, next Next) { send(res, "parent x "+req.BaseURL()) })
	rx := regexp.MustCompile(`^/rx/(\d+)$`)
	app.Get(rx, func(req *Request, res *Response, next Next) { next(SkipRoute) }, sendf("no"))
	app.Get(rx, func(req *Request, res *Response, next Next) { send(res, "RX "+paramsJSON(req)) })
	pr := NewRouter()
	pr.Param("v", func(req *Request, res *Response, next Next, v, name string) { next(errors.New("param " + v)) })
	pr.Get("/:v", sendf("no"))
	app.Use("/pr", pr)
	app.Use("/pr", func(err error, req *Request, res *Response, next Next) {
		res.Status(500)
		send(res, "PR "+err.Error()+" "+req.BaseURL()+" "+req.URL())
	})
	app.Use("/q", func(req *Request, res *Response, next Next) {
		send(res, "Q "+req.URL()+" "+req.Path()+" "+req.BaseURL())
	})
	return app
}

// TestRoutingDifferential sends the requests of routing_probe.js to the Go
// twins of its apps and compares the answers with Express's: status,
// reason, body and the set of headers (their order is the divergence
// TestFinalHandler reports). Error pages compare as in TestFinalHandler.
func TestRoutingDifferential(t *testing.T) {
	t.Parallel()
	f, err := os.Open("testdata/express/routing.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	servers := map[string]*testServer{}
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var c routingCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		s := servers[c.App]
		if s == nil {
			build, ok := routingApps[c.App]
			if !ok {
				t.Fatalf("no Go twin of app %q", c.App)
			}
			app := build()
			app.Set("env", "development")
			s = serveTest(t, app)
			servers[c.App] = s
		}
		t.Run(c.App+" "+c.Method+" "+c.Target, func(t *testing.T) {
			r := s.do(c.Method, c.Target)
			if r.status != c.Status || r.reason != c.Reason {
				t.Errorf("status %d %q, want %d %q", r.status, r.reason, c.Status, c.Reason)
			}
			if r.body != c.Body {
				t.Errorf("body\n%q\nwant\n%q", r.body, c.Body)
			}
			var got, want []string
			for _, h := range r.headers {
				switch strings.ToLower(h[0]) {
				case "date", "connection", "x-powered-by":
					continue
				}
				got = append(got, strings.ToLower(h[0])+": "+h[1])
			}
			for _, h := range c.Headers {
				if c.Stack && h[0] == "Content-Length" {
					h[1] = strconv.Itoa(len(c.Body))
				}
				want = append(want, strings.ToLower(h[0])+": "+h[1])
			}
			if g, w := slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)); !slices.Equal(g, w) {
				t.Errorf("headers\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
			}
		})
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}
