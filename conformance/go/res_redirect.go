package scenarios

import (
	"fmt"
	"strings"

	"github.com/fwgo/fw/fast"
)

// res-redirect: res.location and res.redirect. Express's location(true),
// location({}) and location([]) take JavaScript values that stringify to
// "true", "[object Object]" and ""; Go passes those strings.
func init() {
	Register(Name("res-redirect", ""), func(env Env) *fast.App {
		app := newApp(env)
		loc := func(path, value string) {
			app.Get(path, func(req *fast.Request, res *fast.Response, next fast.Next) { res.Location(value).End() })
		}
		loc("/location/slash", "http://google.com/")
		loc("/location/no-slash", "http://google.com")
		loc("/location/encode", "https://google.com?q=\u2603 §10")
		loc("/location/back", "back")
		loc("/location/data", "data:text/javascript,export default () => { }")
		loc("/location/true", fmt.Sprint(true))
		loc("/location/object", "[object Object]")
		loc("/location/array", "")
		loc("/location/empty", "")
		loc("/location/url", "http://google.com/")
		loc("/location/relative", "../up?x=1#frag")
		loc("/location/crlf", "/a\r\nX-Injected: 1")
		app.Get("/location/q", func(req *fast.Request, res *fast.Response, next fast.Next) {
			q, ok := req.Query().Get("q")
			res.Location(jsString(q, ok)).End()
		})
		redirect := func(path string, status int, url string) {
			app.Get(path, func(req *fast.Request, res *fast.Response, next fast.Next) {
				if status == 0 {
					res.Redirect(url)
				} else {
					res.RedirectStatus(status, url)
				}
			})
		}
		redirect("/redirect/google", 0, "http://google.com")
		redirect("/redirect/encode", 0, "https://google.com?q=\u2603 §10")
		redirect("/redirect/encoded", 0, "https://google.com?q=%A710")
		redirect("/redirect/303", 303, "http://google.com")
		redirect("/redirect/url-303", 303, "http://google.com")
		redirect("/redirect/301", 301, "http://google.com")
		redirect("/redirect/lame", 0, "<la'me>")
		redirect("/redirect/xss", 0, "javascript:eval(document.body.innerHTML=`<p>XSS</p>`);")
		redirect("/redirect/hax", 0, `http://example.com/?param=<script>alert("hax");</script>`)
		redirect("/redirect/back", 0, "back")
		redirect("/redirect/relative", 0, "../login")
		redirect("/redirect/307", 307, "/temp")
		redirect("/redirect/308", 308, "/perm")
		redirect("/redirect/unknown-status", 399, "/odd")
		app.All("/redirect/any", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Redirect("/elsewhere") })
		return app
	})
}

// jsString is JavaScript's String(v) for a query value: "undefined" when
// absent (ok false), an array's elements joined with ",", "[object
// Object]" for a nested object.
func jsString(v any, ok bool) string {
	if !ok {
		return "undefined"
	}
	switch x := v.(type) {
	case string:
		return x
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil {
				parts[i] = jsString(e, true)
			}
		}
		return strings.Join(parts, ",")
	case *fast.Object:
		return "[object Object]"
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}
