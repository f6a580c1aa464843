package fast

import "testing"

// TestReqSecure ports Express 4.22's test/req.secure.js.
func TestReqSecure(t *testing.T) {
	t.Parallel()
	app := func(setup func(app *App)) func() *App {
		return func() *App {
			app := New()
			if setup != nil {
				setup(app)
			}
			app.Get("/", func(req *Request, res *Response, next Next) { res.SendString(yesNo(req.Secure())) })
			return app
		}
	}
	trustAll := func(app *App) { app.Enable("trust proxy") }
	present := func(names ...string) []string {
		return append([]string{"req", ".secure", "when X-Forwarded-Proto is present"}, names...)
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".secure", "when X-Forwarded-Proto is missing", "should return false when http"},
			app: app(nil), send: []string{"GET", "/"}, status: 200, body: "no"},
		{path: present("should return false when http"),
			app: app(nil), send: []string{"GET", "/", "X-Forwarded-Proto", "https"}, status: 200, body: "no"},
		{path: present(`should return true when "trust proxy" is enabled`),
			app: app(trustAll), send: []string{"GET", "/", "X-Forwarded-Proto", "https"}, status: 200, body: "yes"},
		{path: present("should return false when initial proxy is http"),
			app: app(trustAll), send: []string{"GET", "/", "X-Forwarded-Proto", "http, https"}, status: 200, body: "no"},
		{path: present("should return true when initial proxy is https"),
			app: app(trustAll), send: []string{"GET", "/", "X-Forwarded-Proto", "https, http"}, status: 200, body: "yes"},
		{path: present(`when "trust proxy" trusting hop count`, "should respect X-Forwarded-Proto"),
			app: app(func(app *App) { app.Set("trust proxy", 1) }), send: []string{"GET", "/", "X-Forwarded-Proto", "https"}, status: 200, body: "yes"},
	})
}
