package fast

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// legacyLeftoversApp builds, with the 3.x profile, the app of
// testdata/legacy/leftovers.js, whose answers from Express 3.21.2 are
// recorded in testdata/legacy/leftovers.jsonl (development mode).
func legacyLeftoversApp() *App {
	a := New()
	a.envAtInit = "development"
	a.Set("env", "development")
	app := initLegacy3(a)
	r := func(p any, h Handler) { app.Get(p, h) }
	send := func(s string) Handler {
		return func(req *Request, res *Response, next Next) { res.Send(s) }
	}
	pass := func(req *Request, res *Response, next Next) { next() }

	// 1. body-first forms
	r("/send/body-status", func(req *Request, res *Response, next Next) { res.SendBodyStatus("nope", 404) })
	r("/send/object-status", func(req *Request, res *Response, next Next) {
		res.SendBodyStatus(map[string]int{"a": 1}, 201)
	})
	r("/send/buffer-status", func(req *Request, res *Response, next Next) { res.SendBodyStatus([]byte("hi"), 500) })
	r("/send/null-status", func(req *Request, res *Response, next Next) { res.SendBodyStatus(nil, 201) })
	r("/send/bool-status", func(req *Request, res *Response, next Next) { res.SendBodyStatus(true, 201) })
	r("/send/number-status", func(req *Request, res *Response, next Next) { res.SendBodyStatus(5, 201) })
	r("/send/array-status", func(req *Request, res *Response, next Next) { res.SendBodyStatus([]any{1, "a"}, 202) })
	r("/send/empty-status", func(req *Request, res *Response, next Next) { res.SendBodyStatus("", 404) })
	r("/send/status-304", func(req *Request, res *Response, next Next) { res.SendBodyStatus("x", 304) })
	r("/json/obj-status", func(req *Request, res *Response, next Next) {
		res.JSONBodyStatus(map[string]int{"a": 1}, 201)
	})
	r("/json/number-status", func(req *Request, res *Response, next Next) { res.JSONBodyStatus(5, 201) })
	r("/json/string-status", func(req *Request, res *Response, next Next) { res.JSONBodyStatus("x", 404) })
	r("/json/null-status", func(req *Request, res *Response, next Next) { res.JSONBodyStatus(nil, 500) })
	r("/json/status-number", func(req *Request, res *Response, next Next) { res.JSONStatus(201, 5) })
	r("/jsonp/obj-status", func(req *Request, res *Response, next Next) {
		res.JSONPBodyStatus(map[string]int{"a": 1}, 201)
	})
	r("/jsonp/number-status", func(req *Request, res *Response, next Next) { res.JSONPBodyStatus(5, 202) })

	// 2. req.is
	types := []string{"html", "text/html", "text/*", "json", "application/json", "application/*", "*/json",
		"*/*", "text", "JSON", "foo", "bin", "urlencoded", "multipart/*", "json-patch", "json+json", "html; charset=utf-8"}
	r("/is", func(req *Request, res *Response, next Next) {
		out := make([][2]any, len(types))
		for i, t := range types {
			_, ok := req.Is(t)
			out[i] = [2]any{t, ok}
		}
		res.JSON(out)
	})

	// 3. the automatic OPTIONS answer
	one := NewLegacy3()
	one.Get("/x", send("x"))
	one.Post("/x", send("x"))
	one.Put("/x/:id", send("x"))
	one.Patch("/x/:id?", send("x"))
	one.Method("M-SEARCH", "/x", send("x"))
	one.Delete("/x", send("x"))
	one.Get("/nohead", send("x"))
	one.Options("/custom", send("custom"))
	one.Get("/custom", send("x"))
	one.Options("/pass", pass)
	one.Get("/pass", send("x"))
	one.Options("/only", pass)
	boom := func(req *Request, res *Response, next Next) { next(&HTTPError{Name: "Error", Message: "boom"}) }
	one.Post("/err", boom)
	one.Options("/err", boom)
	app.Use("/one", one)

	two := NewLegacy3()
	two.All("/all", pass)
	two.Get("/get", send("x"))
	two.Head("/head", send("x"))
	app.Use("/two", two)

	three := NewLegacy3()
	three.Head("/h", send("x"))
	three.Get("/g", send("x"))
	three.Get("/g/:id", send("x"))
	app.Use("/three", three)

	strict := NewLegacy3()
	strict.Set("strict routing", true)
	strict.Set("case sensitive routing", true)
	strict.Get("/s/", send("x"))
	strict.Post("/S", send("x"))
	app.Use("/strict", strict)

	// 4. req.route
	app.Get("/route/:id/:op?", pass, legacyRouteJSON)
	app.All("/route-all", legacyRouteJSON)
	app.Get(regexp.MustCompile(`^\/route-re\/(\d+)(?:\/(x))?$`), legacyRouteJSON)
	app.Get("/route-star/*", legacyRouteJSON)
	app.Get("/route-format.:format?", legacyRouteJSON)
	app.Post("/route-two/:a", pass)
	app.Post("/route-two/:b", legacyRouteJSON)
	app.Get("/route-enc/:name", legacyRouteJSON)
	app.Get("/route-after", pass)
	app.Use(func(req *Request, res *Response, next Next) {
		if req.Path() != "/route-after" {
			next()
			return
		}
		path := "undefined"
		if rt, ok := req.Legacy3().Route(); ok {
			path = rt.Path.(string)
		}
		res.Send("after " + path)
	})
	return app
}

