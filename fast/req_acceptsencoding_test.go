package fast

import "testing"

// TestReqAcceptsEncoding ports Express 4.22's test/req.acceptsEncoding.js
// (the deprecated singular form).
func TestReqAcceptsEncoding(t *testing.T) {
	t.Parallel()
	getApp := func(h Handler) func() *App {
		return func() *App {
			app := New()
			app.Get("/", h)
			return app
		}
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".acceptsEncoding", "should return encoding if accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("gzip", jsValue(req.AcceptsEncoding("gzip")), "deflate", jsValue(req.AcceptsEncoding("deflate")))
			})),
			send: []string{"GET", "/", "Accept-Encoding", " gzip, deflate"}, status: 200, body: `{"gzip":"gzip","deflate":"deflate"}`},
		{path: []string{"req", ".acceptsEncoding", "should be false if encoding not accepted"},
			app: getApp(sendJSONOf(func(req *Request) any {
				return objectOf("bogus", jsValue(req.AcceptsEncoding("bogus")))
			})),
			send: []string{"GET", "/", "Accept-Encoding", " gzip, deflate"}, status: 200, body: `{"bogus":false}`},
	})
}
