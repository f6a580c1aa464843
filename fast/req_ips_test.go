package fast

import "testing"

// TestReqIPs ports Express 4.22's test/req.ips.js.
func TestReqIPs(t *testing.T) {
	t.Parallel()
	send := sendJSONOf(func(req *Request) any { return strs(req.IPs()) })
	p := func(names ...string) []string { return append([]string{"req", ".ips"}, names...) }
	runExpress(t, []expressCase{
		{path: p("when X-Forwarded-For is present", `when "trust proxy" is enabled`, "should return an array of the specified addresses"),
			app: useApp(func(app *App) { app.Enable("trust proxy") }, send), send: []string{"GET", "/", "X-Forwarded-For", "client, p1, p2"}, status: 200, body: `["client","p1","p2"]`},
		{path: p("when X-Forwarded-For is present", `when "trust proxy" is enabled`, "should stop at first untrusted"),
			app: useApp(func(app *App) { app.Set("trust proxy", 2) }, send), send: []string{"GET", "/", "X-Forwarded-For", "client, p1, p2"}, status: 200, body: `["p1","p2"]`},
		{path: p("when X-Forwarded-For is present", `when "trust proxy" is disabled`, "should return an empty array"),
			app: useApp(nil, send), send: []string{"GET", "/", "X-Forwarded-For", "client, p1, p2"}, status: 200, body: `[]`},
		{path: p("when X-Forwarded-For is not present", "should return []"),
			app: useApp(nil, send), send: []string{"GET", "/"}, status: 200, body: `[]`},
	})
}
