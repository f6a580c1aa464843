package fast

import (
	"strconv"
	"strings"
	"testing"
)

// TestCVE2024_47764 is cookie 0.7's fix as Express 4.21.1 ships it: a
// cookie name that is not a token, and a path or domain holding ';', make
// res.cookie throw (500, "argument name is invalid" ...), and no
// Set-Cookie line is written.
func TestCVE2024_47764(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, cookie string
		opts         CookieOptions
		msg          string
	}{
		{"injected attributes in the name", "userName=<script>alert('XSS3')</script><!--", CookieOptions{}, "argument name is invalid"},
		{"name with Max-Age injection", "userName=x; Max-Age=2592000; a", CookieOptions{}, "argument name is invalid"},
		{"path with ;", "a", CookieOptions{Path: "/;x"}, "option path is invalid"},
		{"domain with ;", "a", CookieOptions{Domain: "a.com;x"}, "option domain is invalid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := use(func(req *Request, res *Response, next Next) { res.Cookie(tc.cookie, "x", tc.opts).End() })
			r := serveTest(t, app).do("GET", "/")
			r.expectMatch(t, 500, tc.msg)
			if r.has("Set-Cookie") {
				t.Errorf("Set-Cookie written: %q", r.header("Set-Cookie"))
			}
		})
	}
}

// TestCVE2020_15111 is Fiber's Ctx.Attachment header split: a file name
// with '"', CR and LF is quoted and escaped, with a filename* parameter,
// exactly as Express 4.22.3 writes it, and never splits the header.
func TestCVE2020_15111(t *testing.T) {
	t.Parallel()
	app := use(func(req *Request, res *Response, next Next) { res.Attachment("a\"b\r\nX-Evil: 1.txt").End() })
	r := serveTest(t, app).do("GET", "/")
	r.expect(t, 200, "")
	r.expectHeader(t, "Content-Disposition", `attachment; filename="a\"b??X-Evil: 1.txt"; filename*=UTF-8''a%22b%0D%0AX-Evil%3A%201.txt`)
	if r.has("X-Evil") {
		t.Error("the file name split the header")
	}
}

// TestCVE2024_10491 is res.links with a URL that carries CR LF: Express 4
// writes URLs as given and Node refuses the header (ERR_INVALID_CHAR, 500);
// no Link or injected header is written.
func TestCVE2024_10491(t *testing.T) {
	t.Parallel()
	app := use(func(req *Request, res *Response, next Next) {
		res.Links(Link{Rel: "next", URL: "http://a/?x\r\nSet-Cookie: a=b"}).End()
	})
	r := serveTest(t, app).do("GET", "/")
	if r.status != 500 {
		t.Errorf("status %d, want 500", r.status)
	}
	if r.has("Set-Cookie") || r.has("Link") {
		t.Errorf("injected header written: %v", r.headers)
	}
}

// TestCVE2023_41338 is Fiber's IsFromLocal trusting X-Forwarded-For:
// with "trust proxy" off (the default) req.ip and req.ips come from the
// socket only.
func TestCVE2023_41338(t *testing.T) {
	t.Parallel()
	app := use(func(req *Request, res *Response, next Next) {
		res.Send(req.IP() + "|" + strings.Join(req.IPs(), ","))
	})
	r := serveTest(t, app).do("GET", "/", "X-Forwarded-For", "127.0.0.1", "X-Real-IP", "127.0.0.1")
	if r.status != 200 || strings.HasPrefix(r.body, "127.0.0.1") || !strings.HasSuffix(r.body, "|") {
		t.Errorf("got %d %q, want the socket address and no forwarded IPs", r.status, r.body)
	}
}

// TestGHSA_mrq8_rjmw_wpq3 is Fiber's fixed-size parameter array: a route
// with more than 30 parameters matches and reports every one (fw had two
// bugs here: the router table dropped routes of more than 8 parameters, and
// a route of more than 16 wrote past the context's capture buffer).
func TestGHSA_mrq8_rjmw_wpq3(t *testing.T) {
	t.Parallel()
	const n = 40
	var pattern, target strings.Builder
	for i := range n {
		pattern.WriteString("/:p" + strconv.Itoa(i))
		target.WriteString("/v" + strconv.Itoa(i))
	}
	app := New()
	app.Get(pattern.String(), func(req *Request, res *Response, next Next) {
		var b strings.Builder
		for i := range n {
			b.WriteString(req.Params().Get("p"+strconv.Itoa(i)) + ",")
		}
		res.Send(b.String())
	})
	var want strings.Builder
	for i := range n {
		want.WriteString("v" + strconv.Itoa(i) + ",")
	}
	serveTest(t, app).do("GET", target.String()).expect(t, 200, want.String())
}
