package fast

import (
	"testing"
)

// TestAppOptions ports Express 4.22's test/app.options.js.
func TestAppOptions(t *testing.T) {
	t.Parallel()
	noop := func(req *Request, res *Response, next Next) {}

	t.Run("OPTIONS", func(t *testing.T) {
		t.Parallel()
		t.Run("should default to the routes defined", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Delete("/", noop) // app.del in the Express test
			app.Get("/users", noop)
			app.Put("/users", noop)
			r := serveTest(t, app).do("OPTIONS", "/users")
			r.expectHeader(t, "Allow", "GET,HEAD,PUT")
			r.expect(t, 200, "GET,HEAD,PUT")
		})

		t.Run("should only include each method once", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Delete("/", noop)
			app.Get("/users", noop)
			app.Put("/users", noop)
			app.Get("/users", noop)
			r := serveTest(t, app).do("OPTIONS", "/users")
			r.expectHeader(t, "Allow", "GET,HEAD,PUT")
			r.expect(t, 200, "GET,HEAD,PUT")
		})

		t.Run("should not be affected by app.all", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get("/", noop)
			app.Get("/users", noop)
			app.Put("/users", noop)
			app.All("/users", func(req *Request, res *Response, next Next) {
				res.Set("x-hit", "1")
				next()
			})
			r := serveTest(t, app).do("OPTIONS", "/users")
			r.expectHeader(t, "x-hit", "1")
			r.expectHeader(t, "Allow", "GET,HEAD,PUT")
			r.expect(t, 200, "GET,HEAD,PUT")
		})

		t.Run("should not respond if the path is not defined", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get("/users", noop)
			serveTest(t, app).do("OPTIONS", "/other").expectStatus(t, 404)
		})

		t.Run("should forward requests down the middleware chain", func(t *testing.T) {
			t.Parallel()
			app := New()
			router := NewRouter()
			router.Get("/users", noop)
			app.Use(router)
			app.Get("/other", noop)
			r := serveTest(t, app).do("OPTIONS", "/other")
			r.expectHeader(t, "Allow", "GET,HEAD")
			r.expect(t, 200, "GET,HEAD")
		})

		t.Run("when error occurs in response handler", func(t *testing.T) {
			t.Parallel()
			t.Run("should pass error to callback", func(t *testing.T) {
				t.Parallel()
				// Express's middleware calls res.writeHead(200), which sends
				// the headers without ending the response, so the automatic
				// OPTIONS answer fails and its error reaches the error
				// handler, which ends the response with "true". fast buffers
				// responses and has no writeHead: the closest state is a
				// response already ended with status 200, which makes the
				// automatic answer fail in the same way. The error handler
				// then cannot add a body, so the body is asserted empty and
				// the error asserted to be ErrHeadersSent.
				app := New()
				router := NewRouter()
				router.Get("/users", noop)
				app.Use(func(req *Request, res *Response, next Next) {
					res.Status(200).End()
					next()
				})
				app.Use(router)
				var got error
				app.Use(func(err error, req *Request, res *Response, next Next) {
					got = err
					res.End()
				})
				serveTest(t, app).do("OPTIONS", "/users").expect(t, 200, "")
				if got != ErrHeadersSent {
					t.Errorf("error handler got %v, want ErrHeadersSent", got)
				}
			})
		})
	})

	t.Run("app.options()", func(t *testing.T) {
		t.Parallel()
		t.Run("should override the default behavior", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Options("/users", func(req *Request, res *Response, next Next) {
				res.Set("Allow", "GET")
				res.Send("GET")
			})
			app.Get("/users", noop)
			app.Put("/users", noop)
			r := serveTest(t, app).do("OPTIONS", "/users")
			r.expect(t, 200, "GET")
			r.expectHeader(t, "Allow", "GET")
		})
	})
}
