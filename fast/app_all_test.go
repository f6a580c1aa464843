package fast

import (
	"sync/atomic"
	"testing"
)

// TestAppAll ports Express 4.22's test/app.all.js.
func TestAppAll(t *testing.T) {
	t.Parallel()
	t.Run("app.all()", func(t *testing.T) {
		t.Parallel()
		t.Run("should add a router per method", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.All("/tobi", func(req *Request, res *Response, next Next) {
				res.SendString(req.Method())
			})
			s := serveTest(t, app)
			s.do("PUT", "/tobi").expect(t, 200, "PUT")
			s.do("GET", "/tobi").expect(t, 200, "GET")
		})

		t.Run("should run the callback for a method just once", func(t *testing.T) {
			t.Parallel()
			app := New()
			var n atomic.Int32
			app.All("/*", func(req *Request, res *Response, next Next) {
				if n.Add(1) > 1 {
					t.Error("DELETE called several times")
				}
				next()
			})
			serveTest(t, app).do("DELETE", "/tobi").expectStatus(t, 404)
			if n.Load() != 1 {
				t.Errorf("callback ran %d times, want 1", n.Load())
			}
		})
	})
}
