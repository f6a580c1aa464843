package fast

import "testing"

// TestResType ports Express 4.22's test/res.type.js.
func TestResType(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".type(str)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set the Content-Type based on a filename", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Type("foo.js").End(`var name = "tj";`)
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "application/javascript; charset=utf-8")
			})

			t.Run("should default to application/octet-stream", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Type("rawr").End(`var name = "tj";`)
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "application/octet-stream")
			})

			t.Run("should set the Content-Type with type/subtype", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Type("application/vnd.amazon.ebook").End(`var name = "tj";`)
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "application/vnd.amazon.ebook")
			})
		})
	})
}
