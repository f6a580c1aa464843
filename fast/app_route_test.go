package fast

import "testing"

// TestAppRoute ports Express 4.22's test/app.route.js.
func TestAppRoute(t *testing.T) {
	t.Parallel()
	t.Run("app.route", func(t *testing.T) {
		t.Parallel()
		send := func(body string) Handler {
			return func(req *Request, res *Response, next Next) { res.Send(body) }
		}

		t.Run("should return a new route", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Route("/foo").Get(send("get")).Post(send("post"))
			serveTest(t, app).do("POST", "/foo").expect(t, 200, "post")
		})

		t.Run("should all .VERB after .all", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Route("/foo").
				All(func(req *Request, res *Response, next Next) { next() }).
				Get(send("get")).
				Post(send("post"))
			serveTest(t, app).do("POST", "/foo").expect(t, 200, "post")
		})

		t.Run("should support dynamic routes", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Route("/:foo").Get(func(req *Request, res *Response, next Next) {
				res.Send(req.Params().Get("foo"))
			})
			serveTest(t, app).do("GET", "/test").expect(t, 200, "test")
		})

		t.Run("should not error on empty routes", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Route("/:foo")
			serveTest(t, app).do("GET", "/test").expectStatus(t, 404)
		})
	})
}
