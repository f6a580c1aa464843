package fast

import "testing"

// TestReqStale ports Express 4.22's test/req.stale.js.
func TestReqStale(t *testing.T) {
	t.Parallel()
	withETag := func(etag string) func() *App {
		return useApp(nil, func(req *Request, res *Response, next Next) {
			res.Set("ETag", etag)
			sendJSONOf(func(req *Request) any { return req.Stale() })(req, res, next)
		})
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".stale", "should return false when the resource is not modified"},
			app: withETag(`"12345"`), send: []string{"GET", "/", "If-None-Match", `"12345"`}, status: 304},
		{path: []string{"req", ".stale", "should return true when the resource is modified"},
			app: withETag(`"123"`), send: []string{"GET", "/", "If-None-Match", `"12345"`}, status: 200, body: "true"},
		{path: []string{"req", ".stale", "should return true without response headers"},
			app:  useApp(func(app *App) { app.Disable("x-powered-by") }, sendJSONOf(func(req *Request) any { return req.Stale() })),
			send: []string{"GET", "/"}, status: 200, body: "true"},
	})
}
