//go:build !race && !fwpoison

package fast

import "testing"

// TestRouterHandleZeroAllocations proves that calling a router or an app as
// a function allocates nothing: each request below goes through Handle and
// allocates nothing in all.
func TestRouterHandleZeroAllocations(t *testing.T) {
	hello := func(req *Request, res *Response, next Next) { res.Send("Hello, World!") }
	pass := func(req *Request, res *Response, next Next) { next() }
	doneCalls := 0
	done := func(err ...error) { doneCalls++ } // made once, not per request
	tests := []struct {
		name      string
		app       func() *App
		target    string
		wantDone  bool
		wantFinal string
	}{
		{"Router.Handle with the caller's next", func() *App {
			a := New()
			r := NewRouter()
			r.Use(pass)
			r.Get("/nothing", hello)
			a.Use(func(req *Request, res *Response, next Next) { r.Handle(req, res, next) })
			a.Get("/x", hello)
			return a
		}, "/x", false, "Hello, World!"},
		{"Router.Handle with its own done, params restored", func() *App {
			a := New()
			r := NewRouter(RouterOptions{MergeParams: true})
			r.Get(`/user:(\w+)/*`, pass)
			a.Use(`/user/id:(\d+)`, func(req *Request, res *Response, next Next) {
				r.Handle(req, res, done)
				res.SendString(req.Params().Get("0"))
			})
			return a
		}, "/user/id:42/user:tj/profile", true, "42"},
		{"Router.Handle answering", func() *App {
			a := New()
			r := NewRouter()
			r.Get("/users/:id", hello)
			a.Use("/api", func(req *Request, res *Response, next Next) { r.Handle(req, res, next) })
			return a
		}, "/api/users/7", false, "Hello, World!"},
		{"next(SkipRouter) to done", func() *App {
			a := New()
			r := NewRouter()
			r.Use(func(req *Request, res *Response, next Next) { next.SkipRouter() })
			a.Use(func(req *Request, res *Response, next Next) {
				r.Handle(req, res, done)
				res.Send("Hello, World!")
			})
			return a
		}, "/x", true, "Hello, World!"},
		{"App.Handle", func() *App {
			a := New()
			sub := New()
			sub.Use(pass)
			a.Use(func(req *Request, res *Response, next Next) { sub.Handle(req, res, next) })
			a.Get("/x", hello)
			return a
		}, "/x", false, "Hello, World!"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := tt.app()
			ctx := newRequestCtx("GET", tt.target)
			app.Handler()(ctx)
			if got := string(ctx.Response.Body()); got != tt.wantFinal {
				t.Fatalf("body %q, want %q", got, tt.wantFinal)
			}
			before := doneCalls
			if n := allocsPerRequest(t, app, "GET", tt.target); n != 0 {
				t.Errorf("%v allocations per request, want 0", n)
			}
			if ran := doneCalls > before; ran != tt.wantDone {
				t.Errorf("done ran: %v, want %v", ran, tt.wantDone)
			}
		})
	}
}
