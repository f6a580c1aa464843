package fast

import (
	"testing"
)

// TestTrustProxySettings checks the "trust proxy" forms and Express's
// inheritance rule on mount, against what Express 4.22.3 answers
// (/work/ref/probes/request/trust_mount.js, with the client address
// "::ffff:127.0.0.1").
func TestTrustProxySettings(t *testing.T) {
	t.Parallel()
	h := func(req *Request, res *Response, next Next) {
		b, _ := parsersJSON(strs(req.IPs()))
		res.SendString(req.IP() + " " + b)
	}
	tests := []struct {
		name  string
		build func() *App
		want  string
	}{
		{"a sub-app inherits the parent's setting", func() *App {
			a, s := New(), New()
			a.Set("trust proxy", 2)
			s.Get("/", h)
			a.Use("/s", s)
			return a
		}, `p1 ["p1","p2"]`},
		{"a sub-app's own setting made before mounting is kept", func() *App {
			a, s := New(), New()
			a.Set("trust proxy", 2)
			s.Set("trust proxy", 1)
			s.Get("/", h)
			a.Use("/s", s)
			return a
		}, `p2 ["p2"]`},
		{"a parent's setting made after mounting is inherited", func() *App {
			a, s := New(), New()
			s.Get("/", h)
			a.Use("/s", s)
			a.Set("trust proxy", true)
			return a
		}, `client ["client","p1","p2"]`},
		{"a sub-app's own setting made after mounting wins", func() *App {
			a, s := New(), New()
			a.Set("trust proxy", true)
			s.Get("/", h)
			a.Use("/s", s)
			s.Set("trust proxy", 1)
			return a
		}, `p2 ["p2"]`},
		{"a function is called with each address and its distance", func() *App {
			a := New()
			a.Set("trust proxy", func(addr string, i int) bool { return addr == "::ffff:127.0.0.1" || addr == "p2" })
			a.Get("/s", h)
			return a
		}, `p1 ["p1","p2"]`},
		{"the default trusts nothing", func() *App {
			a, s := New(), New()
			s.Get("/", h)
			a.Use("/s", s)
			return a
		}, `::ffff:127.0.0.1 []`},
		{"IPv4-mapped socket address matches an IPv4 subnet", func() *App {
			a := New()
			a.Set("trust proxy", []string{"127.0.0.0/8"})
			a.Get("/s", h)
			return a
		}, `p2 ["p2"]`},
		{"a hop count of 0 trusts nothing", func() *App {
			a := New()
			a.Set("trust proxy", 0)
			a.Get("/s", h)
			return a
		}, `::ffff:127.0.0.1 []`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sendRequest(t, tt.build(), "GET", "/s", "X-Forwarded-For", "client, p1, p2").expect(t, 200, tt.want)
		})
	}
	t.Run("invalid values panic as Express throws", func(t *testing.T) {
		t.Parallel()
		for _, c := range []struct {
			v    any
			want string
		}{
			{"bogus", "invalid IP address: bogus"},
			{"", "invalid IP address: "},
			{"10.0.0.1/33", "invalid range on address: 10.0.0.1/33"},
			{map[string]int{}, "unsupported trust argument"},
		} {
			expectPanic(t, func() { New().Set("trust proxy", c.v) }, c.want)
		}
	})
}

// TestSocketAddress checks the socket address as Node formats it.
func TestSocketAddress(t *testing.T) {
	t.Parallel()
	app := func() *App {
		a := New()
		a.Get("/", func(req *Request, res *Response, next Next) { res.SendString("[" + req.IP() + "]") })
		return a
	}
	for _, c := range []struct{ from, want string }{
		{"::ffff:127.0.0.1", "[::ffff:127.0.0.1]"}, // IPv4 client of a dual-stack listener
		{"::1", "[::1]"},
		{"2001:DB8::1", "[2001:db8::1]"},
		{"pipe", "[]"}, // no IP address: Express's undefined
	} {
		sendRequest(t, app(), "GET", "/", "from", c.from).expect(t, 200, c.want)
	}
	// An IPv4 listener gives 4-byte addresses, which Node prints plain.
	t.Run("IPv4 listener", func(t *testing.T) {
		t.Parallel()
		ctx := requestCtxFrom("/")
		ctx.SetRemoteAddr(ipv4Addr("10.1.2.3"))
		app().Handler()(ctx)
		if got := string(ctx.Response.Body()); got != "[10.1.2.3]" {
			t.Errorf("got %s", got)
		}
	})
}

// TestRequestHeaderReading checks req.Get against Node's folding of
// repeated lines, and that a value a handler changes through fasthttp is
// the one read.
func TestRequestHeaderReading(t *testing.T) {
	t.Parallel()
	app := New()
	app.Get("/", func(req *Request, res *Response, next Next) {
		got := req.Get("Content-Type") + "|" + req.Get("User-Agent") + "|" + req.Get("X-Dup") + "|" + req.Get("Content-Length")
		req.Ctx().Request.Header.SetContentType("changed/type")
		got += "|" + req.Get("Content-Type")
		res.SendString(got)
	})
	sendRequest(t, app, "GET", "/", "Content-Type", "first/type", "Content-Type", "second/type",
		"User-Agent", "ua1", "User-Agent", "ua2", "X-Dup", "a", "X-Dup", "", "X-Dup", "c").
		expect(t, 200, "first/type|ua1|a, , c||changed/type")
}
