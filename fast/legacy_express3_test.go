package fast

import (
	"path/filepath"
	"slices"
	"testing"
)

// Ports of Express 3.21.2's request and response suites (test/req.*.js,
// test/res.*.js of the 3.21.2 tag) for the 3.x forms, on apps made by
// NewLegacy3. Subtests are named after the it() sentences, prefixed by
// the describe() path.

// legacy3Case is one ported it(): a handler, a request and what to expect.
type legacy3Case struct {
	name    string
	h       Handler
	method  string
	target  string
	headers []string // alternating names and values
	status  int
	body    string
	want    map[string]string // response headers
	check   func(t *testing.T, r *testResponse)
}

func runLegacy3Cases(t *testing.T, cases []legacy3Case) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := NewLegacy3()
			app.Use(tc.h)
			method := tc.method
			if method == "" {
				method = "GET"
			}
			target := tc.target
			if target == "" {
				target = "/"
			}
			r := serveTest(t, app).do(method, target, tc.headers...)
			status := tc.status
			if status == 0 {
				status = 200
			}
			if r.status != status {
				t.Errorf("status %d, want %d (body %q)", r.status, status, r.body)
			}
			if tc.body != "" && r.body != tc.body {
				t.Errorf("body %q, want %q", r.body, tc.body)
			}
			for k, v := range tc.want {
				if got := r.header(k); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
}

func TestLegacy3Request(t *testing.T) {
	t.Parallel()
	expect := func(t *testing.T, ok bool, what string) {
		t.Helper()
		if !ok {
			t.Error(what)
		}
	}
	runLegacy3Cases(t, []legacy3Case{
		{name: "req.accepted should return an array of accepted media types",
			headers: []string{"Accept", "text/html;q=.5, application/json"},
			h: func(req *Request, res *Response, next Next) {
				a := req.Accepted()
				if len(a) != 2 || a[0].Value != "application/json" || a[1].Value != "text/html" {
					res.Status(500)
				}
				res.End()
			}},
		{name: "req.accepted when Accept is not present should default to []",
			h: func(req *Request, res *Response, next Next) {
				if len(req.Legacy3().Accepted()) != 0 {
					res.Status(500)
				}
				res.End()
			}},
		{name: "req.acceptedCharsets should return an array of accepted charsets",
			headers: []string{"Accept-Charset", "iso-8859-5;q=.2, unicode-1-1;q=0.8"},
			h: func(req *Request, res *Response, next Next) {
				if !slices.Equal(req.Legacy3().AcceptedCharsets(), []string{"unicode-1-1", "iso-8859-5"}) {
					res.Status(500)
				}
				res.End()
			}},
		{name: "req.acceptedCharsets when Accept-Charset is not present should default to []",
			h: func(req *Request, res *Response, next Next) {
				if len(req.Legacy3().AcceptedCharsets()) != 0 {
					res.Status(500)
				}
				res.End()
			}},
		{name: "req.acceptedLanguages should return an array of accepted languages",
			headers: []string{"Accept-Language", "en;q=.5, en-us"},
			h: func(req *Request, res *Response, next Next) {
				if !slices.Equal(req.Legacy3().AcceptedLanguages(), []string{"en-us", "en"}) {
					res.Status(500)
				}
				res.End()
			}},
		{name: "req.acceptedLanguages when Accept-Language is not present should default to []",
			h: func(req *Request, res *Response, next Next) {
				if len(req.Legacy3().AcceptedLanguages()) != 0 {
					res.Status(500)
				}
				res.End()
			}},
		{name: "req.acceptsCharset(type) when Accept-Charset is not present should return true", body: "yes",
			h: func(req *Request, res *Response, next Next) {
				res.End(yesNo(req.Legacy3().AcceptsCharset("utf-8")))
			}},
		{name: "req.acceptsCharset(type) when Accept-Charset is not present should return true when present",
			body: "yes", headers: []string{"Accept-Charset", "foo, bar, utf-8"},
			h: func(req *Request, res *Response, next Next) {
				res.End(yesNo(req.Legacy3().AcceptsCharset("utf-8")))
			}},
		{name: "req.acceptsCharset(type) when Accept-Charset is not present should return false otherwise",
			body: "no", headers: []string{"Accept-Charset", "foo, bar"},
			h: func(req *Request, res *Response, next Next) {
				res.End(yesNo(req.Legacy3().AcceptsCharset("utf-8")))
			}},
		{name: "req.acceptsLanguage should be true if language accpeted",
			headers: []string{"Accept-Language", "en;q=.5, en-us"},
			h: func(req *Request, res *Response, next Next) {
				l := req.Legacy3()
				expect(t, l.AcceptsLanguage("en-us") && l.AcceptsLanguage("en"), "not accepted")
				res.End()
			}},
		{name: "req.acceptsLanguage should be false if language not accpeted",
			headers: []string{"Accept-Language", "en;q=.5, en-us"},
			h: func(req *Request, res *Response, next Next) {
				expect(t, !req.Legacy3().AcceptsLanguage("es"), "es accepted")
				res.End()
			}},
		{name: "req.acceptsLanguage when Accept-Language is not present should always return true",
			h: func(req *Request, res *Response, next Next) {
				l := req.Legacy3()
				expect(t, l.AcceptsLanguage("en") && l.AcceptsLanguage("es") && l.AcceptsLanguage("jp"), "refused")
				res.End()
			}},
		{name: "req.accepts uses the most preferred range first (3.x utils.accepts)", body: "html",
			headers: []string{"Accept", "text/*, application/json"},
			h: func(req *Request, res *Response, next Next) {
				key, _ := req.Legacy3().Accepts("json", "html")
				res.End(key)
			}},
		{name: "req.host should return the Host when present", method: "POST", body: "example.com",
			h: func(req *Request, res *Response, next Next) { res.End(req.Legacy3().Host()) }},
		{name: "req.host when \"trust proxy\" is disabled should ignore X-Forwarded-Host", body: "example.com",
			headers: []string{"X-Forwarded-Host", "evil"},
			h:       func(req *Request, res *Response, next Next) { res.End(req.Legacy3().Host()) }},
	})
}

