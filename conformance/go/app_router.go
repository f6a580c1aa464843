package scenarios

import (
	"errors"
	"regexp"
	"strings"

	"github.com/fwgo/fw/fast"
)

// app-router: one app per test of Express's test/app.router.js.
func init() {
	apps := map[string]func(Env) *fast.App{
		"restore-params": func(env Env) *fast.App {
			app := newApp(env)
			router := fast.NewRouter()
			router.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("x-router", str(req.Params().Lookup("id")))
				next()
			})
			app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("x-user-id", str(req.Params().Lookup("id")))
				next()
			}, router, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send(req.Params().Get("id"))
			})
			return app
		},
		"methods": func(env Env) *fast.App {
			app := newApp(env)
			for _, m := range fast.Methods() {
				if m == "CONNECT" || m == "QUERY" {
					continue
				}
				name := strings.ToLower(m)
				app.Method(m, "/foo", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(name) })
			}
			return app
		},
		"method-altered": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				if req.Method() != "POST" {
					next()
					return
				}
				req.SetMethod("DELETE")
				res.Set("X-Method-Altered", "1")
				next()
			})
			app.Delete("/", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "deleted everything") })
			return app
		},
		"decode-params": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/:name", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("name")) })
			return app
		},
		"use-able": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["calls"] = []string{"before"}
				next()
			})
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["calls"] = append(res.Locals()["calls"].([]string), "GET /")
				next()
			})
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				calls := append(res.Locals()["calls"].([]string), "after")
				sendJSON(res, jsonText(calls))
			})
			return app
		},
		"regexp": func(env Env) *fast.App {
			app := newApp(env)
			app.Get(regexp.MustCompile(`^/user/[0-9]+$`), func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "user") })
			app.Get(regexp.MustCompile(`^/post/([0-9]+)/(view|edit)?$`), func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, str(req.Params().Lookup("1"))+"ing post "+req.Params().Get("0"))
			})
			app.Get(regexp.MustCompile(`^/named/(?P<userId>[0-9]+)/(view|edit)?$`), func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, str(req.Params().Lookup("0"))+"ing user "+req.Params().Get("userId"))
			})
			return app
		},
		"regexp-prefix": func(env Env) *fast.App {
			app := newApp(env)
			push := func(s string) H {
				return func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Locals()["p"] = append(res.Locals()["p"].([]string), s)
					next()
				}
			}
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Locals()["p"] = []string{}; next() })
			app.Use(regexp.MustCompile(`\/api.*`), push("a"))
			app.Use(regexp.MustCompile(`api`), push("b"))
			app.Use(regexp.MustCompile(`\/test`), push("c"))
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, strings.Join(res.Locals()["p"].([]string), ","))
			})
			return app
		},
		"case-default": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/user", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			return app
		},
		"case-sensitive": func(env Env) *fast.App {
			app := newApp(env)
			app.Enable("case sensitive routing")
			app.Get("/uSer", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			return app
		},
		"params": func(env Env) *fast.App {
			app := newApp(env)
			sorted := func(req *fast.Request, res *fast.Response, next fast.Next) { sendJSON(res, sortedParams(req)) }
			overwrite := fast.NewRouter()
			overwrite.Get("/:action", func(req *fast.Request, res *fast.Response, next fast.Next) { sendJSON(res, paramsJSON(req)) })
			app.Use("/user/:user", overwrite)
			merge := fast.NewRouter(fast.RouterOptions{MergeParams: true})
			merge.Get("/:action", sorted)
			app.Use("/merge/:user", merge)
			fromRouter := fast.NewRouter(fast.RouterOptions{MergeParams: true})
			fromRouter.Get("/:thing", sorted)
			app.Use("/thing/:thing", fromRouter)
			try(func() {
				numeric := fast.NewRouter(fast.RouterOptions{MergeParams: true})
				numeric.Get("/*.*", sorted)
				app.Use(`/numeric/id:(\d+)`, numeric)
			})
			try(func() {
				more := fast.NewRouter(fast.RouterOptions{MergeParams: true})
				more.Get("/*", sorted)
				app.Use(`/more/id:(\d+)/name:(\w+)`, more)
			})
			try(func() {
				same := fast.NewRouter(fast.RouterOptions{MergeParams: true})
				same.Get(`/name:(\w+)`, sorted)
				app.Use(`/same/id:(\d+)`, same)
			})
			// A router called as a function with its own done callback:
			// req.params are the app's again when done runs.
			try(func() {
				restore := fast.NewRouter(fast.RouterOptions{MergeParams: true})
				restore.Get(`/user:(\w+)/*`, func(req *fast.Request, res *fast.Response, next fast.Next) { next() })
				app.Use(`/restore/id:(\d+)`, func(req *fast.Request, res *fast.Response, next fast.Next) {
					restore.Handle(req, res, func(err ...error) {
						if len(err) > 0 && err[0] != nil {
							next(err[0])
							return
						}
						sendJSON(res, sortedParams(req))
					})
				})
			})
			return app
		},
		"trailing-default": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/user", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			return app
		},
		"strict": func(env Env) *fast.App {
			app := newApp(env)
			app.Enable("strict routing")
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("x-middleware", "true"); next() })
			app.Get("/user/", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			app.Get("/noslash", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			return app
		},
		"strict-mounted": func(env Env) *fast.App {
			app := newApp(env)
			app.Enable("strict routing")
			app.Use("/user/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("x-middleware", "true"); next() })
			app.Get("/user/test/", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			app.Use("/slash/", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			app.Use("/noslash", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "tj") })
			return app
		},
		"escaped-regexp": func(env Env) *fast.App {
			app := newApp(env)
			try(func() {
				app.Get(`/user/\d+`, func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "woot") })
			})
			return app
		},
		"literal-dot": func(env Env) *fast.App {
			app := newApp(env)
			try(func() {
				app.Get("/api/users/:from..:to", func(req *fast.Request, res *fast.Response, next fast.Next) {
					end(res, "users from "+req.Params().Get("from")+" to "+req.Params().Get("to"))
				})
			})
			return app
		},
		"star-all": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("*", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.Params().Get("0")) })
			return app
		},
		"star": func(env Env) *fast.App {
			app := newApp(env)
			param := func(name string) H {
				return func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.Params().Get(name)) }
			}
			try(func() { app.Get("/user/*.json", param("0")) })
			try(func() {
				app.Get("/api/*.*", func(req *fast.Request, res *fast.Response, next fast.Next) {
					end(res, req.Params().Get("0")+" as "+req.Params().Get("1"))
				})
			})
			try(func() {
				app.Get("/cross*", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("0")) })
			})
			try(func() { app.Get("/named/:resource(*)", param("resource")) })
			try(func() { app.Get("/greedy/:user*", param("user")) })
			try(func() { app.Get("/file/*", param("0")) })
			try(func() {
				app.Get("/*/keep/:id", func(req *fast.Request, res *fast.Response, next fast.Next) { sendJSON(res, paramsJSON(req)) })
			})
			return app
		},
		"star-array": func(env Env) *fast.App {
			app := newApp(env)
			try(func() {
				app.Get([]string{"/user/:id", "/foo/*", "/:bar"}, func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Send(str(req.Params().Lookup("bar")))
				})
			})
			return app
		},
		"name": func(env Env) *fast.App {
			app := newApp(env)
			opEditing := func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, req.Params().Get("op")+"ing "+req.Params().Get("user"))
			}
			app.Get("/user/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.Params().Get("user")) })
			app.Get("/two/:user/:op", opEditing)
			try(func() {
				app.Get("/partial(s)?/:user/:op", func(req *fast.Request, res *fast.Response, next fast.Next) {
					old := ""
					if req.Params().Get("0") != "" {
						old = " (old)"
					}
					end(res, req.Params().Get("op")+"ing "+req.Params().Get("user")+old)
				})
			})
			try(func() { app.Get(`/paren/:user\(:op\)`, opEditing) })
			try(func() {
				app.Get([]string{"/poke/:user/poke", "/poke/:user/pokes"}, func(req *fast.Request, res *fast.Response, next fast.Next) {
					end(res, "poking "+req.Params().Get("user"))
				})
			})
			try(func() {
				app.Get("/opt/:user/:op?", func(req *fast.Request, res *fast.Response, next fast.Next) {
					op := req.Params().Get("op")
					if op == "" {
						op = "view"
					}
					end(res, op+"ing "+req.Params().Get("user"))
				})
			})
			return app
		},
		"format": func(env Env) *fast.App {
			app := newApp(env)
			try(func() {
				app.Get("/req/:name.:format", func(req *fast.Request, res *fast.Response, next fast.Next) {
					end(res, req.Params().Get("name")+" as "+req.Params().Get("format"))
				})
			})
			try(func() {
				app.Get("/opt/:name.:format?", func(req *fast.Request, res *fast.Response, next fast.Next) {
					f := req.Params().Get("format")
					if f == "" {
						f = "html"
					}
					end(res, req.Params().Get("name")+" as "+f)
				})
			})
			return app
		},
		"next": func(env Env) *fast.App {
			app := newApp(env)
			push := func(s string) H {
				return func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Locals()["calls"] = append(res.Locals()["calls"].([]string), s)
					next()
				}
			}
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["calls"] = []string{}
				next()
			})
			try(func() { app.Get("/foo/:bar?", push("/foo/:bar?")) })
			app.Get("/bar", func(req *fast.Request, res *fast.Response, next fast.Next) { panic("must not run") })
			app.Get("/foo", push("/foo"))
			app.Get("/foo", func(req *fast.Request, res *fast.Response, next fast.Next) {
				sendJSON(res, jsonText(append(res.Locals()["calls"].([]string), "/foo 2")))
			})
			return app
		},
		"next-route": func(env Env) *fast.App {
			app := newApp(env)
			fn := func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("X-Hit", "1")
				next(fast.SkipRoute)
			}
			app.Get("/foo", fn, func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "failure") })
			app.Get("/foo", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "success") })
			return app
		},
		"next-router": func(env Env) *fast.App {
			app := newApp(env)
			router := fast.NewRouter()
			fn := func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("X-Hit", "1")
				next(fast.SkipRouter)
			}
			router.Get("/foo", fn, func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "failure") })
			router.Get("/foo", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "failure") })
			app.Use(router)
			app.Get("/foo", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "success") })
			return app
		},
		"next-err": func(env Env) *fast.App {
			app := newApp(env)
			push := func(s string) H {
				return func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Locals()["calls"] = append(res.Locals()["calls"].([]string), s)
					next()
				}
			}
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["calls"] = []string{}
				next()
			})
			try(func() { app.Get("/foo/:bar?", push("/foo/:bar?")) })
			app.Get("/bar", func(req *fast.Request, res *fast.Response, next fast.Next) { panic("must not run") })
			app.Get("/foo", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["calls"] = append(res.Locals()["calls"].([]string), "/foo")
				next(errors.New("fail"))
			})
			app.Get("/foo", func(req *fast.Request, res *fast.Response, next fast.Next) { panic("must not run") })
			app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
				sendJSON(res, `{"calls":`+jsonText(res.Locals()["calls"])+`,"error":`+jsonText(err.Error())+`}`)
			})
			return app
		},
		"next-err-same-route": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/foo", func(req *fast.Request, res *fast.Response, next fast.Next) {
				next(errors.New("boom!"))
			}, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send("foo here")
			}, func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send("route go " + err.Error())
			})
			app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) { end(res, "error!") })
			return app
		},
		"rewrite": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/account/edit", func(req *fast.Request, res *fast.Response, next fast.Next) {
				req.SetURL("/user/12/edit")
				next()
			})
			app.Get("/user/:id/edit", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send("editing user " + req.Params().Get("id"))
			})
			return app
		},
		"order": func(env Env) *fast.App {
			app := newApp(env)
			push := func(s string) H {
				return func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Locals()["path"] = append(res.Locals()["path"].([]string), s)
					next()
				}
			}
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Locals()["path"] = []string{}; next() })
			app.Get("*", push("0"))
			app.Get("/user/:id", push("1"))
			app.Use(push("2"))
			app.All("/user/:id", push("3"))
			app.Get("*", push("4"))
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, strings.Join(append(res.Locals()["path"].([]string), "5"), ","))
			})
			return app
		},
	}
	for name, b := range apps {
		Register(Name("app-router", name), b)
	}
}
