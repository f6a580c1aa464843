package fast

import (
	"testing"
	"time"

	"github.com/fwgo/fw/internal/cookie"
)

// TestResClearCookie ports Express 4.22's test/res.clearCookie.js.
func TestResClearCookie(t *testing.T) {
	t.Parallel()
	utc := func(t time.Time) string { return string(cookie.AppendUTCString(nil, t.UnixMilli())) }
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".clearCookie(name)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set a cookie passed expiry", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.ClearCookie("sid").End() })
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "Set-Cookie", "sid=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
				r.expectStatus(t, 200)
			})
		})

		t.Run(".clearCookie(name, options)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set the given params", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.ClearCookie("sid", CookieOptions{Path: "/admin"}).End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "Set-Cookie", "sid=; Path=/admin; Expires=Thu, 01 Jan 1970 00:00:00 GMT")
				r.expectStatus(t, 200)
			})

			t.Run("should set expires when passed", func(t *testing.T) {
				t.Parallel()
				expiresAt := time.Now()
				app := use(func(req *Request, res *Response, next Next) {
					res.ClearCookie("sid", CookieOptions{Expires: expiresAt}).End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "Set-Cookie", "sid=; Path=/; Expires="+utc(expiresAt))
				r.expectStatus(t, 200)
			})

			t.Run("should set both maxAge and expires when passed", func(t *testing.T) {
				t.Parallel()
				maxAge := 10000 * time.Millisecond
				expiresAt := time.Now()
				expected := expiresAt.Add(maxAge)
				app := use(func(req *Request, res *Response, next Next) {
					res.ClearCookie("sid", CookieOptions{Expires: expiresAt, MaxAge: maxAge}).End()
				})
				r := serveTest(t, app).do("GET", "/")
				// As in Express, the Expires is now + maxAge: equal to the
				// expected one unless a second boundary passed in between.
				want := "sid=; Max-Age=10; Path=/; Expires=" + utc(expected)
				if got := r.joined("Set-Cookie"); got != want && got != "sid=; Max-Age=10; Path=/; Expires="+utc(expected.Add(time.Second)) {
					t.Errorf("Set-Cookie = %q, want %q", got, want)
				}
				r.expectStatus(t, 200)
			})
		})
	})
}
