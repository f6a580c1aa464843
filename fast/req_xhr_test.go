package fast

import "testing"

// TestReqXHR ports Express 4.22's test/req.xhr.js.
func TestReqXHR(t *testing.T) {
	t.Parallel()
	app := func() *App {
		app := New()
		app.Get("/", sendJSONOf(func(req *Request) any { return req.XHR() }))
		return app
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".xhr", "should return true when X-Requested-With is xmlhttprequest"},
			app: app, send: []string{"GET", "/", "X-Requested-With", "xmlhttprequest"}, status: 200, body: "true"},
		{path: []string{"req", ".xhr", "should case-insensitive"},
			app: app, send: []string{"GET", "/", "X-Requested-With", "XMLHttpRequest"}, status: 200, body: "true"},
		{path: []string{"req", ".xhr", "should return false otherwise"},
			app: app, send: []string{"GET", "/", "X-Requested-With", "blahblah"}, status: 200, body: "false"},
		{path: []string{"req", ".xhr", "should return false when not present"},
			app: app, send: []string{"GET", "/"}, status: 200, body: "false"},
	})
}
