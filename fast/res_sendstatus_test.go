package fast

import "testing"

// TestResSendStatus ports Express 4.22's test/res.sendStatus.js.
func TestResSendStatus(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".sendStatus(statusCode)", func(t *testing.T) {
			t.Parallel()
			t.Run("should send the status code and message as body", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.SendStatus(201) })
				serveTest(t, app).do("GET", "/").expect(t, 201, "Created")
			})

			t.Run("should work with unknown code", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.SendStatus(599) })
				serveTest(t, app).do("GET", "/").expect(t, 599, "599")
			})
		})
	})
}
