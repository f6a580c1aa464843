package fast

import (
	"errors"
	"regexp"
	"testing"
)

// productionPage is finalhandler's page in production for a message.
func productionPage(msg string) string {
	return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n</head>\n<body>\n<pre>" +
		msg + "</pre>\n</body>\n</html>\n"
}

// TestParamDecodeBeforeMethod checks Express 4's order in router.handle's
// next: a layer's parameters are decoded as soon as its path matches, before
// the route's methods are looked at, so a malformed escape is a 400 even for
// a route that does not handle the method; route layers after it are then
// skipped and middleware and error handlers see the error. Statuses, bodies
// and headers recorded from Express 4.22.3 (/work/ref/probes/fuzzfix/param_decode.js; the
// Express 3 app mounted in an Express 4 app: /work/ref/probes/lead/mixed3in4.js, and the other way round: mixed4in3.js).
func TestParamDecodeBeforeMethod(t *testing.T) {
	t.Parallel()
	apps := map[string]func() *App{
		"basic": func() *App {
			app := New()
			app.Set("env", "production")
			app.Get("/user/:id", func(req *Request, res *Response, next Next) { res.Send("user " + req.Params().Get("id")) })
			app.Post("/p/:id", func(req *Request, res *Response, next Next) { res.Send("p " + req.Params().Get("id")) })
			return app
		},
		"empty": func() *App {
			app := New()
			app.Set("env", "production")
			app.Route("/:x")
			return app
		},
		"chain": func() *App {
			app := New()
			app.Set("env", "production")
			app.Get("/a/:x", func(req *Request, res *Response, next Next) { res.Send("get " + req.Params().Get("x")) })
			app.Delete(regexp.MustCompile(`^/a/`), func(req *Request, res *Response, next Next) { res.Send("deleted") })
			app.Use(func(req *Request, res *Response, next Next) {
				res.Set("X-Mw", "ran")
				next()
			})
			app.Use(func(err error, req *Request, res *Response, next Next) {
				var he *HTTPError
				if !errors.As(err, &he) {
					res.Status(500).Send("not an HTTPError: " + err.Error())
					return
				}
				res.Status(he.Status).Send("eh " + he.ErrorName() + ": " + he.Message)
			})
			return app
		},
		"mounted": func() *App {
			app := New()
			app.Set("env", "production")
			r := NewRouter()
			r.Get("/item/:id", func(req *Request, res *Response, next Next) { res.Send("item " + req.Params().Get("id")) })
			app.Use("/r", r)
			app.Use(func(err error, req *Request, res *Response, next Next) {
				res.Status(400).Send("outer " + err.Error())
			})
			return app
		},
		"legacy-sub": func() *App {
			// An Express 3 app mounted in an Express 4 app: its router lists
			// only the routes of the request's method (app.routes[method]),
			// so a bad escape in a route of another method is no error there.
			app := New()
			app.Set("env", "production")
			sub := NewLegacy3()
			sub.Get("/user/:id", func(req *Request, res *Response, next Next) { res.Send("got " + req.Params().Get("id")) })
			sub.Use(func(err error, req *Request, res *Response, next Next) {
				res.Status(599).Send("sub err " + err.Error())
			})
			app.Use("/sub", sub)
			return app
		},
		"modern-sub": func() *App {
			// An Express 4 app mounted in an Express 3 app decodes as
			// Express 4 does.
			app := NewLegacy3()
			app.Set("env", "production")
			sub := New()
			sub.Get("/user/:id", func(req *Request, res *Response, next Next) { res.Send("got " + req.Params().Get("id")) })
			sub.Use(func(err error, req *Request, res *Response, next Next) {
				res.Status(599).Send("sub err " + err.Error())
			})
			app.Use("/sub", sub)
			return app
		},
		"param": func() *App {
			app := New()
			app.Set("env", "production")
			app.Param("id", func(req *Request, res *Response, next Next, id, name string) {
				res.Set("X-Param", id)
				next()
			})
			app.Get("/user/:id", func(req *Request, res *Response, next Next) { res.Send("user " + req.Params().Get("id")) })
			return app
		},
	}
	const html = "text/html; charset=utf-8"
	bad := productionPage("Bad Request")
	for _, tt := range []struct {
		name, app, method, target string
		status                    int
		body, allow, mw, param    string
	}{
		{"a route without the method still decodes its param", "basic", "DELETE", "/user/123%FF", 400, bad, "", "", ""},
		{"a valid escape is still a 404 for the wrong method", "basic", "DELETE", "/user/%C3%A9", 404, productionPage("Cannot DELETE /user/%C3%A9"), "", "", ""},
		{"the route's own method", "basic", "GET", "/user/123%FF", 400, bad, "", "", ""},
		{"HEAD falls back to the GET route", "basic", "HEAD", "/user/1%FF", 400, "", "", "", ""},
		{"HEAD on a POST route", "basic", "HEAD", "/p/%FF", 400, "", "", "", ""},
		{"OPTIONS with a bad param is the error, not the automatic answer", "basic", "OPTIONS", "/user/%FF", 400, bad, "", "", ""},
		{"OPTIONS with a valid escape answers the methods", "basic", "OPTIONS", "/user/%C3%A9", 200, "GET,HEAD", "GET,HEAD", "", ""},
		{"PUT with a short escape", "basic", "PUT", "/user/a%Fb", 400, bad, "", "", ""},
		{"no path matches", "basic", "DELETE", "/nomatch/%FF", 404, productionPage("Cannot DELETE /nomatch/%FF"), "", "", ""},
		{"a route with no handlers", "empty", "GET", "/t%E9est", 400, bad, "", "", ""},
		{"a route with no handlers, valid escape", "empty", "GET", "/t%C3%A9est", 404, productionPage("Cannot GET /t%C3%A9est"), "", "", ""},
		{"a route with no handlers, OPTIONS", "empty", "OPTIONS", "/t%E9est", 400, bad, "", "", ""},
		{"a later route for the method is skipped; the error handler sees the error", "chain", "DELETE", "/a/%zz", 400, "eh URIError: Failed to decode param '%zz'", "", "", ""},
		{"a later route for the method runs for a valid escape", "chain", "DELETE", "/a/%41", 200, "deleted", "", "", ""},
		{"no route for the method; middleware skipped, error handler", "chain", "POST", "/a/%zz", 400, "eh URIError: Failed to decode param '%zz'", "", "", ""},
		{"the route's own method, error handler", "chain", "GET", "/a/%zz", 400, "eh URIError: Failed to decode param '%zz'", "", "", ""},
		{"a mounted router passes the error out", "mounted", "DELETE", "/r/item/%FF", 400, "outer Failed to decode param '%FF'", "", "", ""},
		{"a mounted router, valid escape", "mounted", "DELETE", "/r/item/%41", 404, productionPage("Cannot DELETE /r/item/%41"), "", "", ""},
		{"a mounted router, OPTIONS", "mounted", "OPTIONS", "/r/item/%FF", 400, "outer Failed to decode param '%FF'", "", "", ""},
		{"a mounted Express 3 app lists only the method's routes", "legacy-sub", "DELETE", "/sub/user/%FF", 404, productionPage("Cannot DELETE /sub/user/%FF"), "", "", ""},
		{"a mounted Express 3 app decodes its method's routes", "legacy-sub", "GET", "/sub/user/%FF", 599, "sub err Failed to decode param '%FF'", "", "", ""},
		{"an Express 4 app mounted in an Express 3 app decodes every route's params", "modern-sub", "DELETE", "/sub/user/%FF", 599, "sub err Failed to decode param '%FF'", "", "", ""},
		{"param callbacks do not run for a bad param of another method", "param", "DELETE", "/user/%FF", 400, bad, "", "", ""},
		{"param callbacks do not run for a valid param of another method", "param", "DELETE", "/user/%41", 404, productionPage("Cannot DELETE /user/%41"), "", "", ""},
		{"param callbacks run for the method", "param", "GET", "/user/%41", 200, "user A", "", "", "A"},
		{"param callbacks do not run for a bad param", "param", "GET", "/user/%FF", 400, bad, "", "", ""},
	} {
		t.Run(tt.app+" "+tt.method+" "+tt.target+": "+tt.name, func(t *testing.T) {
			t.Parallel()
			r := serveTest(t, apps[tt.app]()).do(tt.method, tt.target)
			r.expect(t, tt.status, tt.body)
			r.expectHeader(t, "Content-Type", html)
			for _, h := range []struct{ name, want string }{{"Allow", tt.allow}, {"X-Mw", tt.mw}, {"X-Param", tt.param}} {
				if got := r.header(h.name); got != h.want {
					t.Errorf("%s %q, want %q", h.name, got, h.want)
				}
			}
		})
	}
}
