package fast

import "testing"

// TestReqHost ports Express 4.22's test/req.host.js: the deprecated
// req.host, which is req.hostname in Express 4.
func TestReqHost(t *testing.T) {
	t.Parallel()
	end := endString((*Request).Host)
	cases := hostCases(".host", (*Request).Host)
	// test/req.host.js sends "X-Forwarded-Host: example.com" where
	// req.hostname's sends "example.com:3000".
	for i := range cases {
		if cases[i].path[len(cases[i].path)-1] == "should respect X-Forwarded-Host" {
			cases[i].send = []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "example.com"}
		}
	}
	cases = append(cases, expressCase{
		path: []string{"req", ".host", `when "trust proxy" is enabled`, "when trusting hop count", "should respect X-Forwarded-Host"},
		app:  useApp(func(app *App) { app.Set("trust proxy", 1) }, end),
		send: []string{"GET", "/", "Host", "localhost", "X-Forwarded-Host", "example.com"}, status: 200, body: "example.com"})
	runExpress(t, cases)
}