func TestLegacy3RequestHost(t *testing.T) {
	t.Parallel()
	app := NewLegacy3()
	app.Use(func(req *Request, res *Response, next Next) { res.End(req.Legacy3().Host()) })
	s := serveTest(t, app)
	for _, tc := range []struct{ name, host, want string }{
		{"req.host should strip port number", "example.com:3000", "example.com"},
		{"req.host should work with IPv6 Host", "[::1]", "[::1]"},
		{"req.host should work with IPv6 Host and port", "[::1]:3000", "[::1]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := legacyRaw(t, s, "POST / HTTP/1.1\r\nHost: "+tc.host+"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", false)
			if r.body != tc.want {
				t.Errorf("body %q, want %q", r.body, tc.want)
			}
		})
	}
}

func TestLegacy3Response(t *testing.T) {
	t.Parallel()
	runLegacy3Cases(t, []legacy3Case{
		{name: "res.charset should add the charset param to Content-Type", body: "text/x-foo; charset=utf-8",
			h: func(req *Request, res *Response, next Next) {
				res.SetCharset("utf-8").Set("Content-Type", "text/x-foo")
				res.End(res.Get("Content-Type"))
			}},
		{name: "res.charset should be replaced by real charset in res.send",
			want: map[string]string{"Content-Type": "text/html; charset=utf-8"},
			h: func(req *Request, res *Response, next Next) {
				res.SetCharset("whoop").Send("hey")
			}},
		{name: "res.send(code) should set .statusCode", status: 201, body: "Created",
			h: func(req *Request, res *Response, next Next) { res.Send(201) }},
		{name: "res.send(code, body) should set .statusCode and body", status: 201, body: "Created :)",
			h: func(req *Request, res *Response, next Next) { res.SendStatusBody(201, "Created :)") }},
		{name: "res.json(status, object) should respond with json and set the .statusCode", status: 201,
			body: "{\n  \"id\": 1\n}", want: map[string]string{"Content-Type": "application/json; charset=utf-8"},
			h: func(req *Request, res *Response, next Next) { res.JSONStatus(201, map[string]int{"id": 1}) }},
		{name: "res.jsonp(status, object) should respond with json and set the .statusCode", status: 201,
			body: "{\n  \"id\": 1\n}", want: map[string]string{"Content-Type": "application/json; charset=utf-8"},
			h: func(req *Request, res *Response, next Next) { res.JSONPStatus(201, map[string]int{"id": 1}) }},
		{name: "res.location(url) should set the header", want: map[string]string{"Location": "http://google.com"},
			h: func(req *Request, res *Response, next Next) { res.Location("http://google.com").End() }},
		{name: "res.location(url) with leading // should pass through scheme-relative urls",
			want: map[string]string{"Location": "//cuteoverload.com"},
			h:    func(req *Request, res *Response, next Next) { res.Location("//cuteoverload.com").End() }},
		{name: "res.location(url) with leading / should construct scheme-relative urls",
			want: map[string]string{"Location": "/login"},
			h:    func(req *Request, res *Response, next Next) { res.Location("/login").End() }},
		{name: "res.location(url) with leading ./ should construct path-relative urls", target: "/post/1",
			want: map[string]string{"Location": "/post/1/edit"},
			h:    func(req *Request, res *Response, next Next) { res.Location("./edit").End() }},
		{name: "res.location(url) with leading ../ should construct path-relative urls", target: "/post/1",
			want: map[string]string{"Location": "/post/new"},
			h:    func(req *Request, res *Response, next Next) { res.Location("../new").End() }},
		{name: "res.location(url) with leading ./ and containing .. should construct path-relative urls",
			target: "/post/1", want: map[string]string{"Location": "/post/new"},
			h: func(req *Request, res *Response, next Next) { res.Location("./skip/../../new").End() }},
		{name: "res.location(url) without leading / should construct mount-point relative urls",
			want: map[string]string{"Location": "/login"},
			h:    func(req *Request, res *Response, next Next) { res.Location("login").End() }},
		{name: "res.location(url) never resolves to another host (CVE-2024-9266)", target: "//evil.com/x",
			want: map[string]string{"Location": "/evil.com/x/y"},
			h:    func(req *Request, res *Response, next Next) { res.Location("./y").End() }},
		{name: "res.location(url) never resolves to another host through a backslash (CVE-2024-9266)",
			want: map[string]string{"Location": "/evil.com"},
			h:    func(req *Request, res *Response, next Next) { res.Location(`\evil.com`).End() }},
		{name: "res.redirect(url) when accepting html should respond with html", status: 302,
			headers: []string{"Accept", "text/html"},
			body:    `<p>Found. Redirecting to <a href="http://google.com">http://google.com</a></p>`,
			want:    map[string]string{"Content-Type": "text/html; charset=UTF-8"},
			h:       func(req *Request, res *Response, next Next) { res.Redirect("http://google.com") }},
		{name: "res.redirect(url) when accepting text should respond with text", status: 302,
			headers: []string{"Accept", "text/plain, */*"}, body: "Found. Redirecting to http://google.com",
			want: map[string]string{"Content-Type": "text/plain; charset=UTF-8"},
			h:    func(req *Request, res *Response, next Next) { res.Redirect("http://google.com") }},
		{name: "res.redirect(url) when accepting neither text or html should respond with an empty body",
			status: 302, headers: []string{"Accept", "application/octet-stream"},
			want: map[string]string{"Content-Type": "", "Content-Length": "0"},
			h:    func(req *Request, res *Response, next Next) { res.Redirect("http://google.com") }},
		{name: "res.redirect(status, url) should set the response status", status: 303,
			want: map[string]string{"Location": "http://google.com"},
			h:    func(req *Request, res *Response, next Next) { res.RedirectStatus(303, "http://google.com") }},
		{name: "res.sendfile(path) with an absolute path should transfer the file", body: "<p>{{user.name}}</p>",
			want: map[string]string{"Content-Type": "text/html; charset=UTF-8"},
			h: func(req *Request, res *Response, next Next) {
				abs, _ := absFixture("user.html")
				res.Sendfile(abs, nil, nil)
			}},
		{name: "res.sendfile(path) with a relative path should transfer the file", body: "<p>{{user.name}}</p>",
			want: map[string]string{"Content-Type": "text/html; charset=UTF-8"},
			h: func(req *Request, res *Response, next Next) {
				res.Sendfile("testdata/fixtures/user.html", nil, nil)
			}},
		{name: "res.sendfile(path) with a relative path should serve relative to \"root\"", body: "<p>{{user.name}}</p>",
			h: func(req *Request, res *Response, next Next) {
				res.Sendfile("user.html", &SendFileOptions{Root: "testdata/fixtures/"}, nil)
			}},
		{name: "res.sendfile(path) with a relative path should consider ../ malicious when \"root\" is not set",
			status: 403, h: func(req *Request, res *Response, next Next) {
				res.Sendfile("testdata/fixtures/foo/../user.html", nil, nil)
			}},
		{name: "res.sendfile(path) with a relative path should allow ../ when \"root\" is set",
			h: func(req *Request, res *Response, next Next) {
				res.Sendfile("foo/../user.html", &SendFileOptions{Root: "testdata/fixtures"}, nil)
			}},
		{name: "res.sendfile(path) with a relative path should disallow requesting out of \"root\"", status: 403,
			h: func(req *Request, res *Response, next Next) {
				res.Sendfile("foo/../../user.html", &SendFileOptions{Root: "testdata/fixtures"}, nil)
			}},
		{name: "res.sendfile(path, options) maxAge is milliseconds",
			want: map[string]string{"Cache-Control": "public, max-age=60"},
			h: func(req *Request, res *Response, next Next) {
				res.Sendfile("user.html", &SendFileOptions{Root: "testdata/fixtures", MaxAge: 60000}, nil)
			}},
		{name: "res.download(path) should transfer as an attachment", body: "<p>{{user.name}}</p>",
			want: map[string]string{"Content-Type": "text/html; charset=UTF-8",
				"Content-Disposition": `attachment; filename="user.html"`},
			h: func(req *Request, res *Response, next Next) {
				res.Download("testdata/fixtures/user.html", "", nil, nil)
			}},
		{name: "res.download(path, filename) should provide an alternate filename",
			want: map[string]string{"Content-Disposition": `attachment; filename="document"`},
			h: func(req *Request, res *Response, next Next) {
				res.Download("testdata/fixtures/user.html", "document", nil, nil)
			}},
		{name: "res.download(path, filename, fn) should invoke the callback",
			want: map[string]string{"Content-Disposition": `attachment; filename="document"`},
			h: func(req *Request, res *Response, next Next) {
				called := false
				res.Download("testdata/fixtures/user.html", "document", nil, func(err error) { called = err == nil })
				if !called {
					t.Error("callback not called without error")
				}
			}},
	})
}