// legacyRouteJSON answers req.route as leftovers.js's route function does.
func legacyRouteJSON(req *Request, res *Response, next Next) {
	rt, ok := req.Legacy3().Route()
	if !ok {
		res.Status(500).Send("no req.route")
		return
	}
	res.Set("X-Route-Method", rt.Method)
	path, isString := rt.Path.(string)
	if !isString {
		path = legacyRegexp(rt.Path, RouterOptions{}, new([]RouteKey))
	}
	keys := rt.Keys
	if keys == nil {
		keys = []RouteKey{}
	}
	params := [][2]any{}
	rt.Params.each(func(p param) bool {
		var v any
		if p.set {
			v = p.value
		}
		params = append(params, [2]any{p.name, v})
		return true
	})
	res.JSON(jsonObject{
		{"path", path}, {"method", rt.Method}, {"callbacks", rt.Callbacks}, {"keys", keys},
		{"regexp", rt.Regexp}, {"params", params}, {"same", rt.Params == req.Params()},
	})
}

// legacyLeftoverDivergent are the recorded cases fast answers differently
// on purpose (fast/doc.go), with what fast answers instead.
var legacyLeftoverDivergent = map[string]struct {
	why    string
	status int
	body   string
}{
	"/send/number-status": {"Express 3 reads res.send(5, 201) as res.send(5 as the status, 201), which Node " +
		"refuses (500, RangeError); SendBodyStatus(5, 201) is typed: 201 with 5 as JSON", 201, "5"},
	"/json/status-number": {"Express 3 reads res.json(201, 5) as res.json(201, 5 as the status), which Node " +
		"refuses (500, RangeError); JSONStatus(201, 5) is typed: 201 with 5 as JSON", 201, "5"},
}

// TestLegacy3LeftoversMatchExpress3 replays the requests recorded from
// Express 3.21.2 by testdata/legacy/leftovers.js (body-first send, json and
// jsonp; req.is; the automatic OPTIONS answer; req.route) against the same
// app built with NewLegacy3, and compares status line, headers and body.
func TestLegacy3LeftoversMatchExpress3(t *testing.T) {
	t.Parallel()
	raw, cases := legacyRecorded(t, "leftovers")
	if len(cases) < 70 {
		t.Fatalf("%d cases", len(cases))
	}
	app := legacyLeftoversApp()
	t.Run("app.routes", func(t *testing.T) {
		var want map[string]any
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		got := routesJSON(t, app.Routes())
		for _, verb := range []string{"get", "post"} {
			g, _ := json.Marshal(got[verb])
			w, _ := json.Marshal(want[verb])
			if string(g) != string(w) {
				t.Errorf("%s:\n%s\nwant\n%s", verb, g, w)
			}
		}
	})
	s := serveTest(t, app)
	for _, c := range cases {
		name := c.Method + " " + c.Target
		for _, h := range c.ReqHeaders {
			name += " " + h[0] + ":" + h[1]
		}
		t.Run(name, func(t *testing.T) {
			if d, ok := legacyLeftoverDivergent[c.Target]; ok {
				t.Log("divergence: " + d.why)
				if c.Status != 500 {
					t.Errorf("recorded %d: the divergence is gone", c.Status)
				}
				r := s.do(c.Method, c.Target)
				if r.status != d.status || r.body != d.body {
					t.Errorf("got %d %q, want %d %q", r.status, r.body, d.status, d.body)
				}
				return
			}
			checkLegacyCase(t, s, "development", "", c)
		})
	}
}

