package fast

import "testing"

// TestPathname checks pathname against parseurl 1.3.3 (Express's
// req.path and routing path), whose answers are recorded here; "" stands
// for its null pathname.
func TestPathname(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ url, want string }{
		{"/a/b?c#d", "/a/b"},
		{"/a#b?c", "/a"},
		{"?x", ""},
		{"", ""},
		{"foo", "foo"},
		{"*", "*"},
		{"http://example.com", "/"},
		{"http://example.com?x=/b/c", "/"},
		{"http://example.com#f/x", "/"},
		{"HTTP://a.b:80/x/y?z", "/x/y"},
		{"http://a/b", "/b"},
		{"a_b://c/d", "a_b://c/d"},
		{"a?b://c", "a"},
		{"ftp://h", "/"},
		{"x+y://h/p", "/p"},
		{"://h/p", "://h/p"},
		{"http://", ""},
		{"http://?q", ""},
		{"http://h/?q", "/"},
	} {
		if got := pathname(tt.url); got != tt.want {
			t.Errorf("pathname(%q) = %q, want %q", tt.url, got, tt.want)
		}
	}
}

// TestAbsoluteURLRouting routes absolute-form request targets without a
// path as Express 4.22.3 does (probed): the path is "/", so a query that
// contains a slash does not reach a mount path, and the 404 page names "/".
func TestAbsoluteURLRouting(t *testing.T) {
	t.Parallel()
	app := New()
	app.Use("/b", func(req *Request, res *Response, next Next) { res.Send("mounted " + req.URL()) })
	s := serveTest(t, app)
	for _, target := range []string{"http://example.com", "http://example.com?x=/b/c", "http://example.com#/b"} {
		s.do("GET", target).expect(t, 404, finalPage("Cannot GET /"))
	}
	s.do("GET", "http://example.com/b/c?x").expect(t, 200, "mounted http://example.com/c?x")
}

// TestRootRouteDoubleSlash routes "//" as Express 4.22.3 does: the route
// "/" compiles to /^\/?$/ (non-strict) or /^\/$/ (strict), so "//" does not
// reach it, while "/" does.
func TestRootRouteDoubleSlash(t *testing.T) {
	t.Parallel()
	for _, strict := range []bool{false, true} {
		app := New()
		if strict {
			app.Enable("strict routing")
		}
		app.Get("/", func(req *Request, res *Response, next Next) { res.Send("root") })
		s := serveTest(t, app)
		s.do("GET", "/").expect(t, 200, "root")
		s.do("GET", "//").expect(t, 404, finalPage("Cannot GET //"))
	}
}
