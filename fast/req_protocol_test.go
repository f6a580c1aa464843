package fast

import "testing"

// TestReqProtocol ports Express 4.22's test/req.protocol.js. Where Express
// sets req.connection.encrypted = true, the request comes over TLS.
func TestReqProtocol(t *testing.T) {
	t.Parallel()
	end := endString((*Request).Protocol)
	trustAll := func(app *App) { app.Enable("trust proxy") }
	p := func(names ...string) []string { return append([]string{"req", ".protocol"}, names...) }
	on := func(names ...string) []string {
		return p(append([]string{`when "trust proxy" is enabled`}, names...)...)
	}
	runExpress(t, []expressCase{
		{path: p("should return the protocol string"),
			app: useApp(nil, end), send: []string{"GET", "/"}, status: 200, body: "http"},
		{path: on("should respect X-Forwarded-Proto"),
			app: useApp(trustAll, end), send: []string{"GET", "/", "X-Forwarded-Proto", "https"}, status: 200, body: "https"},
		{path: on("should default to the socket addr if X-Forwarded-Proto not present"),
			app: useApp(trustAll, end), send: []string{"GET", "/", "tls", "1"}, status: 200, body: "https"},
		{path: on("should ignore X-Forwarded-Proto if socket addr not trusted"),
			app: useApp(func(app *App) { app.Set("trust proxy", "10.0.0.1") }, end), send: []string{"GET", "/", "X-Forwarded-Proto", "https"}, status: 200, body: "http"},
		{path: on("should default to http"),
			app: useApp(trustAll, end), send: []string{"GET", "/"}, status: 200, body: "http"},
		{path: on("when trusting hop count", "should respect X-Forwarded-Proto"),
			app: useApp(func(app *App) { app.Set("trust proxy", 1) }, end), send: []string{"GET", "/", "X-Forwarded-Proto", "https"}, status: 200, body: "https"},
		{path: p(`when "trust proxy" is disabled`, "should ignore X-Forwarded-Proto"),
			app: useApp(nil, end), send: []string{"GET", "/", "X-Forwarded-Proto", "https"}, status: 200, body: "http"},
	})
}