// TestLegacy3BodyFirst ports the body-first cases of Express 3.21.2's
// test/res.send.js, res.json.js and res.jsonp.js.
func TestLegacy3BodyFirst(t *testing.T) {
	t.Parallel()
	jsonCT := map[string]string{"Content-Type": "application/json; charset=utf-8"}
	runLegacy3Cases(t, []legacy3Case{
		{name: "res.send(body, code) should be supported for backwards compat", status: 400, body: "Bad!",
			h: func(req *Request, res *Response, next Next) { res.SendBodyStatus("Bad!", 400) }},
		{name: "res.send(code, number) should send number as json", body: "0.123", want: jsonCT,
			h: func(req *Request, res *Response, next Next) { res.SendStatusBody(200, 0.123) }},
		{name: "res.json(object, status) should respond with json and set the .statusCode for backwards compat",
			status: 201, body: "{\n  \"id\": 1\n}", want: jsonCT,
			h: func(req *Request, res *Response, next Next) { res.JSONBodyStatus(map[string]int{"id": 1}, 201) }},
		{name: "res.json(object, status) should use status as second number for backwards compat",
			status: 201, body: "200", want: jsonCT,
			h: func(req *Request, res *Response, next Next) { res.JSONBodyStatus(200, 201) }},
		{name: "res.jsonp(object, status) should respond with json and set the .statusCode for backwards compat",
			status: 201, body: "{\n  \"id\": 1\n}", want: jsonCT,
			h: func(req *Request, res *Response, next Next) { res.JSONPBodyStatus(map[string]int{"id": 1}, 201) }},
		{name: "res.jsonp(object, status) should use status as second number for backwards compat",
			status: 201, body: "200", want: jsonCT,
			h: func(req *Request, res *Response, next Next) { res.JSONPBodyStatus(200, 201) }},
		{name: "res.jsonp(object, status) with a callback sends JavaScript", target: "/?callback=cb",
			status: 201, body: "/**/ typeof cb === 'function' && cb(200);",
			want: map[string]string{"Content-Type": "text/javascript; charset=utf-8", "X-Content-Type-Options": "nosniff"},
			h:    func(req *Request, res *Response, next Next) { res.JSONPBodyStatus(200, 201) }},
	})
}

