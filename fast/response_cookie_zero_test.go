package fast

import (
	"net/http"
	"regexp"
	"testing"
	"time"
)

// TestCookieZeroOptions checks ZeroMaxAge and NoPath against Express 4.22
// on Node 20 (/work/ref/probes/resp_cookie_zero.js): res.cookie('a', '1',
// {maxAge: 0}), res.cookie('b', '2', {path: ""}), res.clearCookie('c',
// {path: ""}) and res.cookie('d', '3', {maxAge: 0, path: ""}) send
// "a=1; Max-Age=0; Path=/; Expires=<now>", "b=2",
// "c=; Expires=Thu, 01 Jan 1970 00:00:00 GMT" and
// "d=3; Max-Age=0; Expires=<now>".
func TestCookieZeroOptions(t *testing.T) {
	t.Parallel()
	app := use(func(req *Request, res *Response, next Next) {
		res.Cookie("a", "1", CookieOptions{ZeroMaxAge: true}).
			Cookie("b", "2", CookieOptions{NoPath: true}).
			ClearCookie("c", CookieOptions{NoPath: true}).
			Cookie("d", "3", CookieOptions{ZeroMaxAge: true, NoPath: true}).
			Cookie("e", "4", CookieOptions{NoPath: true, Path: "/x", ZeroMaxAge: true, MaxAge: time.Minute})
		res.End()
	})
	before := time.Now().Truncate(time.Second)
	r := serveTest(t, app).do("GET", "/")
	after := time.Now()
	got := r.values("Set-Cookie")
	want := []string{
		`^a=1; Max-Age=0; Path=/; Expires=(.*)$`,
		`^b=2$`,
		`^c=; Expires=Thu, 01 Jan 1970 00:00:00 GMT$`,
		`^d=3; Max-Age=0; Expires=(.*)$`,
		`^e=4; Max-Age=60; Path=/x; Expires=(.*)$`, // the Go fields win over the flags
	}
	if len(got) != len(want) {
		t.Fatalf("Set-Cookie %q, want %d lines", got, len(want))
	}
	for i, re := range want {
		m := regexp.MustCompile(re).FindStringSubmatch(got[i])
		if m == nil {
			t.Errorf("Set-Cookie %q, want a match of /%s/", got[i], re)
			continue
		}
		if len(m) < 2 || i == 4 {
			continue
		}
		exp, err := http.ParseTime(m[1])
		if err != nil || exp.Before(before) || exp.After(after) {
			t.Errorf("Set-Cookie %q: Expires is not now (%v, %v)", got[i], exp, err)
		}
	}
}
