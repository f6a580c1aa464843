package scenarios

import (
	"regexp"
	"strings"

	"github.com/fwgo/fw/fast"
)

// state is lib.state of the JavaScript scenarios: JSON of what a handler
// sees of the URL.
func state(req *fast.Request) string {
	return `{"url":` + jsonText(req.URL()) + `,"originalUrl":` + jsonText(req.OriginalURL()) +
		`,"baseUrl":` + jsonText(req.BaseURL()) + `,"path":` + jsonText(req.Path()) + `,"params":` + paramsJSON(req) + `}`
}

func hit(name string) H {
	return func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("x-"+name, "hit"); next() }
}

func endHit(name string) H {
	return func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("x-"+name, "hit"); res.End() }
}

func saw(req *fast.Request, res *fast.Response, next fast.Next) {
	res.Send("saw " + req.Method() + " " + req.URL())
}

func sawThrough(req *fast.Request, res *fast.Response, next fast.Next) {
	res.Send("saw " + req.Method() + " " + req.URL() + " through " + req.OriginalURL())
}

func echo(label string) H {
	return func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(label + " " + state(req)) }
}

// app-use: one app per test of Express's test/app.use.js and
// test/req.baseUrl.js, plus the echo app.
func init() {
	endWith := func(s string) H {
		return func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, s) }
	}
	apps := map[string]func(Env) *fast.App{
		"mount-app": func(env Env) *fast.App {
			app, blog := newApp(env), newApp(env)
			blog.Get("/blog", endWith("blog"))
			app.Use(blog)
			return app
		},
		"mount-points": func(env Env) *fast.App {
			app, blog, forum := newApp(env), newApp(env), newApp(env)
			blog.Get("/", endWith("blog"))
			forum.Get("/", endWith("forum"))
			app.Use("/blog", blog)
			app.Use("/forum", forum)
			return app
		},
		"dynamic": func(env Env) *fast.App {
			app, blog := newApp(env), newApp(env)
			blog.Get("/", endWith("success"))
			app.Use("/post/:article", blog)
			return app
		},
		"anywhere": func(env Env) *fast.App {
			app, blog, other := newApp(env), newApp(env), newApp(env)
			blog.Get("/", endWith("success"))
			app.Use("/post/:article", hit("fn-1"), other, hit("fn-2"), blog)
			return app
		},
		"mw-multi": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(hit("fn-1"), hit("fn-2"), endHit("fn-3"))
			return app
		},
		"mw-all": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(saw)
			return app
		},
		"mw-array": func(env Env) *fast.App {
			app := newApp(env)
			app.Use([]any{hit("fn-1"), hit("fn-2"), endHit("fn-3")})
			return app
		},
		"mw-arrays": func(env Env) *fast.App {
			app := newApp(env)
			app.Use([]any{hit("fn-1"), hit("fn-2")}, []any{endHit("fn-3")})
			return app
		},
		"mw-nested": func(env Env) *fast.App {
			app := newApp(env)
			app.Use([]any{[]any{hit("fn-1")}, hit("fn-2")}, []any{endHit("fn-3")})
			return app
		},
		"path-strip": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/foo", saw)
			return app
		},
		"path-multi": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/foo", hit("fn-1"), hit("fn-2"), endHit("fn-3"))
			return app
		},
		"path-trailing": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/foo/", saw)
			return app
		},
		"path-array": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/foo", []any{hit("fn-1"), hit("fn-2"), endHit("fn-3")})
			return app
		},
		"path-arrays": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/foo", []any{hit("fn-1"), hit("fn-2")}, []any{endHit("fn-3")})
			return app
		},
		"path-nested": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/foo", []any{hit("fn-1"), []any{hit("fn-2")}}, []any{endHit("fn-3")})
			return app
		},
		"paths-array": func(env Env) *fast.App {
			app := newApp(env)
			try(func() { app.Use([]string{"/foo/", "/bar"}, sawThrough) })
			return app
		},
		"paths-array-mw": func(env Env) *fast.App {
			app := newApp(env)
			try(func() {
				app.Use([]string{"/foo/", "/bar"}, []any{[]any{hit("fn-1")}, hit("fn-2")}, []any{H(func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Set("x-fn-3", "hit")
					sawThrough(req, res, next)
				})})
			})
			return app
		},
		"path-regexp": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(regexp.MustCompile(`^\/[a-z]oo`), sawThrough)
			return app
		},
		"path-empty": func(env Env) *fast.App {
			app := newApp(env)
			try(func() { app.Use("", sawThrough) })
			return app
		},
		"baseurl-top": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/:a", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.BaseURL()) })
			return app
		},
		"baseurl-lower": func(env Env) *fast.App {
			app := newApp(env)
			sub := fast.NewRouter()
			sub.Get("/:b", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.BaseURL()) })
			app.Use("/:a", sub)
			return app
		},
		"baseurl-full": func(env Env) *fast.App {
			app := newApp(env)
			sub1, sub2, sub3 := fast.NewRouter(), fast.NewRouter(), fast.NewRouter()
			sub3.Get("/:d", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.BaseURL()) })
			sub2.Use("/:c", sub3)
			sub1.Use("/:b", sub2)
			app.Use("/:a", sub1)
			return app
		},
		"baseurl-travel": func(env Env) *fast.App {
			app := newApp(env)
			sub1, sub2, sub3 := fast.NewRouter(), fast.NewRouter(), fast.NewRouter()
			push := func(label string) H {
				return func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Locals()["urls"] = append(res.Locals()["urls"].([]string), label+"@"+req.BaseURL())
					next()
				}
			}
			sub3.Get("/:d", push("0"))
			sub2.Use("/:c", sub3)
			sub1.Use("/", push("1"))
			sub1.Use("/bar", sub2)
			sub1.Use("/bar", push("2"))
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Locals()["urls"] = []string{}; next() })
			app.Use(push("3"))
			app.Use("/:a", sub1)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, strings.Join(append(res.Locals()["urls"].([]string), "4@"+req.BaseURL()), ","))
			})
			return app
		},
		"echo": func(env Env) *fast.App {
			app := newApp(env)
			router, nested := fast.NewRouter(), fast.NewRouter()
			sub, subsub := newApp(env), newApp(env)
			nested.Get("/leaf/:id", echo("nested-route"))
			nested.Use(echo("nested-use"))
			router.Use("/nested/:n", nested)
			router.Get("/route/:id", echo("router-route"))
			router.Use(echo("router-use"))
			subsub.Get("/x", echo("subsub-route"))
			sub.Use("/deeper", subsub)
			sub.Get("/", echo("sub-root"))
			sub.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				if req.App() == sub {
					res.Set("X-Sub-App", "sub")
				} else {
					res.Set("X-Sub-App", "other")
				}
				next()
			})
			sub.Use(echo("sub-use"))
			app.Use("/router", router)
			app.Use("/sub", sub)
			app.Use("/Case", echo("case-mount"))
			app.Use("/a/b", echo("two-segments"))
			app.Use("/caf%C3%A9", echo("encoded-mount"))
			app.Get("/", echo("root"))
			return app
		},
	}
	for name, b := range apps {
		Register(Name("app-use", name), b)
	}
}
