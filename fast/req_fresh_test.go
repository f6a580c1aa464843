package fast

import "testing"

// TestReqFresh ports Express 4.22's test/req.fresh.js.
func TestReqFresh(t *testing.T) {
	t.Parallel()
	withETag := func(etag string) func() *App {
		return useApp(nil, func(req *Request, res *Response, next Next) {
			res.Set("ETag", etag)
			sendJSONOf(func(req *Request) any { return req.Fresh() })(req, res, next)
		})
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".fresh", "should return true when the resource is not modified"},
			app: withETag(`"12345"`), send: []string{"GET", "/", "If-None-Match", `"12345"`}, status: 304},
		{path: []string{"req", ".fresh", "should return false when the resource is modified"},
			app: withETag(`"123"`), send: []string{"GET", "/", "If-None-Match", `"12345"`}, status: 200, body: "false"},
		{path: []string{"req", ".fresh", "should return false without response headers"},
			app:  useApp(func(app *App) { app.Disable("x-powered-by") }, sendJSONOf(func(req *Request) any { return req.Fresh() })),
			send: []string{"GET", "/"}, status: 200, body: "false"},
		{path: []string{"req", ".fresh", "should return true for a QUERY request with a body when the resource is not modified"},
			app:  withETag(`"12345"`),
			send: []string{"QUERY", "/", "If-None-Match", `"12345"`, "Content-Type", "application/json", "body", `{"ids":["a","b"]}`}, status: 304},
		{path: []string{"req", ".fresh", "should return false for a QUERY request with a body when the resource is modified"},
			app:  withETag(`"123"`),
			send: []string{"QUERY", "/", "If-None-Match", `"12345"`, "Content-Type", "application/json", "body", `{"ids":["a","b"]}`}, status: 200, body: "false"},
	})
}
