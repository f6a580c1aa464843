package fast

import "testing"

// BenchmarkRouterHandle compares a router called as a function
// (Router.Handle with the caller's next) with the same router mounted.
func BenchmarkRouterHandle(b *testing.B) {
	build := func(called bool) *App {
		app := New()
		app.Disable("x-powered-by").Set("etag", false)
		r := NewRouter()
		r.Get("/user/:name", func(req *Request, res *Response, next Next) {
			res.SendString(req.Params().Get("name"))
		})
		if called {
			app.Use("/api", func(req *Request, res *Response, next Next) { r.Handle(req, res, next) })
		} else {
			app.Use("/api", r)
		}
		return app
	}
	b.Run("mounted", func(b *testing.B) { benchHandler(b, build(false).Handler(), "GET", "/api/user/gopher") })
	b.Run("Handle", func(b *testing.B) { benchHandler(b, build(true).Handler(), "GET", "/api/user/gopher") })
}
