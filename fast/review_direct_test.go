package fast

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// reviewDirectApp adds to the shapes of directApp the ways a handler the
// direct path called can reach what direct left to fillDirect late or
// indirectly: after rewriting req.url, after registering a route (the
// router recompiles while the request holds the old snapshot), through
// Request.Param, Legacy3().Route, res.format without a match, res.sendFile
// with and without a callback, res.locals, res.charset; and a handler that
// goes on with nothing after it (the final handler).
func reviewDirectApp(tr *directTrace) *App {
	app := New()
	app.Set("env", "production")
	see := tr.answer
	missing := filepath.Join(string(filepath.Separator), "nonexistent-review3", "file.txt")
	app.Get("/rw/:id", func(req *Request, res *Response, next Next) {
		req.SetURL("/rw-target?x=1")
		tr.see("rw", req)
		next()
	})
	app.Get("/rw-blind/:id", func(req *Request, res *Response, next Next) {
		req.SetURL("/rw-target")
		next()
	})
	app.Get("/rw-long/:id", func(req *Request, res *Response, next Next) {
		req.SetURL("/rw-target/" + strings.Repeat("long", 20) + "?q=%41")
		res.Set("X-Id", req.Params().Get("id"))
		next()
	})
	app.Get("/rw-target", see("rw-target"))
	app.Get("/rw-target/:more", see("rw-target-more"))
	app.Get("/rw-read-late/:a/:b", func(req *Request, res *Response, next Next) {
		req.SetURL("/x")
		req.SetMethod("POST")
		res.Send("late " + paramsJSON(req) + " " + fmt.Sprint(req.Route().Path()))
	})

	var once sync.Once
	app.Get("/add/:id", func(req *Request, res *Response, next Next) {
		once.Do(func() {
			app.Get("/add/:other", see("added"))
			app.Use("/add", func(req *Request, res *Response, next Next) {
				tr.see("added-mw", req)
				next()
			})
		})
		tr.see("add", req)
		next()
	})
	app.Get("/add/:id", see("add-2"))

	app.Get("/last/:id", func(req *Request, res *Response, next Next) { next() })
	app.Get("/last-err/:id", func(req *Request, res *Response, next Next) {
		next(&HTTPError{Status: 409, Message: "conflict"})
	})
	app.Get("/param-fn/:id", func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprint("param-fn ", req.Param("id"), " ", req.Param("nope", "dflt")))
	})
	app.Get("/legacy3/:id", func(req *Request, res *Response, next Next) {
		rt, ok := req.Legacy3().Route()
		res.Send(fmt.Sprint("legacy3 ", ok, " ", rt.Path, " ", rt.Method))
	})
	app.Get("/format-none/:id", func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{{Type: "application/json", Handler: see("never")}})
	})
	app.Get("/sendfile/:id", func(req *Request, res *Response, next Next) {
		res.SendFile(missing, nil, nil)
	})
	app.Get("/sendfile-cb/:id", func(req *Request, res *Response, next Next) {
		res.SendFile(missing, nil, func(err error) {
			tr.see("sendfile-cb", req)
			res.Status(404).Send(fmt.Sprint("cb ", err != nil, " ", req.Params().Get("id")))
		})
	})
	app.Get("/locals/:id", func(req *Request, res *Response, next Next) {
		res.Locals()["id"] = req.Params().Get("id")
		next()
	})
	app.Get("/locals/:id", func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprint("locals ", res.Locals()["id"], " ", len(res.Locals())))
	})
	app.Get("/charset/:id", func(req *Request, res *Response, next Next) {
		res.SetCharset("ISO-8859-1")
		res.Set("Content-Type", "text/plain")
		res.Send("charset " + req.Params().Get("id"))
	})
	app.All("/all-head/:x", see("all-head"))
	app.Get("/status0/:x", func(req *Request, res *Response, next Next) {
		res.Status(0)
		res.Send("zero")
	})
	app.Get("/nocontent/:x", func(req *Request, res *Response, next Next) {
		res.Status(204)
		res.Send("dropped")
	})
	app.Get("/twice/:id", func(req *Request, res *Response, next Next) {
		next()
		next()
	})
	app.Get("/twice/:id", func(req *Request, res *Response, next Next) {
		tr.see("twice-2", req)
		res.Send("twice " + paramsJSON(req))
	})
	app.Get("/blind-skiprouter/:id", func(req *Request, res *Response, next Next) { next.SkipRouter() })
	app.Get("/blind-skiproute/:id", func(req *Request, res *Response, next Next) { next.SkipRoute() })
	app.Get("/blind-skiproute/:other", see("blind-skiproute-2"))
	app.Get("/panic-nil", func(req *Request, res *Response, next Next) {
		var m map[string]int
		m["x"]++
	})

	// net/http middleware as a route's handler: the bridge rewrites req.url
	// from what it passes on, then the rest of the chain runs.
	rewrite := func(target string) func(http.Handler) http.Handler {
		return func(h http.Handler) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				u, _ := url.ParseRequestURI(target)
				r.URL = u
				r.RequestURI = target
				h.ServeHTTP(w, r)
			})
		}
	}
	app.Get("/nh-short/:id", rewrite("/nh-target"))
	app.Get("/nh-long/:id", rewrite("/nh-target/"+strings.Repeat("x", 300)))
	app.Get("/nh-same/:id", rewrite("/nh-same/other"))
	app.Get("/nh-same/:id", see("nh-same-2"))
	app.Get("/nh-target", see("nh-target"))
	app.Get("/nh-target/:more", see("nh-target-more"))
	app.Get("/nh-handler/:id", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "nh-handler "+r.URL.Path)
	}))

	app.Use(tr.errorHandler())
	return app
}

