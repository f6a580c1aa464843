package fast

import "testing"

// TestResAppend ports Express 4.22's test/res.append.js.
func TestResAppend(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".append(field, val)", func(t *testing.T) {
			t.Parallel()

			t.Run("should append multiple headers", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					res.Append("Set-Cookie", "foo=bar")
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) {
					res.Append("Set-Cookie", "fizz=buzz")
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectValues(t, "Set-Cookie", "foo=bar", "fizz=buzz")
			})

			t.Run("should accept array of values", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Append("Set-Cookie", "foo=bar", "fizz=buzz")
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectValues(t, "Set-Cookie", "foo=bar", "fizz=buzz")
			})

			t.Run("should get reset by res.set(field, val)", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					res.Append("Set-Cookie", "foo=bar")
					res.Append("Set-Cookie", "fizz=buzz")
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) {
					res.Set("Set-Cookie", "pet=tobi")
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectValues(t, "Set-Cookie", "pet=tobi")
			})

			t.Run("should work with res.set(field, val) first", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					res.Set("Set-Cookie", "foo=bar")
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) {
					res.Append("Set-Cookie", "fizz=buzz")
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectValues(t, "Set-Cookie", "foo=bar", "fizz=buzz")
			})

			t.Run("should work together with res.cookie", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					res.Cookie("foo", "bar")
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) {
					res.Append("Set-Cookie", "fizz=buzz")
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectValues(t, "Set-Cookie", "foo=bar; Path=/", "fizz=buzz")
			})
		})
	})
}
