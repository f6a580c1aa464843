package fast

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestAppParam ports Express 4.22's test/app.param.js.
//
// Express's callbacks keep per-request values on req (req.user); the ports
// keep them in res.Locals(). Params are strings in Go: where Express's
// callback replaces req.params.id by a Number and the route prints
// `typeof id + ':' + id`, the Go callback stores the parsed number's
// decimal form and the route prints "number:" with it when it is set.
func TestAppParam(t *testing.T) {
	t.Parallel()
	sendID := func(req *Request, res *Response, next Next) {
		id, ok := req.Params().Lookup("id")
		if _, err := strconv.Atoi(id); !ok || err != nil {
			res.Send("string:" + id)
			return
		}
		res.Send("number:" + id)
	}
	toNumber := func(req *Request, res *Response, next Next, id, name string) {
		n, err := strconv.Atoi(id)
		if err != nil {
			next.SkipRoute()
			return
		}
		req.Params().Set("id", strconv.Itoa(n))
		next()
	}
	locals := func(res *Response, key string) string {
		v, _ := res.Locals()[key].(string)
		return v
	}

	t.Run("app", func(t *testing.T) {
		t.Parallel()
		t.Run(".param(fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should map app.param(name, ...) logic", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param(ParamFactory(func(name string, arg any) ParamHandler {
					re, ok := arg.(*regexp.Regexp) // See #1557
					if !ok {
						return nil
					}
					return func(req *Request, res *Response, next Next, val, _ string) {
						if m := re.FindStringSubmatch(val); m != nil {
							req.Params().Set(name, m[1])
							next()
							return
						}
						next.SkipRoute()
					}
				}))
				app.Param(":name", regexp.MustCompile(`^([a-zA-Z]+)$`))
				app.Get("/user/:name", func(req *Request, res *Response, next Next) {
					res.Send(req.Params().Get("name"))
				})
				s := serveTest(t, app)
				s.do("GET", "/user/tj").expect(t, 200, "tj")
				s.do("GET", "/user/123").expectStatus(t, 404)
			})

			t.Run("should fail if not given fn", func(t *testing.T) {
				t.Parallel()
				expectPanic(t, func() { New().Param(":name", "bob") }, "invalid Param() call for name")
			})
		})

		t.Run(".param(names, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should map the array", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param([]string{"id", "uid"}, toNumber)
				app.Get("/post/:id", sendID)
				app.Get("/user/:uid", sendID)
				s := serveTest(t, app)
				s.do("GET", "/user/123").expect(t, 200, "number:123")
				s.do("GET", "/post/123").expect(t, 200, "number:123")
			})
		})

		t.Run(".param(name, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should map logic for a single param", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param("id", toNumber)
				app.Get("/user/:id", sendID)
				serveTest(t, app).do("GET", "/user/123").expect(t, 200, "number:123")
			})

			t.Run("should only call once per request", func(t *testing.T) {
				t.Parallel()
				app := New()
				called, count := 0, 0
				app.Param("user", func(req *Request, res *Response, next Next, user, name string) {
					called++
					res.Locals()["user"] = user
					next()
				})
				inc := func(req *Request, res *Response, next Next) {
					count++
					next()
				}
				app.Get("/foo/:user", inc)
				app.Get("/foo/:user", inc)
				app.Use(func(req *Request, res *Response, next Next) {
					res.Send(strconv.Itoa(count) + " " + strconv.Itoa(called) + " " + locals(res, "user"))
				})
				serveTest(t, app).do("GET", "/foo/bob").expect(t, 200, "2 1 bob")
			})

			t.Run("should call when values differ", func(t *testing.T) {
				t.Parallel()
				app := New()
				called, count := 0, 0
				var users []string
				app.Param("user", func(req *Request, res *Response, next Next, user, name string) {
					called++
					users = append(users, user)
					next()
				})
				inc := func(req *Request, res *Response, next Next) {
					count++
					next()
				}
				app.Get("/:user/bob", inc)
				app.Get("/foo/:user", inc)
				app.Use(func(req *Request, res *Response, next Next) {
					res.Send(strconv.Itoa(count) + " " + strconv.Itoa(called) + " " + strings.Join(users, ","))
				})
				serveTest(t, app).do("GET", "/foo/bob").expect(t, 200, "2 2 foo,bob")
			})

			t.Run("should support altering req.params across routes", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param("user", func(req *Request, res *Response, next Next, user, name string) {
					req.Params().Set("user", "loki")
					next()
				})
				app.Get("/:user", func(req *Request, res *Response, next Next) { next.SkipRoute() })
				app.Get("/:user", func(req *Request, res *Response, next Next) {
					res.Send(req.Params().Get("user"))
				})
				serveTest(t, app).do("GET", "/bob").expect(t, 200, "loki")
			})

			t.Run("should not invoke without route handler", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param("thing", func(req *Request, res *Response, next Next, thing, name string) {
					res.Locals()["thing"] = thing
					next()
				})
				app.Param("user", func(req *Request, res *Response, next Next, user, name string) {
					next(errors.New("invalid invocation"))
				})
				app.Post("/:user", func(req *Request, res *Response, next Next) {
					res.Send(req.Params().Get("user"))
				})
				app.Get("/:thing", func(req *Request, res *Response, next Next) {
					res.Send(locals(res, "thing"))
				})
				serveTest(t, app).do("GET", "/bob").expect(t, 200, "bob")
			})

			t.Run("should work with encoded values", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param("name", func(req *Request, res *Response, next Next, name, _ string) {
					req.Params().Set("name", name)
					next()
				})
				app.Get("/user/:name", func(req *Request, res *Response, next Next) {
					res.Send(req.Params().Get("name"))
				})
				serveTest(t, app).do("GET", "/user/foo%25bar").expect(t, 200, "foo%bar")
			})

			sendIDString := func(req *Request, res *Response, next Next) { res.Send(req.Params().Get("id")) }

			t.Run("should catch thrown error", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param("id", func(req *Request, res *Response, next Next, id, name string) {
					panic(errors.New("err!"))
				})
				app.Get("/user/:id", sendIDString)
				serveTest(t, app).do("GET", "/user/123").expectStatus(t, 500)
			})

			t.Run("should catch thrown secondary error", func(t *testing.T) {
				t.Parallel()
				// Express's first callback calls next on the next tick;
				// fast's callbacks are synchronous.
				app := New()
				app.Param("id", func(req *Request, res *Response, next Next, val, name string) { next() })
				app.Param("id", func(req *Request, res *Response, next Next, id, name string) {
					panic(errors.New("err!"))
				})
				app.Get("/user/:id", sendIDString)
				serveTest(t, app).do("GET", "/user/123").expectStatus(t, 500)
			})

			t.Run("should defer to next route", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param("id", func(req *Request, res *Response, next Next, id, name string) { next.SkipRoute() })
				app.Get("/user/:id", sendIDString)
				app.Get("/:name/123", func(req *Request, res *Response, next Next) { res.Send("name") })
				serveTest(t, app).do("GET", "/user/123").expect(t, 200, "name")
			})

			t.Run("should defer all the param routes", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Param("id", func(req *Request, res *Response, next Next, val, name string) {
					if val == "new" {
						next.SkipRoute()
						return
					}
					next()
				})
				app.All("/user/:id", func(req *Request, res *Response, next Next) { res.Send("all.id") })
				app.Get("/user/:id", func(req *Request, res *Response, next Next) { res.Send("get.id") })
				app.Get("/user/new", func(req *Request, res *Response, next Next) { res.Send("get.new") })
				serveTest(t, app).do("GET", "/user/new").expect(t, 200, "get.new")
			})

			t.Run("should not call when values differ on error", func(t *testing.T) {
				t.Parallel()
				app := New()
				called, count := 0, 0
				app.Param("user", func(req *Request, res *Response, next Next, user, name string) {
					called++
					if user == "foo" {
						panic(errors.New("err!"))
					}
					res.Locals()["user"] = user
					next()
				})
				inc := func(req *Request, res *Response, next Next) {
					count++
					next()
				}
				app.Get("/:user/bob", inc)
				app.Get("/foo/:user", inc)
				app.Use(func(err error, req *Request, res *Response, next Next) {
					res.Status(500)
					res.Send(strconv.Itoa(count) + " " + strconv.Itoa(called) + " " + err.Error())
				})
				serveTest(t, app).do("GET", "/foo/bob").expect(t, 500, "0 1 err!")
			})

			t.Run(`should call when values differ when using "next"`, func(t *testing.T) {
				t.Parallel()
				app := New()
				called, count := 0, 0
				app.Param("user", func(req *Request, res *Response, next Next, user, name string) {
					called++
					if user == "foo" {
						next.SkipRoute()
						return
					}
					res.Locals()["user"] = user
					next()
				})
				inc := func(req *Request, res *Response, next Next) {
					count++
					next()
				}
				app.Get("/:user/bob", inc)
				app.Get("/foo/:user", inc)
				app.Use(func(req *Request, res *Response, next Next) {
					res.Send(strconv.Itoa(count) + " " + strconv.Itoa(called) + " " + locals(res, "user"))
				})
				serveTest(t, app).do("GET", "/foo/bob").expect(t, 200, "1 2 bob")
			})
		})
	})
}