var reviewDirectRequests = []struct {
	method, target string
	headers        []string
}{
	{"GET", "/rw/1", nil},
	{"GET", "/rw-blind/2", nil},
	{"GET", "/rw-long/3", nil},
	{"GET", "/rw-read-late/4/5?z=1", nil},
	{"GET", "/add/6", nil},
	{"GET", "/add/7", nil},
	{"GET", "/last/8", nil},
	{"GET", "/last-err/9", nil},
	{"GET", "/param-fn/10", nil},
	{"GET", "/legacy3/11", nil},
	{"GET", "/format-none/12", []string{"Accept", "text/html"}},
	{"GET", "/sendfile/13", nil},
	{"GET", "/sendfile-cb/14", nil},
	{"GET", "/locals/15", nil},
	{"GET", "/charset/16", nil},
	{"HEAD", "/all-head/17", nil},
	{"OPTIONS", "/all-head/18", nil},
	{"GET", "/status0/19", nil},
	{"GET", "/nocontent/20", nil},
	{"GET", "/panic-nil", nil},
	{"GET", "/last/21", []string{"If-None-Match", "", "If-Modified-Since", ""}},
	{"GET", "/twice/26", nil},
	{"GET", "/blind-skiprouter/27", nil},
	{"GET", "/blind-skiproute/28", nil},
	{"HEAD", "/blind-skiproute/29", nil},
	{"GET", "/nh-short/22", nil},
	{"GET", "/nh-long/23", nil},
	{"GET", "/nh-same/24", nil},
	{"GET", "/nh-handler/25?q", nil},
}

