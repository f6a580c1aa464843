package fast

import "testing"

// benchRequest measures whole requests through an app whose only route
// answers get(req); "baseline" answers a constant, so the difference is the
// getter's cost.
func benchRequest(b *testing.B, setup func(app *App), target string, headers []string, get func(req *Request) string) {
	app := New()
	if setup != nil {
		setup(app)
	}
	app.Get("/", func(req *Request, res *Response, next Next) { res.SendString(get(req)) })
	h := app.Handler()
	ctx := requestCtxFrom(target, headers...)
	h(ctx)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ctx.Response.Reset()
		h(ctx)
	}
}

func BenchmarkRequest(b *testing.B) {
	trustOn := func(app *App) { app.Enable("trust proxy") }
	browserAccept := "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
	benches := []struct {
		name    string
		setup   func(app *App)
		target  string
		headers []string
		get     func(req *Request) string
	}{
		{"baseline", nil, "/", nil, func(req *Request) string { return "x" }},
		{"Get", nil, "/", []string{"User-Agent", "bench", "X-Custom", "value", "Accept", "*/*"},
			func(req *Request) string { return req.Get("x-custom") }},
		{"QueryValue", nil, "/?page=2&sort=desc&q=hello%20world", nil,
			func(req *Request) string { v, _ := req.QueryValue("q"); return v }},
		{"Query", nil, "/?page=2&sort=desc&q=hello%20world", nil,
			func(req *Request) string { v, _ := req.Query().Get("q"); return v.(string) }},
		{"Hostname/trust", trustOn, "/", []string{"X-Forwarded-Host", "example.org"},
			func(req *Request) string { return req.Hostname() }},
		{"IP/trust", trustOn, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IP() }},
		{"IP/subnets", func(app *App) { app.Set("trust proxy", "loopback, uniquelocal, 10.0.0.0/8") }, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IP() }},
		{"Accepts/json", nil, "/", []string{"Accept", browserAccept},
			func(req *Request) string { v, _ := req.Accepts("json"); return v }},
		{"Accepts/html,json", nil, "/", []string{"Accept", browserAccept},
			func(req *Request) string { v, _ := req.Accepts("html", "json"); return v }},
		{"Is/json", nil, "/", []string{"Content-Type", "application/json; charset=utf-8", "Content-Length", "0"},
			func(req *Request) string { v, _ := req.Is("json"); return v }},
		{"Cookies", nil, "/", []string{"Cookie", "sid=abc123; theme=dark; lang=en-US"},
			func(req *Request) string { req.ParseCookies(nil); v, _ := req.Cookies().Get("theme"); return v }},
		{"SignedCookies", nil, "/", []string{"Cookie", "sid=s%3Afoobar.N5r0C3M8W%2BIPpzyAJaIddMWbTGfDSO%2BbfKlZErJ%2BMeE; theme=dark"},
			func(req *Request) string {
				req.ParseCookies(allocSecrets)
				v, _ := req.SignedCookies().Get("sid")
				return v
			}},
	}
	for _, bb := range benches {
		b.Run(bb.name, func(b *testing.B) { benchRequest(b, bb.setup, bb.target, bb.headers, bb.get) })
	}
}

// BenchmarkGetter measures one getter call, repeated inside one request.
// Getters that cache per request (the socket address, parsed cookies) show
// their cached cost here; BenchmarkRequest shows the first call's.
func BenchmarkGetter(b *testing.B) {
	trustOn := func(app *App) { app.Enable("trust proxy") }
	browserAccept := "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
	benches := []struct {
		name    string
		setup   func(app *App)
		target  string
		headers []string
		get     func(req *Request) string
	}{
		{"Get", nil, "/", []string{"User-Agent", "bench", "X-Custom", "value", "Accept", "*/*"},
			func(req *Request) string { return req.Get("x-custom") }},
		{"Get/Content-Type", nil, "/", []string{"Content-Type", "text/plain", "Content-Length", "0"},
			func(req *Request) string { return req.Get("content-type") }},
		{"QueryValue", nil, "/?page=2&sort=desc&q=hello", nil,
			func(req *Request) string { v, _ := req.QueryValue("q"); return v }},
		{"Hostname/trust", trustOn, "/", []string{"X-Forwarded-Host", "example.org"},
			func(req *Request) string { return req.Hostname() }},
		{"IP/trust", trustOn, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IP() }},
		{"IP/subnets", func(app *App) { app.Set("trust proxy", "loopback, uniquelocal, 10.0.0.0/8") }, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IP() }},
		{"Accepts/json", nil, "/", []string{"Accept", browserAccept},
			func(req *Request) string { v, _ := req.Accepts("json"); return v }},
		{"Accepts/application/json", nil, "/", []string{"Accept", browserAccept},
			func(req *Request) string { v, _ := req.Accepts("application/json"); return v }},
		{"Is/json", nil, "/", []string{"Content-Type", "application/json; charset=utf-8", "Content-Length", "0"},
			func(req *Request) string { v, _ := req.Is("json"); return v }},
	}
	for _, bb := range benches {
		b.Run(bb.name, func(b *testing.B) {
			app := New()
			if bb.setup != nil {
				bb.setup(app)
			}
			app.Get("/", func(req *Request, res *Response, next Next) {
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					getterSink = bb.get(req)
				}
				b.StopTimer()
				res.SendString(getterSink)
			})
			app.Handler()(requestCtxFrom(bb.target, bb.headers...))
		})
	}
}

var getterSink string

var allocSecrets = []string{"keyboard cat"}
