package fast

import "testing"

// TestReqSubdomains ports Express 4.22's test/req.subdomains.js.
func TestReqSubdomains(t *testing.T) {
	t.Parallel()
	send := sendJSONOf(func(req *Request) any { return strs(req.Subdomains()) })
	offset := func(n int) func(app *App) { return func(app *App) { app.Set("subdomain offset", n) } }
	p := func(names ...string) []string { return append([]string{"req", ".subdomains"}, names...) }
	set := func(names ...string) []string {
		return p(append([]string{"when subdomain offset is set"}, names...)...)
	}
	runExpress(t, []expressCase{
		{path: p("when present", "should return an array"),
			app: useApp(nil, send), send: []string{"GET", "/", "Host", "tobi.ferrets.example.com"}, status: 200, body: `["ferrets","tobi"]`},
		{path: p("when present", "should work with IPv4 address"),
			app: useApp(nil, send), send: []string{"GET", "/", "Host", "127.0.0.1"}, status: 200, body: `[]`},
		{path: p("when present", "should work with IPv6 address"),
			app: useApp(nil, send), send: []string{"GET", "/", "Host", "[::1]"}, status: 200, body: `[]`},
		{path: p("otherwise", "should return an empty array"),
			app: useApp(nil, send), send: []string{"GET", "/", "Host", "example.com"}, status: 200, body: `[]`},
		{path: p("with no host", "should return an empty array"),
			app: useApp(nil, func(req *Request, res *Response, next Next) {
				req.Ctx().Request.Header.SetHost("") // req.headers.host = null
				send(req, res, next)
			}),
			send: []string{"GET", "/"}, status: 200, body: `[]`},
		{path: p("with trusted X-Forwarded-Host", "should return an array"),
			app:  useApp(func(app *App) { app.Set("trust proxy", true) }, send),
			send: []string{"GET", "/", "X-Forwarded-Host", "tobi.ferrets.example.com"}, status: 200, body: `["ferrets","tobi"]`},
		{path: set("when subdomain offset is zero", "should return an array with the whole domain"),
			app: useApp(offset(0), send), send: []string{"GET", "/", "Host", "tobi.ferrets.sub.example.com"}, status: 200, body: `["com","example","sub","ferrets","tobi"]`},
		{path: set("when subdomain offset is zero", "should return an array with the whole IPv4"),
			app: useApp(offset(0), send), send: []string{"GET", "/", "Host", "127.0.0.1"}, status: 200, body: `["127.0.0.1"]`},
		{path: set("when subdomain offset is zero", "should return an array with the whole IPv6"),
			app: useApp(offset(0), send), send: []string{"GET", "/", "Host", "[::1]"}, status: 200, body: `["[::1]"]`},
		{path: set("when present", "should return an array"),
			app: useApp(offset(3), send), send: []string{"GET", "/", "Host", "tobi.ferrets.sub.example.com"}, status: 200, body: `["ferrets","tobi"]`},
		{path: set("otherwise", "should return an empty array"),
			app: useApp(offset(3), send), send: []string{"GET", "/", "Host", "sub.example.com"}, status: 200, body: `[]`},
	})
}