// TestReviewDirectMatchesGeneral is TestDirectMatchesGeneral for the
// shapes of reviewDirectApp: the same responses and the same observations
// of every handler on an app whose router takes the direct path and on its
// twin whose router never does, twice (the second time after the routes
// /add/:id registers).
func TestReviewDirectMatchesGeneral(t *testing.T) {
	t.Parallel()
	var trDirect, trGeneral directTrace
	direct, general := reviewDirectApp(&trDirect), reviewDirectApp(&trGeneral)
	r := general.routerFor()
	generalRouters.Store(r, struct{}{})
	t.Cleanup(func() { generalRouters.Delete(r) })
	sd, sg := serveTest(t, direct), serveTest(t, general)
	for round := 0; round < 2; round++ {
		for _, rq := range reviewDirectRequests {
			rd, rg := sd.do(rq.method, rq.target, rq.headers...), sg.do(rq.method, rq.target, rq.headers...)
			name := fmt.Sprintf("round %d %s %s", round, rq.method, rq.target)
			if rd.status != rg.status || rd.reason != rg.reason || rd.body != rg.body {
				t.Errorf("%s: direct %d %q %q, general %d %q %q", name, rd.status, rd.reason, rd.body, rg.status, rg.reason, rg.body)
			}
			hd, hg := headerLines(rd), headerLines(rg)
			if strings.HasPrefix(rq.target, "/nh-") {
				// Through net/http middleware the header is an
				// http.Header, a map: its order is not kept.
				slices.Sort(hd)
				slices.Sort(hg)
			}
			if !slices.Equal(hd, hg) {
				t.Errorf("%s: headers\n%s\ngeneral\n%s", name, strings.Join(hd, "\n"), strings.Join(hg, "\n"))
			}
			ld, _ := trDirect.take()
			lg, ng := trGeneral.take()
			if ng != 0 {
				t.Errorf("%s: the general app took the direct path %d times", name, ng)
			}
			if !slices.Equal(ld, lg) {
				t.Errorf("%s: handlers saw\n%s\ngeneral\n%s", name, strings.Join(ld, "\n"), strings.Join(lg, "\n"))
			}
		}
	}
}

// doOn sends one request on a kept-alive connection and reads its answer;
// headers alternate names and values.
func (s *testServer) doOn(conn net.Conn, method, target string, headers ...string) *testResponse {
	s.t.Helper()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	var b strings.Builder
	b.WriteString(method + " " + target + " HTTP/1.1\r\nHost: example.com\r\n")
	for i := 0; i+1 < len(headers); i += 2 {
		b.WriteString(headers[i] + ": " + headers[i+1] + "\r\n")
	}
	b.WriteString("\r\n")
	if _, err := io.WriteString(conn, b.String()); err != nil {
		s.t.Fatal(err)
	}
	return readResponse(s.t, conn, method == "HEAD")
}

// reviewLeakApp answers with what a request can see of the one before it
// on the same context, were anything left over: params, route, locals,
// the pending error, res.charset, X-Powered-By and headers.
func reviewLeakApp() *App {
	app := New()
	app.Set("env", "production")
	report := func(tag string) Handler {
		return func(req *Request, res *Response, next Next) {
			route := "-"
			if rt := req.Route(); rt != nil {
				route = fmt.Sprint(rt.Path())
			}
			res.Send(fmt.Sprintf("%s params=%s route=%s locals=%d", tag, paramsJSON(req), route, len(res.Locals())))
		}
	}
	app.Get("/p/:a/:b", report("p"))
	app.Get("/none", report("none"))
	app.Get("/blind/:x", func(req *Request, res *Response, next Next) {
		res.Locals()["x"] = 1
		res.Set("X-Blind", "1")
		res.SetCharset("ISO-8859-1")
		res.Send("blind")
	})
	app.Get("/panic/:x", func(req *Request, res *Response, next Next) {
		res.Locals()["x"] = 1
		res.Set("X-Panic", "1")
		panic("boom")
	})
	app.Get("/fail/:x", func(req *Request, res *Response, next Next) {
		res.Status(1000)
		res.Send("x") // fails: the pending error goes to the error handler
	})
	app.Get("/next/:x", func(req *Request, res *Response, next Next) { next() })
	app.Get("/next/:y", report("next-2"))
	// req.params of an error handler are its own layer's (none), as in
	// Express; req.route is still the route that failed.
	app.Use(func(err error, req *Request, res *Response, next Next) {
		route := "-"
		if rt := req.Route(); rt != nil {
			route = fmt.Sprint(rt.Path())
		}
		res.Status(500).Send(fmt.Sprintf("error params=%s route=%s", paramsJSON(req), route))
	})
	return app
}

