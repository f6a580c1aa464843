package fast

import "testing"

// TestResLocals ports Express 4.22's test/res.locals.js.
func TestResLocals(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".locals", func(t *testing.T) {
			t.Parallel()
			t.Run("should be empty by default", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.JSON(res.Locals()) })
				serveTest(t, app).do("GET", "/").expect(t, 200, "{}")
			})
		})

		t.Run("should work when mounted", func(t *testing.T) {
			t.Parallel()
			app := New()
			blog := New()
			app.Use(blog)
			blog.Use(func(req *Request, res *Response, next Next) {
				res.Locals()["foo"] = "bar"
				next()
			})
			app.Use(func(req *Request, res *Response, next Next) { res.JSON(res.Locals()) })
			serveTest(t, app).do("GET", "/").expect(t, 200, `{"foo":"bar"}`)
		})
	})
}
