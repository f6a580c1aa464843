package fast

import (
	"strings"
	"testing"
)

// TestReqRoute ports Express 4.22's test/req.route.js. It needs optional
// parameters (":op?") in route paths; until the router compiles them, the
// case is skipped with the router's message.
func TestReqRoute(t *testing.T) {
	t.Parallel()
	app := func() *App {
		app := New()
		app.Get("/user/:id/:op?", func(req *Request, res *Response, next Next) {
			res.Set("path-1", req.Route().Path().(string))
			next()
		})
		app.Get("/user/:id/edit", func(req *Request, res *Response, next Next) {
			res.Set("path-2", req.Route().Path().(string))
			res.End()
		})
		return app
	}
	if msg, panicked := panicMessage(func() { app() }); panicked {
		if strings.Contains(msg, "unsupported path") {
			t.Skip("router does not compile the path yet: " + msg)
		}
		t.Fatal(msg)
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".route", "should be the executed Route"},
			app: app, send: []string{"GET", "/user/12/edit"}, status: 200,
			check: func(t *testing.T, r *testResponse) {
				r.expectHeader(t, "path-1", "/user/:id/:op?")
				r.expectHeader(t, "path-2", "/user/:id/edit")
			}},
	})
}
