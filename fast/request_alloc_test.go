//go:build !race && !fwpoison

package fast

import (
	"testing"
)

// TestRequestZeroAllocations proves the allocation-free req.* getters: a
// whole request (dispatch, the getter, sending its result) is measured with
// the RequestCtx reused, as a server reuses it.
func TestRequestZeroAllocations(t *testing.T) {
	trustOn := func(app *App) { app.Enable("trust proxy") }
	tests := []struct {
		name    string
		setup   func(app *App)
		target  string
		headers []string
		get     func(req *Request) string
	}{
		{"req.Get", nil, "/", []string{"X-Custom", "value"},
			func(req *Request) string { return req.Get("X-Custom") }},
		{"req.Get of a long name", nil, "/", []string{"X-A-Rather-Long-Header-Name-For-Testing", "v"},
			func(req *Request) string { return req.Get("x-a-rather-long-header-name-for-testing") }},
		{"req.Get Referrer", nil, "/", []string{"Referer", "http://a.example/"},
			func(req *Request) string { return req.Get("Referrer") }},
		{"req.Get of a repeated header", nil, "/", []string{"Accept", "a/b", "Accept", "c/d"},
			func(req *Request) string { return req.Get("Accept") }},
		{"req.QueryValue", nil, "/?a=1&q=hello&b=2", nil,
			func(req *Request) string { v, _ := req.QueryValue("q"); return v }},
		{"req.QueryValue decoded", nil, "/?a=1&q=hello%20w%C3%B6rld+x&b=2", nil,
			func(req *Request) string { v, _ := req.QueryValue("q"); return v }},
		{"req.QueryValue simple parser", func(app *App) { app.Set("query parser", "simple") }, "/?a=1&q=x%2By&q=2", nil,
			func(req *Request) string { v, _ := req.QueryValue("q"); return v }},
		{"req.QueryValue missing", nil, "/?a=1&b=2", nil,
			func(req *Request) string { v, _ := req.QueryValue("q"); return v }},
		{"req.Hostname with trust proxy", trustOn, "/", []string{"X-Forwarded-Host", "example.com:8080, proxy.local"},
			func(req *Request) string { return req.Hostname() }},
		{"req.Hostname", nil, "/", nil,
			func(req *Request) string { return req.Hostname() }},
		{"req.IP with trust proxy", trustOn, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IP() }},
		{"req.IP with a trusted subnet list", func(app *App) { app.Set("trust proxy", "loopback, 10.0.0.0/8, ::ffff:0.0.0.0/96") }, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IP() }},
		{"req.IP with a hop count", func(app *App) { app.Set("trust proxy", 2) }, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IP() }},
		{"req.IP", nil, "/", nil,
			func(req *Request) string { return req.IP() }},
		{"req.IPs", trustOn, "/", []string{"X-Forwarded-For", "203.0.113.9, 10.0.0.2"},
			func(req *Request) string { return req.IPs()[0] }},
		{"req.Protocol with trust proxy", trustOn, "/", []string{"X-Forwarded-Proto", "https"},
			func(req *Request) string { return req.Protocol() }},
		{"req.Subdomains", nil, "/", []string{"Host", "tobi.ferrets.example.com"},
			func(req *Request) string { return req.Subdomains()[0] }},
		{"req.Accepts of a fixed type", nil, "/", []string{"Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"},
			func(req *Request) string { v, _ := req.Accepts("json"); return v }},
		{"req.Accepts of two types", nil, "/", []string{"Accept", "application/json, text/plain;q=0.5"},
			func(req *Request) string { v, _ := req.Accepts("html", "application/json"); return v }},
		{"req.AcceptsEncodings", nil, "/", []string{"Accept-Encoding", "gzip, deflate, br"},
			func(req *Request) string { v, _ := req.AcceptsEncodings("br", "gzip"); return v }},
		{"req.AcceptsLanguages", nil, "/", []string{"Accept-Language", "en-US,en;q=0.9,fr;q=0.8"},
			func(req *Request) string { v, _ := req.AcceptsLanguages("fr", "en"); return v }},
		{"req.AcceptsCharsets", nil, "/", []string{"Accept-Charset", "utf-8, iso-8859-1;q=0.5"},
			func(req *Request) string { v, _ := req.AcceptsCharsets("utf-8"); return v }},
		{"req.Is", nil, "/", []string{"Content-Type", "application/json; charset=utf-8", "Content-Length", "0"},
			func(req *Request) string { v, _ := req.Is("json"); return v }},
		{"req.Range", nil, "/", []string{"Range", "bytes=0-99,200-299"},
			func(req *Request) string { rs, _ := req.Range(1000, true); return rs.Type }},
		{"req.Fresh", nil, "/", []string{"If-None-Match", `"abc"`},
			func(req *Request) string { return jsBool(req.Fresh()) }},
		{"req.XHR", nil, "/", []string{"X-Requested-With", "XMLHttpRequest"},
			func(req *Request) string { return jsBool(req.XHR()) }},
		// Verifying a signed cookie costs the allocations of crypto/hmac
		// (internal/cookie); parsing does not allocate.
		{"req.ParseCookies", nil, "/", []string{"Cookie", "sid=abc; theme=dark; n=%41; j=j%3A%7B%22a%22%3A1%7D"},
			func(req *Request) string {
				req.ParseCookies(allocSecrets)
				v, _ := req.Cookies().Get("n")
				return v
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := New()
			if tt.setup != nil {
				tt.setup(app)
			}
			app.Get("/", func(req *Request, res *Response, next Next) { res.SendString(tt.get(req)) })
			ctx := requestCtxFrom(tt.target, tt.headers...)
			h := app.Handler()
			h(ctx)
			if got := ctx.Response.StatusCode(); got != 200 {
				t.Fatalf("status %d: %s", got, ctx.Response.Body())
			}
			n := testing.AllocsPerRun(1000, func() {
				ctx.Response.Reset()
				h(ctx)
			})
			if n != 0 {
				t.Errorf("%v allocations per request, want 0", n)
			}
		})
	}
}