func TestLegacy3RedirectMounted(t *testing.T) {
	t.Parallel()
	t.Run("res.location(url) when mounted deeply should respect the mount-point", func(t *testing.T) {
		t.Parallel()
		app, blog, admin := NewLegacy3(), NewLegacy3(), NewLegacy3()
		admin.Use(func(req *Request, res *Response, next Next) { res.Location("login").End() })
		app.Use("/blog", blog)
		blog.Use("/admin", admin)
		if got := serveTest(t, app).do("GET", "/blog/admin").header("Location"); got != "/blog/admin/login" {
			t.Errorf("Location %q", got)
		}
	})
	t.Run("res.location(url) when mounted omitting leading / should respect the mount-point", func(t *testing.T) {
		t.Parallel()
		app, admin := NewLegacy3(), NewLegacy3()
		admin.Use(func(req *Request, res *Response, next Next) { res.Location("admin/login").End() })
		app.Use("/blog", admin)
		if got := serveTest(t, app).do("GET", "/blog").header("Location"); got != "/blog/admin/login" {
			t.Errorf("Location %q", got)
		}
	})
	t.Run("res.location(url) when mounted providing leading / should ignore mount-point", func(t *testing.T) {
		t.Parallel()
		app, admin := NewLegacy3(), NewLegacy3()
		admin.Use(func(req *Request, res *Response, next Next) { res.Location("/admin/login").End() })
		app.Use("/blog", admin)
		if got := serveTest(t, app).do("GET", "/blog").header("Location"); got != "/admin/login" {
			t.Errorf("Location %q", got)
		}
	})

	// res.redirect: responses redirected to relative paths.
	create := func(depth string, parent *App) *App {
		app := NewLegacy3()
		if parent != nil {
			parent.Use("/depth"+depth, app)
		}
		app.Get("/", func(req *Request, res *Response, next Next) { res.Redirect("./index") })
		app.Get("/index", func(req *Request, res *Response, next Next) { res.JSON(map[string]string{"depth": depth}) })
		return app
	}
	root := create("0", nil)
	depth1 := create("1", root)
	depth2 := create("2", depth1)
	depth3 := create("3", depth2)
	root.Use("/depth2", depth2)
	root.Use("/depth3", depth3)
	s := serveTest(t, root)
	t.Run("res.redirect should not contain redundant leading slashes in the location header", func(t *testing.T) {
		if got := s.do("GET", "/").header("Location"); got != "/index" {
			t.Errorf("Location %q", got)
		}
	})
	t.Run("res.redirect should preserve context when redirecting nested applications at any depth", func(t *testing.T) {
		for target, want := range map[string]string{"/depth1": "/depth1/index",
			"/depth1/depth2": "/depth1/depth2/index", "/depth1/depth2/depth3": "/depth1/depth2/depth3/index"} {
			if got := s.do("GET", target).header("Location"); got != want {
				t.Errorf("%s: Location %q, want %q", target, got, want)
			}
		}
	})
	t.Run("res.redirect should redirect correctly for nested applications that have been remounted", func(t *testing.T) {
		for target, want := range map[string]string{"/depth2": "/depth2/index", "/depth3": "/depth3/index"} {
			if got := s.do("GET", target).header("Location"); got != want {
				t.Errorf("%s: Location %q, want %q", target, got, want)
			}
		}
	})
}

// absFixture returns the absolute path of a file of testdata/fixtures.
func absFixture(name string) (string, error) {
	return filepath.Abs(filepath.Join("testdata", "fixtures", name))
}