// TestLegacy3Is ports Express 3.21.2's test/req.is.js: each it() checks a
// Content-Type that matches and one that does not.
func TestLegacy3Is(t *testing.T) {
	t.Parallel()
	app := NewLegacy3()
	app.Use(func(req *Request, res *Response, next Next) {
		types := strings.Split(req.Get("X-Is"), ",")
		typ, ok := req.Is(types...)
		if ok != req.Legacy3().Is(types[0]) {
			res.Status(500).Send("Request.Is and Legacy3Request.Is differ")
			return
		}
		res.Send(fmt.Sprint(typ, " ", ok))
	})
	s := serveTest(t, app)
	type check struct{ ct, typ, want string }
	for _, tc := range []struct {
		name   string
		checks []check
	}{
		{"req.is() should ignore charset", []check{{"application/json; charset=utf-8", "json", "json true"}}},
		{"req.is() when content-type is not present should return false", []check{{"", "json", " false"}}},
		{"req.is() when given an extension should lookup the mime type",
			[]check{{"application/json", "json", "json true"}, {"text/html", "json", " false"}}},
		{"req.is() when given a mime type should match",
			[]check{{"application/json", "application/json", "application/json true"}, {"image/jpeg", "application/json", " false"}}},
		{"req.is() when given */subtype should match",
			[]check{{"application/json", "*/json", "*/json true"}, {"image/jpeg", "*/json", " false"}}},
		{"req.is() when given */subtype with a charset should match",
			[]check{{"text/html; charset=utf-8", "*/html", "*/html true"}, {"text/plain; charset=utf-8", "*/html", " false"}}},
		{"req.is() when given type/* should match",
			[]check{{"image/png", "image/*", "image/* true"}, {"text/html", "image/*", " false"}}},
		{"req.is() when given type/* with a charset should match",
			[]check{{"text/html; charset=utf-8", "text/*", "text/* true"}, {"something/html; charset=utf-8", "text/*", " false"}}},
		// Express 3 behaviour without an it() of its own:
		{"req.is() matches a type as a substring of the Content-Type",
			[]check{{"application/json-patch+json", "json", "json true"}, {"application/vnd.api+json", "json", " false"}}},
		{"req.is() compares the Content-Type case-sensitively",
			[]check{{"Application/JSON", "json", " false"}, {"application/json", "JSON", "JSON true"}}},
		{"req.is() with */* matches only a Content-Type of */*",
			[]check{{"text/html", "*/*", " false"}, {"*/*", "*/*", "*/* true"}}},
		{"req.is() takes an unknown extension for application/octet-stream",
			[]check{{"application/octet-stream", "nope", "nope true"}, {"text/plain", "nope", " false"}}},
		{"req.is() reads only the first type",
			[]check{{"application/json", "html,json", " false"}, {"text/html", "html,json", "html true"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, c := range tc.checks {
				hs := []string{"X-Is", c.typ}
				if c.ct != "" {
					hs = append(hs, "Content-Type", c.ct)
				}
				if r := s.do("GET", "/", hs...); r.status != 200 || r.body != c.want {
					t.Errorf("Content-Type %q, is(%q): %d %q, want %q", c.ct, c.typ, r.status, r.body, c.want)
				}
			}
		})
	}
	t.Run("an app of New keeps type-is", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Use(func(req *Request, res *Response, next Next) {
			_, ok := req.Is("json")
			res.Send(fmt.Sprint(ok))
		})
		// type-is: no body, no match; Express 3 reads the header anyway.
		if r := serveTest(t, app).do("GET", "/", "Content-Type", "application/json"); r.body != "false" {
			t.Errorf("body %q", r.body)
		}
	})
}

