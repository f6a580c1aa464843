package scenarios

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/fwgo/fw/fast"
)

func noop(req *fast.Request, res *fast.Response, next fast.Next) {}

// orUndefined is String(req.get(name)) in JavaScript.
func orUndefined(req *fast.Request, name string) string {
	if v := req.Get(name); v != "" || hasHeader(req, name) {
		return v
	}
	return "undefined"
}

// hasHeader reports whether the request's header block has a name line,
// read from the raw block: fasthttp's Peek of Content-Type answers a
// non-nil empty value for a reused request header without one.
func hasHeader(req *fast.Request, name string) bool {
	raw := req.Ctx().Request.Header.RawHeaders()
	for len(raw) > 0 {
		line := raw
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			line, raw = raw[:i], raw[i+1:]
		} else {
			raw = nil
		}
		if k, _, ok := bytes.Cut(line, []byte(":")); ok && strings.EqualFold(strings.TrimSpace(string(k)), name) {
			return true
		}
	}
	return false
}

// app-misc: one app per test of Express's app.all, app.del, app.head,
// app.options, app.route, app.routes.error, req.route, req.path, req.get,
// res.locals, middleware.basic, regression and app.js tests.
func init() {
	apps := map[string]func(Env) *fast.App{
		"no-routes": func(env Env) *fast.App { return newApp(env) },
		"all": func(env Env) *fast.App {
			app := newApp(env)
			app.All("/tobi", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.Method()) })
			return app
		},
		"all-once": func(env Env) *fast.App {
			app := newApp(env)
			try(func() {
				app.All("/*", func(req *fast.Request, res *fast.Response, next fast.Next) {
					incr(res, "n")
					res.Set("X-Calls", local(res, "n"))
					next()
				})
			})
			return app
		},
		"del": func(env Env) *fast.App {
			app := newApp(env)
			app.Delete("/tobi", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, "deleted tobi!") })
			return app
		},
		"head": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/tobi", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("tobi") })
			app.Head("/override", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("x-method", "head"); res.End() })
			app.Get("/override", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("x-method", "get")
				res.Send("tobi")
			})
			return app
		},
		"options-default": func(env Env) *fast.App {
			app := newApp(env)
			app.Delete("/", noop)
			app.Get("/users", noop)
			app.Put("/users", noop)
			app.Get("/users", noop)
			return app
		},
		"options-all": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/", noop)
			app.Get("/users", noop)
			app.Put("/users", noop)
			app.All("/users", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("x-hit", "1"); next() })
			return app
		},
		"options-forward": func(env Env) *fast.App {
			app := newApp(env)
			router := fast.NewRouter()
			router.Get("/users", noop)
			app.Use(router)
			app.Get("/other", noop)
			return app
		},
		// options-error needs res.writeHead (sending the head before the
		// body), which fast does not have.
		"options-override": func(env Env) *fast.App {
			app := newApp(env)
			app.Options("/users", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("Allow", "GET"); res.Send("GET") })
			app.Get("/users", noop)
			app.Put("/users", noop)
			return app
		},
		"options-methods": func(env Env) *fast.App {
			app := newApp(env)
			app.Post("/many", noop)
			app.Patch("/many", noop)
			app.Delete("/many", noop)
			app.Get("/many", noop)
			app.All("/any", func(req *fast.Request, res *fast.Response, next fast.Next) { next() })
			app.Head("/headonly", noop)
			router := fast.NewRouter()
			router.Post("/mixed", noop)
			app.Use(router)
			app.Get("/mixed", noop)
			return app
		},
		"route": func(env Env) *fast.App {
			app := newApp(env)
			app.Route("/foo").
				Get(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("get") }).
				Post(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("post") })
			app.Route("/bar").
				All(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("X-All", "1"); next() }).
				Get(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("get") }).
				Post(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("post") })
			app.Route("/:foo").Get(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("foo")) })
			return app
		},
		"route-empty": func(env Env) *fast.App {
			app := newApp(env)
			app.Route("/:foo")
			return app
		},
		"error-no-handler": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("boom!")) })
			app.Get("/bar", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("hello, world!") })
			return app
		},
		"error-route-callbacks": func(env Env) *fast.App {
			app := newApp(env)
			seen := func(res *fast.Response, s string) {
				l, _ := res.Locals()["seen"].([]string)
				res.Locals()["seen"] = append(l, s)
			}
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["seen"] = []string{}
				next(errors.New("fabricated error"))
			}, func(req *fast.Request, res *fast.Response, next fast.Next) {
				seen(res, "a")
				next()
			}, func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
				seen(res, "b:"+err.Error())
				next(err)
			}, func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
				seen(res, "c:"+err.Error())
				next()
			}, func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
				seen(res, "d")
				next()
			}, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("X-Seen", strings.Join(res.Locals()["seen"].([]string), ","))
				res.SendStatus(204)
			})
			return app
		},
		"req-route": func(env Env) *fast.App {
			app := newApp(env)
			try(func() {
				app.Get("/user/:id/:op?", func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Set("path-1", fmt.Sprint(req.Route().Path()))
					next()
				})
			})
			app.Get("/user/:id/edit", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("path-2", fmt.Sprint(req.Route().Path()))
				res.End()
			})
			return app
		},
		"req-path": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.Path()) })
			return app
		},
		"req-get": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/ct", func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, orUndefined(req, "Content-Type")+" "+orUndefined(req, "Something-Else"))
			})
			app.Use("/referer", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.Get("Referer")) })
			app.Use("/referrer", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, req.Get("Referrer")) })
			app.Use("/dup", func(req *fast.Request, res *fast.Response, next fast.Next) { end(res, orUndefined(req, "X-Dup")) })
			return app
		},
		"res-locals": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/empty", func(req *fast.Request, res *fast.Response, next fast.Next) { sendJSON(res, jsonText(res.Locals())) })
			blog := newApp(env)
			blog.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Locals()["foo"] = "bar"; next() })
			app.Use("/mounted", blog)
			app.Use("/mounted", func(req *fast.Request, res *fast.Response, next fast.Next) { sendJSON(res, jsonText(res.Locals())) })
			return app
		},
		"middleware-basic": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["calls"] = []string{"one"}
				next()
			})
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Locals()["calls"] = append(res.Locals()["calls"].([]string), "two")
				next()
			})
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				setHeader(res, "Content-Type", "application/json")
				res.Set("X-Calls", strings.Join(res.Locals()["calls"].([]string), ","))
				end(res, string(req.Ctx().PostBody()))
			})
			return app
		},
		"throw-after-end": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, "yay")
				panic(errors.New("boom"))
			})
			return app
		},
	}
	for name, b := range apps {
		Register(Name("app-misc", name), b)
	}
}