// TestReviewDirectKeepAlive serves requests one after the other on one
// connection (so on one pooled context, as a fasthttp.Server keeps it per
// connection), alternating ones the direct path completes with ones it
// leaves to fillDirect, panics and failed sends: every answer must be the
// one it gets alone, nothing left over from the request before.
func TestReviewDirectKeepAlive(t *testing.T) {
	t.Parallel()
	s := serveTest(t, reviewLeakApp())
	conn, err := s.ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	type want struct {
		status int
		body   string
		header string // a header the answer must not have
	}
	steps := []struct {
		target string
		want   want
	}{
		{"/p/1/2", want{200, `p params={"a":"1","b":"2"} route=/p/:a/:b locals=0`, "X-Blind"}},
		{"/blind/3", want{200, "blind", ""}},
		{"/none", want{200, "none params={} route=/none locals=0", "X-Blind"}},
		{"/panic/4", want{500, "error params={} route=/panic/:x", ""}},
		{"/none", want{200, "none params={} route=/none locals=0", "X-Panic"}},
		{"/blind/5", want{200, "blind", ""}},
		{"/fail/6", want{500, "error params={} route=/fail/:x", "X-Blind"}},
		{"/p/7/8", want{200, `p params={"a":"7","b":"8"} route=/p/:a/:b locals=0`, "X-Blind"}},
		{"/next/9", want{200, `next-2 params={"y":"9"} route=/next/:y locals=0`, ""}},
		{"/nowhere", want{404, "", "X-Blind"}},
		{"/panic/10", want{500, "error params={} route=/panic/:x", ""}},
		{"/p/11/12", want{200, `p params={"a":"11","b":"12"} route=/p/:a/:b locals=0`, "X-Panic"}},
	}
	for i, st := range steps {
		r := s.doOn(conn, "GET", st.target)
		if r.status != st.want.status || (st.want.body != "" && r.body != st.want.body) {
			t.Errorf("step %d %s: %d %q, want %d %q", i, st.target, r.status, r.body, st.want.status, st.want.body)
		}
		if st.want.header != "" && r.has(st.want.header) {
			t.Errorf("step %d %s: has %s from an earlier request", i, st.target, st.want.header)
		}
		if ct := r.header("Content-Type"); strings.Contains(ct, "ISO-8859-1") && st.target != "/blind/3" && st.target != "/blind/5" {
			t.Errorf("step %d %s: Content-Type %q: res.charset of an earlier request", i, st.target, ct)
		}
	}
}

// TestReviewDirectConcurrent serves requests of many connections at once,
// each with its own parameter values, on routes the direct path takes
// (some handlers read nothing before going on, some panic): each answer
// must carry its own request's values (run with -race and with -tags
// fwpoison).
func TestReviewDirectConcurrent(t *testing.T) {
	t.Parallel()
	app := reviewLeakApp()
	s := serveTest(t, app)
	const workers, perWorker = 6, 60
	onConns(t, s, workers, func(w int, conn net.Conn, fail func(string, ...any)) {
		for i := 0; i < perWorker; i++ {
			a, b := fmt.Sprintf("w%d", w), fmt.Sprintf("i%d", i)
			var target, body string
			status := 200
			switch i % 4 {
			case 0:
				target, body = "/p/"+a+"/"+b, fmt.Sprintf(`p params={"a":%q,"b":%q} route=/p/:a/:b locals=0`, a, b)
			case 1:
				target, body = "/next/"+a+b, fmt.Sprintf(`next-2 params={"y":%q} route=/next/:y locals=0`, a+b)
			case 2:
				target, body, status = "/panic/"+a+b, "error params={} route=/panic/:x", 500
			case 3:
				target, body = "/blind/"+a+b, "blind"
			}
			r := s.doOn(conn, "GET", target)
			if r.status != status || r.body != body {
				fail("%s: %d %q, want %d %q", target, r.status, r.body, status, body)
			}
		}
	})
}