// TestLegacy3Options ports Express 3.21.2's test/app.options.js.
func TestLegacy3Options(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		build  func(app *App)
		target string
		status int
		allow  string
		body   string
	}{
		{name: "OPTIONS should default to the routes defined", target: "/users", status: 200,
			allow: "GET,HEAD,PUT", body: "GET,HEAD,PUT",
			build: func(app *App) {
				app.Delete("/", noop)
				app.Get("/users", noop)
				app.Put("/users", noop)
			}},
		{name: "OPTIONS should not respond if the path is not defined", target: "/other", status: 404,
			build: func(app *App) { app.Get("/users", noop) }},
		{name: "OPTIONS should forward requests down the middleware chain", target: "/other", status: 200,
			allow: "GET,HEAD", body: "GET,HEAD",
			build: func(app *App) {
				router := NewRouter()
				router.Get("/users", noop)
				app.Use(router)
				app.Get("/other", noop)
			}},
		{name: "app.options() should override the default behavior", target: "/users", status: 200,
			allow: "GET", body: "GET",
			build: func(app *App) {
				app.Options("/users", func(req *Request, res *Response, next Next) {
					res.Set("Allow", "GET")
					res.Send("GET")
				})
				app.Get("/users", noop)
				app.Put("/users", noop)
			}},
		// Express 3 behaviour without an it() of its own:
		{name: "OPTIONS sorts the methods", target: "/x", status: 200, allow: "DELETE,GET,HEAD,M-SEARCH,POST",
			body: "DELETE,GET,HEAD,M-SEARCH,POST",
			build: func(app *App) {
				app.Post("/x", noop)
				app.Method("M-SEARCH", "/x", noop)
				app.Get("/x", noop)
				app.Delete("/x", noop)
			}},
		{name: "OPTIONS lists HEAD for GET routes only when the router has no HEAD route", target: "/x",
			status: 200, allow: "GET", body: "GET",
			build: func(app *App) {
				app.Get("/x", noop)
				app.Head("/y", noop)
			}},
		{name: "OPTIONS drops the error a route passed on", target: "/x", status: 200, allow: "GET,HEAD",
			body: "GET,HEAD",
			build: func(app *App) {
				app.Options("/x", func(req *Request, res *Response, next Next) { next(errors.New("boom")) })
				app.Get("/x", noop)
			}},
		{name: "OPTIONS with a parameter that does not decode is 400", target: "/x/%ZZ", status: 400,
			build: func(app *App) { app.Get("/x/:id", noop) }},
		{name: "OPTIONS passes on the error of a router with middleware (not a 3.x router)", target: "/r/x",
			status: 401,
			build: func(app *App) {
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) { next(&HTTPError{Status: 401, Message: "no"}) })
				router.Get("/x", noop)
				app.Use("/r", router)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := NewLegacy3()
			tc.build(app)
			r := serveTest(t, app).do("OPTIONS", tc.target)
			if r.status != tc.status || r.header("Allow") != tc.allow {
				t.Errorf("%d Allow %q, want %d %q", r.status, r.header("Allow"), tc.status, tc.allow)
			}
			if tc.body != "" && r.body != tc.body {
				t.Errorf("body %q, want %q", r.body, tc.body)
			}
		})
	}
	t.Run("an app of New keeps 4.x's list", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Post("/x", noop)
		app.Get("/x", noop)
		if r := serveTest(t, app).do("OPTIONS", "/x"); r.body != "POST,GET,HEAD" {
			t.Errorf("body %q", r.body)
		}
	})
}

// TestLegacy3ReqRoute ports Express 3.21.2's test/req.route.js.
func TestLegacy3ReqRoute(t *testing.T) {
	t.Parallel()
	t.Run("req.route should be the executed Route", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		var errs []string
		check := func(req *Request, method, path string) {
			rt, ok := req.Legacy3().Route()
			if !ok || rt.Method != method || rt.Path != path {
				errs = append(errs, fmt.Sprintf("route %v %+v, want %s %s", ok, rt.RouteRecord, method, path))
			}
		}
		app.Get("/user/:id/:op?", func(req *Request, res *Response, next Next) {
			check(req, "get", "/user/:id/:op?")
			next()
		})
		app.Get("/user/:id/edit", func(req *Request, res *Response, next Next) {
			check(req, "get", "/user/:id/edit")
			res.Send(strings.Join(errs, "\n")) // the handlers ran in this order on one goroutine
		})
		if r := serveTest(t, app).do("GET", "/user/12/edit"); r.status != 200 || r.body != "" {
			t.Errorf("status %d, errors:\n%s", r.status, r.body)
		}
	})
	t.Run("req.route is absent before a route", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Use(func(req *Request, res *Response, next Next) {
			_, ok := req.Legacy3().Route()
			res.Send(fmt.Sprint(ok))
		})
		if r := serveTest(t, app).do("GET", "/"); r.body != "false" {
			t.Errorf("body %q", r.body)
		}
	})
	t.Run("req.route's record removes the route for its method", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.All("/x", func(req *Request, res *Response, next Next) {
			rt, _ := req.Legacy3().Route()
			res.Send(fmt.Sprint(rt.Remove()))
		})
		s := serveTest(t, app)
		if r := s.do("POST", "/x"); r.body != "true" {
			t.Errorf("first POST %q", r.body)
		}
		if r := s.do("POST", "/x"); r.status != 404 {
			t.Errorf("second POST %d, want 404", r.status)
		}
		if r := s.do("GET", "/x"); r.body != "true" {
			t.Errorf("GET %q", r.body)
		}
	})
}
