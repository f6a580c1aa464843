package scenarios

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/fwgo/fw/fast"
)

// P shortens the parameter-callback signature in scenario code.
type P = func(req *fast.Request, res *fast.Response, next fast.Next, value, name string)

// incr counts in res.locals, as the JavaScript scenarios' count/called.
func incr(res *fast.Response, key string) {
	n, _ := res.Locals()[key].(int)
	res.Locals()[key] = n + 1
}

func local(res *fast.Response, key string) string {
	switch v := res.Locals()[key].(type) {
	case int:
		return strconv.Itoa(v)
	case string:
		return v
	case []string:
		return strings.Join(v, ",")
	}
	return ""
}

// numberParam is the tests' Number(id) callback: a value that is not a
// number skips the route; a number is stored back in its JavaScript
// form and the type is remembered, so the handler can print typeof.
func numberParam(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
	f, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil && strings.TrimSpace(value) != "" {
		next(fast.SkipRoute)
		return
	}
	req.Params().Set("id", strconv.FormatFloat(f, 'f', -1, 64))
	res.Locals()["idType"] = "number"
	next()
}

func typeofID(req *fast.Request, res *fast.Response, next fast.Next) {
	t := local(res, "idType")
	if t == "" {
		t = "string"
	}
	res.Send(t + ":" + req.Params().Get("id"))
}

// app-param: one app per test of Express's test/app.param.js.
func init() {
	apps := map[string]func(Env) *fast.App{
		"param-fn": func(env Env) *fast.App {
			app := newApp(env)
			app.Param(fast.ParamFactory(func(name string, arg any) fast.ParamHandler {
				re, ok := arg.(*regexp.Regexp)
				if !ok {
					return nil
				}
				return func(req *fast.Request, res *fast.Response, next fast.Next, value, _ string) {
					if m := re.FindStringSubmatch(value); m != nil {
						req.Params().Set(name, m[1])
						next()
					} else {
						next(fast.SkipRoute)
					}
				}
			}))
			app.Param(":name", regexp.MustCompile(`^([a-zA-Z]+)$`))
			app.Get("/user/:name", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("name")) })
			return app
		},
		"param-array": func(env Env) *fast.App {
			app := newApp(env)
			app.Param([]string{"id", "uid"}, P(numberParam))
			app.Get("/post/:id", typeofID)
			app.Get("/user/:uid", typeofID)
			return app
		},
		"single": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("id", P(numberParam))
			app.Get("/user/:id", typeofID)
			return app
		},
		"once": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("user", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				incr(res, "called")
				res.Locals()["user"] = value
				next()
			}))
			app.Get("/foo/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Get("/foo/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, local(res, "count")+" "+local(res, "called")+" "+local(res, "user"))
			})
			return app
		},
		"differ": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("user", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				incr(res, "called")
				users, _ := res.Locals()["users"].([]string)
				res.Locals()["users"] = append(users, value)
				next()
			}))
			app.Get("/:user/bob", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Get("/foo/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				if _, ok := res.Locals()["users"]; !ok { // no param ran: req.users is undefined
					next(&namedError{"TypeError", "Cannot read properties of undefined (reading 'join')"})
					return
				}
				end(res, local(res, "count")+" "+local(res, "called")+" "+local(res, "users"))
			})
			return app
		},
		"alter": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("user", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				req.Params().Set("user", "loki")
				next()
			}))
			app.Get("/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { next(fast.SkipRoute) })
			app.Get("/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("user")) })
			return app
		},
		"no-handler": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("thing", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				res.Locals()["thing"] = value
				next()
			}))
			app.Param("user", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				next(errors.New("invalid invocation"))
			}))
			app.Post("/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("user")) })
			app.Get("/:thing", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(local(res, "thing")) })
			return app
		},
		"encoded": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("name", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				req.Params().Set("name", value)
				next()
			}))
			app.Get("/user/:name", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("name")) })
			return app
		},
		"thrown": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("id", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				panic(errors.New("err!"))
			}))
			app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("id")) })
			return app
		},
		"thrown-secondary": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("id", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) { next() }))
			app.Param("id", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				panic(errors.New("err!"))
			}))
			app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("id")) })
			return app
		},
		"defer": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("id", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) { next(fast.SkipRoute) }))
			app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Params().Get("id")) })
			app.Get("/:name/123", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("name") })
			return app
		},
		"defer-all": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("id", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				if value == "new" {
					next(fast.SkipRoute)
					return
				}
				next()
			}))
			app.All("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("all.id") })
			app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("get.id") })
			app.Get("/user/new", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("get.new") })
			return app
		},
		"differ-error": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("user", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				incr(res, "called")
				if value == "foo" {
					panic(errors.New("err!"))
				}
				next()
			}))
			app.Get("/:user/bob", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Get("/foo/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
				count := local(res, "count")
				if count == "" {
					count = "0"
				}
				res.Status(500)
				res.Send(count + " " + local(res, "called") + " " + err.Error())
			})
			return app
		},
		"differ-next": func(env Env) *fast.App {
			app := newApp(env)
			app.Param("user", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				incr(res, "called")
				if value == "foo" {
					next(fast.SkipRoute)
					return
				}
				res.Locals()["user"] = value
				next()
			}))
			app.Get("/:user/bob", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Get("/foo/:user", func(req *fast.Request, res *fast.Response, next fast.Next) { incr(res, "count"); next() })
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				end(res, local(res, "count")+" "+local(res, "called")+" "+local(res, "user"))
			})
			return app
		},
		"router-param": func(env Env) *fast.App {
			app := newApp(env)
			router := fast.NewRouter()
			router.Param("id", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				res.Set("X-Router-Param", value)
				next()
			}))
			router.Get("/item/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send("item " + req.Params().Get("id"))
			})
			app.Param("id", P(func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
				res.Set("X-App-Param", value)
				next()
			}))
			app.Use("/r", router)
			app.Get("/item/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send("app item " + req.Params().Get("id"))
			})
			return app
		},
	}
	for name, b := range apps {
		Register(Name("app-param", name), b)
	}
}
