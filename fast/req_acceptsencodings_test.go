package fast

import "testing"

// TestReqAcceptsEncodings ports Express 4.22's test/req.acceptsEncodings.js.
func TestReqAcceptsEncodings(t *testing.T) {
	t.Parallel()
	getApp := func(h Handler) func() *App {
		return func() *App {
			app := New()
			app.Get("/", h)
			return app
		}
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".acceptsEncodings", "should return encoding if accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("gzip", jsValue(req.AcceptsEncodings("gzip")), "deflate", jsValue(req.AcceptsEncodings("deflate")))
			})),
			send: []string{"GET", "/", "Accept-Encoding", " gzip, deflate"}, status: 200, body: `{"gzip":"gzip","deflate":"deflate"}`},
		{path: []string{"req", ".acceptsEncodings", "should be false if encoding not accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("bogus", jsValue(req.AcceptsEncodings("bogus")))
			})),
			send: []string{"GET", "/", "Accept-Encoding", " gzip, deflate"}, status: 200, body: `{"bogus":false}`},
	})
}
