package fast

import (
	"errors"
	"strings"
	"testing"
)

// TestAppRoutesError ports Express 4.22's test/app.routes.error.js.
func TestAppRoutesError(t *testing.T) {
	t.Parallel()
	t.Run("app", func(t *testing.T) {
		t.Parallel()
		t.Run(".VERB()", func(t *testing.T) {
			t.Parallel()
			t.Run("should not get invoked without error handler on error", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					next(errors.New("boom!"))
				})
				app.Get("/bar", func(req *Request, res *Response, next Next) {
					res.Send("hello, world!")
				})
				r := serveTest(t, app).do("POST", "/bar")
				r.expectStatus(t, 500)
				if !strings.Contains(r.body, "Error: boom!") {
					t.Errorf("body %q does not match /Error: boom!/", r.body)
				}
			})

			t.Run("should only call an error handling routing callback when an error is propagated", func(t *testing.T) {
				t.Parallel()
				app := New()
				var a, b, c, d bool
				app.Get("/", func(req *Request, res *Response, next Next) {
					next(errors.New("fabricated error"))
				}, func(req *Request, res *Response, next Next) {
					a = true
					next()
				}, func(err error, req *Request, res *Response, next Next) {
					b = true
					if err.Error() != "fabricated error" {
						t.Errorf("err %q", err)
					}
					next(err)
				}, func(err error, req *Request, res *Response, next Next) {
					c = true
					if err.Error() != "fabricated error" {
						t.Errorf("err %q", err)
					}
					next()
				}, func(err error, req *Request, res *Response, next Next) {
					d = true
					next()
				}, func(req *Request, res *Response, next Next) {
					if a || !b || !c || d {
						t.Errorf("a=%v b=%v c=%v d=%v, want false true true false", a, b, c, d)
					}
					res.Send(204)
				})
				serveTest(t, app).do("GET", "/").expectStatus(t, 204)
			})
		})
	})
}