// onConns runs work on n connections to s at once, each on a goroutine
// of its own with its index, and reports the first ten failures work
// reports through fail.
func onConns(t *testing.T, s *testServer, n int, work func(w int, conn net.Conn, fail func(format string, args ...any))) {
	t.Helper()
	var mu sync.Mutex
	var fails []string
	fail := func(format string, args ...any) {
		mu.Lock()
		fails = append(fails, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for w := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := s.ln.Dial()
			if err != nil {
				fail("dial: %v", err)
				return
			}
			defer conn.Close()
			work(w, conn, fail)
		}()
	}
	wg.Wait()
	for i, f := range fails {
		if i == 10 {
			break
		}
		t.Error(f)
	}
}

// TestReviewResetTouched serves, on one connection (one pooled context),
// requests that fill a req.* cache, res.locals or res.sendFile's headers
// and then requests that read them without filling them: Reset clears
// those only when a request marked the context touched, so a writer that
// forgot the mark would hand the next request the values of this one.
func TestReviewResetTouched(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(file, []byte("file"), 0o644); err != nil {
		t.Fatal(err)
	}
	app := New()
	app.Get("/query", func(req *Request, res *Response, next Next) {
		v, ok := req.Query().Get("a")
		res.Send(fmt.Sprint("query ", v, " ", ok))
	})
	app.Get("/query-value", func(req *Request, res *Response, next Next) {
		v, ok := req.QueryValue("a")
		res.Send(fmt.Sprint("query-value ", v, " ", ok))
	})
	app.Get("/cookies", func(req *Request, res *Response, next Next) {
		req.ParseCookies([]string{"s3cret"})
		v, _ := req.Cookies().Get("c")
		res.Send(fmt.Sprint("cookies ", v, " ", req.Cookies().Len(), " ", req.Secret()))
	})
	app.Get("/cookies-unparsed", func(req *Request, res *Response, next Next) {
		res.Send(fmt.Sprint("unparsed ", req.Cookies().Len(), " ", req.Secret()))
	})
	app.Get("/locals", func(req *Request, res *Response, next Next) {
		if req.Query() != nil && req.URL() == "/locals?set" {
			res.Locals()["k"] = "v"
		}
		res.Send(fmt.Sprint("locals ", len(res.Locals())))
	})
	app.Get("/file", func(req *Request, res *Response, next Next) {
		var opts *SendFileOptions
		if req.URL() == "/file?h" {
			opts = &SendFileOptions{Headers: [][2]string{{"X-Leak", "1"}}}
		}
		res.SendFile(file, opts, nil)
	})
	app.Get("/plain", func(req *Request, res *Response, next Next) { res.Send("plain") })
	s := serveTest(t, app)
	conn, err := s.ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	steps := []struct {
		target  string
		headers []string
		body    string
		noLeak  bool // the answer must not have X-Leak
	}{
		{"/query?a=1", nil, "query 1 true", false},
		{"/plain", nil, "plain", false},
		{"/query", nil, "query <nil> false", false},
		{"/query?a=2", nil, "query 2 true", false},
		{"/query-value", nil, "query-value  false", false},
		{"/cookies", []string{"Cookie", "c=1"}, "cookies 1 1 s3cret", false},
		{"/cookies", nil, "cookies  0 s3cret", false},
		{"/cookies", []string{"Cookie", "c=2"}, "cookies 2 1 s3cret", false},
		{"/cookies-unparsed", []string{"Cookie", "c=3"}, "unparsed 0 ", false},
		{"/locals?set", nil, "locals 1", false},
		{"/locals", nil, "locals 0", false},
		{"/file?h", nil, "file", false},
		{"/file", nil, "file", true},
		{"/plain", nil, "plain", true},
	}
	for i, st := range steps {
		r := s.doOn(conn, "GET", st.target, st.headers...)
		if r.status != 200 || r.body != st.body {
			t.Errorf("step %d %s: %d %q, want 200 %q", i, st.target, r.status, r.body, st.body)
		}
		if st.noLeak && r.has("X-Leak") {
			t.Errorf("step %d %s: X-Leak of an earlier request's sendFile", i, st.target)
		}
	}
}
