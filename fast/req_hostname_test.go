package fast

import "testing"

// hostCases are the cases test/req.hostname.js and test/req.host.js
// share; get reads the getter under test, describe is ".hostname" or
// ".host".
func hostCases(describe string, get func(req *Request) string) []expressCase {
	end := endString(func(req *Request) string { return get(req) })
	p := func(names ...string) []string { return append([]string{"req", describe}, names...) }
	trustAll := func(app *App) { app.Enable("trust proxy") }
	return []expressCase{
		{path: p("should return the Host when present"),
			app: useApp(nil, end), send: []string{"POST", "/", "Host", "example.com"}, status: 200, body: "example.com"},
		{path: p("should strip port number"),
			app: useApp(nil, end), send: []string{"POST", "/", "Host", "example.com:3000"}, status: 200, body: "example.com"},
		{path: p("should return undefined otherwise"),
			app: useApp(nil, func(req *Request, res *Response, next Next) {
				req.Ctx().Request.Header.SetHost("") // req.headers.host = null
				h := get(req)
				if h == "" {
					h = "undefined" // String(undefined); "" is Express's undefined
				}
				res.SendString(h)
			}),
			send: []string{"POST", "/"}, status: 200, body: "undefined"},
		{path: p("should work with IPv6 Host"),
			app: useApp(nil, end), send: []string{"POST", "/", "Host", "[::1]"}, status: 200, body: "[::1]"},
		{path: p("should work with IPv6 Host and port"),
			app: useApp(nil, end), send: []string{"POST", "/", "Host", "[::1]:3000"}, status: 200, body: "[::1]"},
		{path: p(`when "trust proxy" is enabled`, "should respect X-Forwarded-Host"),
			app: useApp(trustAll, end), send: []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "example.com:3000"}, status: 200, body: "example.com"},
		{path: p(`when "trust proxy" is enabled`, "should ignore X-Forwarded-Host if socket addr not trusted"),
			app:  useApp(func(app *App) { app.Set("trust proxy", "10.0.0.1") }, end),
			send: []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "example.com"}, status: 200, body: "localhost"},
		{path: p(`when "trust proxy" is enabled`, "should default to Host"),
			app: useApp(trustAll, end), send: []string{"GET", "/", "Host", "example.com"}, status: 200, body: "example.com"},
		{path: p(`when "trust proxy" is disabled`, "should ignore X-Forwarded-Host"),
			app: useApp(nil, end), send: []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "evil"}, status: 200, body: "localhost"},
	}
}

// TestReqHostname ports Express 4.22's test/req.hostname.js.
func TestReqHostname(t *testing.T) {
	t.Parallel()
	sendStr := func(req *Request, res *Response, next Next) { res.SendString(req.Hostname()) }
	trustAll := func(app *App) { app.Enable("trust proxy") }
	p := func(names ...string) []string {
		return append([]string{"req", ".hostname", `when "trust proxy" is enabled`, "when multiple X-Forwarded-Host"}, names...)
	}
	cases := hostCases(".hostname", (*Request).Hostname)
	cases = append(cases,
		expressCase{path: p("should use the first value"),
			app: useApp(trustAll, sendStr), send: []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "example.com, foobar.com"}, status: 200, body: "example.com"},
		expressCase{path: p("should remove OWS around comma"),
			app: useApp(trustAll, sendStr), send: []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "example.com , foobar.com"}, status: 200, body: "example.com"},
		expressCase{path: p("should strip port number"),
			app: useApp(trustAll, sendStr), send: []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "example.com:8080 , foobar.com:8888"}, status: 200, body: "example.com"},
	)
	runExpress(t, cases)
}
