package scenarios

import (
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
)

// cookies: res.cookie, res.clearCookie and cookie-parser. Express's
// maxAge: 0 is CookieOptions.ZeroMaxAge, and maxAge: null or undefined is
// no MaxAge; maxAge: 'foobar' has no Go form (see the divergence list),
// expires: new Date(NaN) is a time past JavaScript's Date range and
// encode: String an Encode that returns its argument; the rest is written
// as in the JavaScript scenario.
func init() {
	type kv = map[string]any
	at := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	Register(Name("cookies", ""), func(env Env) *fast.App {
		app := newApp(env)
		r := func(path string, fn func(res *fast.Response)) {
			app.Get(path, func(req *fast.Request, res *fast.Response, next fast.Next) {
				fn(res)
				res.End()
			})
		}
		r("/object", func(res *fast.Response) { res.Cookie("user", kv{"name": "tobi"}) })
		r("/string", func(res *fast.Response) { res.Cookie("name", "tobi") })
		r("/multiple", func(res *fast.Response) {
			res.Cookie("name", "tobi")
			res.Cookie("age", 1)
			res.Cookie("gender", "?")
		})
		r("/params", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{HTTPOnly: true, Secure: true}) })
		// new Date(NaN) has no Go form; a time past JavaScript's Date
		// range is fast's equivalent invalid date.
		r("/expires-invalid", func(res *fast.Response) {
			res.Cookie("name", "tobi", fast.CookieOptions{Expires: time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC)})
		})
		r("/expires", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{Expires: at}) })
		r("/expires-zero", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{Expires: time.UnixMilli(0)}) })
		r("/partitioned", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{Partitioned: true}) })
		r("/max-age", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{MaxAge: time.Second}) })
		r("/max-age-large", func(res *fast.Response) {
			res.Cookie("name", "tobi", fast.CookieOptions{MaxAge: 30*24*time.Hour + 999*time.Millisecond})
		})
		r("/max-age-zero", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{ZeroMaxAge: true}) })
		r("/max-age-negative", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{MaxAge: -5 * time.Second}) })
		r("/max-age-null", func(res *fast.Response) { res.Cookie("name", "tobi") })
		r("/max-age-undefined", func(res *fast.Response) { res.Cookie("name", "tobi") })
		for path, p := range map[string]string{"low": "low", "medium": "medium", "high": "high", "invalid": "foobar"} {
			r("/priority-"+path, func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{Priority: p}) })
		}
		r("/all-options", func(res *fast.Response) {
			res.Cookie("name", "tobi", fast.CookieOptions{Domain: "example.com", Path: "/admin", HTTPOnly: true, Secure: true,
				SameSite: "strict", Priority: "high", Partitioned: true, MaxAge: time.Minute})
		})
		r("/same-site-true", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{SameSite: "strict"}) })
		r("/same-site-lax", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{SameSite: "lax"}) })
		r("/same-site-none", func(res *fast.Response) {
			res.Cookie("name", "tobi", fast.CookieOptions{SameSite: "none", Secure: true})
		})
		r("/same-site-invalid", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{SameSite: "bogus"}) })
		r("/encode", func(res *fast.Response) { res.Cookie("name", "a b;c=d,é") })
		r("/encode-fn", func(res *fast.Response) {
			res.Cookie("name", "a b", fast.CookieOptions{Encode: func(s string) string { return s }})
		})
		r("/invalid-name", func(res *fast.Response) { res.Cookie("na me", "tobi") })
		r("/invalid-domain", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{Domain: "ex;ample.com"}) })
		r("/invalid-path", func(res *fast.Response) { res.Cookie("name", "tobi", fast.CookieOptions{Path: "/a;b"}) })
		r("/clear", func(res *fast.Response) { res.ClearCookie("sid") })
		r("/clear-path", func(res *fast.Response) { res.ClearCookie("sid", fast.CookieOptions{Path: "/admin"}) })
		r("/clear-expires", func(res *fast.Response) { res.ClearCookie("sid", fast.CookieOptions{Expires: at}) })
		r("/clear-both", func(res *fast.Response) {
			res.ClearCookie("sid", fast.CookieOptions{Expires: at, MaxAge: 10 * time.Second})
		})
		r("/cookie-then-clear", func(res *fast.Response) { res.Cookie("a", "1"); res.ClearCookie("b") })
		return app
	})
	read := func(req *fast.Request, res *fast.Response, next fast.Next) {
		type both struct {
			Cookies fast.Cookies `json:"cookies"`
			Signed  fast.Cookies `json:"signed"`
		}
		res.Send(both{req.Cookies(), req.SignedCookies()})
	}
	Register(Name("cookies", "signed"), func(env Env) *fast.App {
		app := newApp(env)
		app.Use(cookieparser.New("foo bar baz"))
		app.Get("/object", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Cookie("user", kv{"name": "tobi"}, fast.CookieOptions{Signed: true}).End()
		})
		app.Get("/string", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Cookie("name", "tobi", fast.CookieOptions{Signed: true}).End()
		})
		app.Get("/read", read)
		return app
	})
	Register(Name("cookies", "no-secret"), func(env Env) *fast.App {
		app := newApp(env)
		app.Use(cookieparser.New())
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Cookie("name", "tobi", fast.CookieOptions{Signed: true}).End()
		})
		app.Get("/read", read)
		return app
	})
	Register(Name("cookies", "signed-json"), func(env Env) *fast.App {
		app := newApp(env)
		app.Use(cookieparser.New("secret"))
		app.Get("/set", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Cookie("obj", kv{"foo": "bar"}, fast.CookieOptions{Signed: true})
			res.End()
		})
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.SignedCookies()) })
		return app
	})
}
