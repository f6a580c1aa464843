package fast

import "testing"

// TestReqIP ports Express 4.22's test/req.ip.js. Express's tests run on a
// server listening on all interfaces, where Node reports a client on
// 127.0.0.1 as "::ffff:127.0.0.1"; the requests here come from that
// address (see nodeClient).
func TestReqIP(t *testing.T) {
	t.Parallel()
	end := endString((*Request).IP)
	p := func(names ...string) []string { return append([]string{"req", ".ip"}, names...) }
	xffOn := func(names ...string) []string {
		return p(append([]string{"when X-Forwarded-For is present", `when "trust proxy" is enabled`}, names...)...)
	}
	runExpress(t, []expressCase{
		{path: xffOn("should return the client addr"),
			app: useApp(func(app *App) { app.Enable("trust proxy") }, end), send: []string{"GET", "/", "X-Forwarded-For", "client, p1, p2"}, status: 200, body: "client"},
		{path: xffOn("should return the addr after trusted proxy based on count"),
			app: useApp(func(app *App) { app.Set("trust proxy", 2) }, end), send: []string{"GET", "/", "X-Forwarded-For", "client, p1, p2"}, status: 200, body: "p1"},
		{path: xffOn("should return the addr after trusted proxy based on list"),
			app: func() *App {
				app := New()
				app.Set("trust proxy", "10.0.0.1, 10.0.0.2, 127.0.0.1, ::1")
				app.Get("/", end)
				return app
			},
			// supertest's .set(field, a, b) keeps only a.
			send: []string{"GET", "/", "X-Forwarded-For", "10.0.0.2, 10.0.0.3, 10.0.0.1"}, status: 200, body: "10.0.0.3"},
		{path: xffOn("should return the addr after trusted proxy, from sub app"),
			app: func() *App {
				app, sub := New(), New()
				app.Set("trust proxy", 2)
				app.Use(sub)
				sub.Use(end)
				return app
			},
			send: []string{"GET", "/", "X-Forwarded-For", "client, p1, p2"}, status: 200, body: "p1"},
		{path: p("when X-Forwarded-For is present", `when "trust proxy" is disabled`, "should return the remote address"),
			app: useApp(nil, end), send: []string{"GET", "/", "X-Forwarded-For", "client, p1, p2"}, status: 200, body: "::ffff:127.0.0.1"},
		{path: p("when X-Forwarded-For is not present", "should return the remote address"),
			app: useApp(func(app *App) { app.Enable("trust proxy") }, end), send: []string{"GET", "/"}, status: 200, body: "::ffff:127.0.0.1"},
	})
}
