package fast

import "testing"

// TestResGet ports Express 4.22's test/res.get.js.
func TestResGet(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".get(field)", func(t *testing.T) {
			t.Parallel()
			t.Run("should get the response header field", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					// res.setHeader: Node's own setter, which adds no charset.
					req.Ctx().Response.Header.SetContentType("text/x-foo")
					res.Send(res.Get("Content-Type"))
				})
				serveTest(t, app).do("GET", "/").expect(t, 200, "text/x-foo")
			})
		})
	})
}
