package fast

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// TestAppRouter ports Express 4.22's test/app.router.js, including its loop
// over every HTTP method (fast.Methods(), the methods Node 20 knows; the
// loop skips CONNECT as Express's does). The deprecated app.del alias and
// the cases that assign req.params or call a router as a function are
// listed in testdata/express-routing-skips.md.
func TestAppRouter(t *testing.T) {
	t.Parallel()
	// end is res.end(s) of the Express tests (only bodies are asserted).
	end := func(s string) Handler {
		return func(req *Request, res *Response, next Next) { res.SendString(s) }
	}
	sendParam := func(name string) Handler {
		return func(req *Request, res *Response, next Next) { res.SendString(req.Params().Get(name)) }
	}

	t.Run("app.router", func(t *testing.T) {
		t.Parallel()
		t.Run("should restore req.params after leaving router", func(t *testing.T) {
			t.Parallel()
			app := New()
			router := NewRouter()
			handler1 := func(req *Request, res *Response, next Next) {
				res.Set("x-user-id", jsString(req.Params().Lookup("id")))
				next()
			}
			handler2 := func(req *Request, res *Response, next Next) {
				res.Send(req.Params().Get("id"))
			}
			router.Use(func(req *Request, res *Response, next Next) {
				res.Set("x-router", jsString(req.Params().Lookup("id")))
				next()
			})
			app.Get("/user/:id", handler1, router, handler2)
			r := serveTest(t, app).do("GET", "/user/1")
			r.expectHeader(t, "x-router", "undefined")
			r.expectHeader(t, "x-user-id", "1")
			r.expect(t, 200, "1")
		})

		t.Run("methods", func(t *testing.T) {
			t.Parallel()
			for _, method := range Methods() {
				if method == "CONNECT" {
					continue
				}
				lower := strings.ToLower(method)

				t.Run("should include "+method, func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Method(lower, "/foo", func(req *Request, res *Response, next Next) { res.Send(lower) })
					serveTest(t, app).do(method, "/foo").expectStatus(t, 200)
				})

				// Express skips the GET case, because app.get(name) reads a
				// setting; App.Get always routes, so it applies here.
				t.Run("should not support "+method+" without a path", func(t *testing.T) {
					t.Parallel()
					expectPanic(t, func() {
						New().Method(lower, func(req *Request, res *Response, next Next) {})
					}, "invalid path")
				})

				t.Run("should reject numbers for app."+lower, func(t *testing.T) {
					t.Parallel()
					// Express's message names a Number; Go's names an int.
					expectPanic(t, func() { New().Method(lower, "/", 3) }, "requires a callback function but got a int")
				})
			}

			t.Run("should re-route when method is altered", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					if req.Method() != "POST" {
						next()
						return
					}
					req.SetMethod("DELETE")
					res.Set("X-Method-Altered", "1")
					next()
				})
				app.Delete("/", end("deleted everything"))
				s := serveTest(t, app)
				s.do("GET", "/").expectStatus(t, 404)
				s.do("DELETE", "/").expect(t, 200, "deleted everything")
				r := s.do("POST", "/")
				r.expectHeader(t, "X-Method-Altered", "1")
				r.expect(t, 200, "deleted everything")
			})
		})

		t.Run("decode params", func(t *testing.T) {
			t.Parallel()
			for _, tt := range []struct {
				name, target string
				status       int
				body         string
			}{
				{"should decode correct params", "/foo%2Fbar", 200, "foo/bar"},
				{"should not accept params in malformed paths", "/%foobar", 400, ""},
				{"should not decode spaces", "/foo+bar", 200, "foo+bar"},
				{"should work with unicode", "/%ce%b1", 200, "\u03b1"},
			} {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Get("/:name", func(req *Request, res *Response, next Next) { res.Send(req.Params().Get("name")) })
					r := serveTest(t, app).do("GET", tt.target)
					r.expectStatus(t, tt.status)
					if tt.status == 200 && r.body != tt.body {
						t.Errorf("body %q, want %q", r.body, tt.body)
					}
				})
			}
		})

		t.Run("should be .use()able", func(t *testing.T) {
			t.Parallel()
			app := New()
			var calls []string
			app.Use(func(req *Request, res *Response, next Next) {
				calls = append(calls, "before")
				next()
			})
			app.Get("/", func(req *Request, res *Response, next Next) {
				calls = append(calls, "GET /")
				next()
			})
			app.Use(func(req *Request, res *Response, next Next) {
				calls = append(calls, "after")
				sendJSONValue(res, calls)
			})
			serveTest(t, app).do("GET", "/").expect(t, 200, `["before","GET /","after"]`)
		})

		t.Run("when given a regexp", func(t *testing.T) {
			t.Parallel()
			t.Run("should match the pathname only", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get(regexp.MustCompile(`^/user/[0-9]+$`), end("user"))
				serveTest(t, app).do("GET", "/user/12?foo=bar").expect(t, 200, "user")
			})

			t.Run("should populate req.params with the captures", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get(regexp.MustCompile(`^/user/([0-9]+)/(view|edit)?$`), func(req *Request, res *Response, next Next) {
					p := req.Params()
					res.SendString(p.Get("1") + "ing user " + p.Get("0"))
				})
				serveTest(t, app).do("GET", "/user/10/edit").expect(t, 200, "editing user 10")
			})

			t.Run("should populate req.params with named captures", func(t *testing.T) {
				t.Parallel()
				re := regexp.MustCompile(`^/user/(?<userId>[0-9]+)/(view|edit)?$`)
				app := New()
				app.Get(re, func(req *Request, res *Response, next Next) {
					p := req.Params()
					res.SendString(p.Get("0") + "ing user " + p.Get("userId"))
				})
				serveTest(t, app).do("GET", "/user/10/edit").expect(t, 200, "editing user 10")
			})

			t.Run("should ensure regexp matches path prefix", func(t *testing.T) {
				t.Parallel()
				app := New()
				var p []string
				push := func(s string) Handler {
					return func(req *Request, res *Response, next Next) {
						p = append(p, s)
						next()
					}
				}
				app.Use(regexp.MustCompile(`/api.*`), push("a"))
				app.Use(regexp.MustCompile(`api`), push("b"))
				app.Use(regexp.MustCompile(`/test`), push("c"))
				app.Use(func(req *Request, res *Response, next Next) { res.End() })
				serveTest(t, app).do("GET", "/test/api/1234").expectStatus(t, 200)
				if strings.Join(p, ",") != "c" {
					t.Errorf("ran %q, want [c]", p)
				}
			})
		})

		t.Run("case sensitivity", func(t *testing.T) {
			t.Parallel()
			t.Run("should be disabled by default", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user", end("tj"))
				serveTest(t, app).do("GET", "/USER").expect(t, 200, "tj")
			})

			t.Run(`when "case sensitive routing" is enabled`, func(t *testing.T) {
				t.Parallel()
				t.Run("should match identical casing", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Enable("case sensitive routing")
					app.Get("/uSer", end("tj"))
					serveTest(t, app).do("GET", "/uSer").expect(t, 200, "tj")
				})

				t.Run("should not match otherwise", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Enable("case sensitive routing")
					app.Get("/uSer", end("tj"))
					serveTest(t, app).do("GET", "/user").expectStatus(t, 404)
				})
			})
		})

		t.Run("params", func(t *testing.T) {
			t.Parallel()
			t.Run("should overwrite existing req.params by default", func(t *testing.T) {
				t.Parallel()
				app := New()
				router := NewRouter()
				router.Get("/:action", func(req *Request, res *Response, next Next) { sendParams(req, res) })
				app.Use("/user/:user", router)
				serveTest(t, app).do("GET", "/user/1/get").expect(t, 200, `{"action":"get"}`)
			})

			mergeCase := func(t *testing.T, routePath, mountPath, target, want string) {
				t.Helper()
				app := New()
				router := NewRouter(RouterOptions{MergeParams: true})
				router.Get(routePath, func(req *Request, res *Response, next Next) { sendSortedParams(req, res) })
				app.Use(mountPath, router)
				serveTest(t, app).do("GET", target).expect(t, 200, want)
			}

			t.Run("should allow merging existing req.params", func(t *testing.T) {
				t.Parallel()
				mergeCase(t, "/:action", "/user/:user", "/user/tj/get", `[["action","get"],["user","tj"]]`)
			})

			t.Run("should use params from router", func(t *testing.T) {
				t.Parallel()
				mergeCase(t, "/:thing", "/user/:thing", "/user/tj/get", `[["thing","get"]]`)
			})

			t.Run("should merge numeric indices req.params", func(t *testing.T) {
				t.Parallel()
				mergeCase(t, "/*.*", `/user/id:(\d+)`, "/user/id:10/profile.json", `[["0","10"],["1","profile"],["2","json"]]`)
			})

			t.Run("should merge numeric indices req.params when more in parent", func(t *testing.T) {
				t.Parallel()
				mergeCase(t, "/*", `/user/id:(\d+)/name:(\w+)`, "/user/id:10/name:tj/profile", `[["0","10"],["1","tj"],["2","profile"]]`)
			})

			t.Run("should merge numeric indices req.params when parent has same number", func(t *testing.T) {
				t.Parallel()
				mergeCase(t, `/name:(\w+)`, `/user/id:(\d+)`, "/user/id:10/name:tj", `[["0","10"],["1","tj"]]`)
			})
		})

		t.Run("trailing slashes", func(t *testing.T) {
			t.Parallel()
			t.Run("should be optional by default", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user", end("tj"))
				serveTest(t, app).do("GET", "/user/").expect(t, 200, "tj")
			})

			t.Run(`when "strict routing" is enabled`, func(t *testing.T) {
				t.Parallel()
				strict := func() *App {
					app := New()
					app.Enable("strict routing")
					return app
				}
				middleware := func(req *Request, res *Response, next Next) {
					res.Set("x-middleware", "true")
					next()
				}

				t.Run("should match trailing slashes", func(t *testing.T) {
					t.Parallel()
					app := strict()
					app.Get("/user/", end("tj"))
					serveTest(t, app).do("GET", "/user/").expect(t, 200, "tj")
				})

				t.Run("should pass-though middleware", func(t *testing.T) {
					t.Parallel()
					app := strict()
					app.Use(middleware)
					app.Get("/user/", end("tj"))
					r := serveTest(t, app).do("GET", "/user/")
					r.expectHeader(t, "x-middleware", "true")
					r.expect(t, 200, "tj")
				})

				t.Run("should pass-though mounted middleware", func(t *testing.T) {
					t.Parallel()
					app := strict()
					app.Use("/user/", middleware)
					app.Get("/user/test/", end("tj"))
					r := serveTest(t, app).do("GET", "/user/test/")
					r.expectHeader(t, "x-middleware", "true")
					r.expect(t, 200, "tj")
				})

				t.Run("should match no slashes", func(t *testing.T) {
					t.Parallel()
					app := strict()
					app.Get("/user", end("tj"))
					serveTest(t, app).do("GET", "/user").expect(t, 200, "tj")
				})

				for _, tt := range []struct{ name, use, target string }{
					{"should match middleware when omitting the trailing slash", "/user/", "/user"},
					{"should match middleware", "/user", "/user"},
					{"should match middleware when adding the trailing slash", "/user", "/user/"},
				} {
					t.Run(tt.name, func(t *testing.T) {
						t.Parallel()
						app := strict()
						app.Use(tt.use, end("tj"))
						serveTest(t, app).do("GET", tt.target).expect(t, 200, "tj")
					})
				}

				t.Run("should fail when omitting the trailing slash", func(t *testing.T) {
					t.Parallel()
					app := strict()
					app.Get("/user/", end("tj"))
					serveTest(t, app).do("GET", "/user").expectStatus(t, 404)
				})

				t.Run("should fail when adding the trailing slash", func(t *testing.T) {
					t.Parallel()
					app := strict()
					app.Get("/user", end("tj"))
					serveTest(t, app).do("GET", "/user/").expectStatus(t, 404)
				})
			})
		})

		t.Run("should allow escaped regexp", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get(`/user/\d+`, end("woot"))
			s := serveTest(t, app)
			s.do("GET", "/user/10").expect(t, 200, "woot")
			s.do("GET", "/user/tj").expectStatus(t, 404)
		})

		t.Run(`should allow literal "."`, func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get("/api/users/:from..:to", func(req *Request, res *Response, next Next) {
				p := req.Params()
				res.SendString("users from " + p.Get("from") + " to " + p.Get("to"))
			})
			serveTest(t, app).do("GET", "/api/users/1..50").expect(t, 200, "users from 1 to 50")
		})

		t.Run("*", func(t *testing.T) {
			t.Parallel()
			// get registers path with h and requests target, expecting
			// status and body (body ignored for a 404).
			type req struct {
				target string
				status int
				body   string
			}
			tests := []struct {
				name string
				path any
				h    Handler
				reqs []req
			}{
				{"should capture everything", "*", sendParam("0"), []req{{"/user/tobi.json", 200, "/user/tobi.json"}}},
				{"should decode the capture", "*", sendParam("0"), []req{{"/user/tobi%20and%20loki.json", 200, "/user/tobi and loki.json"}}},
				{"should denote a greedy capture group", "/user/*.json", sendParam("0"), []req{{"/user/tj.json", 200, "tj"}}},
				{"should work with several", "/api/*.*", func(req *Request, res *Response, next Next) {
					p := req.Params()
					res.SendString(p.Get("0") + " as " + p.Get("1"))
				}, []req{{"/api/users/foo.bar.json", 200, "users/foo.bar as json"}}},
				{"should work cross-segment", "/api*", sendParam("0"), []req{{"/api", 200, ""}, {"/api/hey", 200, "/hey"}}},
				{"should allow naming", "/api/:resource(*)", sendParam("resource"), []req{{"/api/users/0.json", 200, "users/0.json"}}},
				{"should not be greedy immediately after param", "/user/:user*", sendParam("user"), []req{{"/user/122", 200, "122"}}},
				{"should eat everything after /", "/user/:user*", sendParam("user"), []req{{"/user/122/aaa", 200, "122"}}},
				{"should span multiple segments", "/file/*", sendParam("0"), []req{{"/file/javascripts/jquery.js", 200, "javascripts/jquery.js"}}},
				{"should be optional", "/file/*", sendParam("0"), []req{{"/file/", 200, ""}}},
				{"should require a preceding /", "/file/*", sendParam("0"), []req{{"/file", 404, ""}}},
				{"should keep correct parameter indexes", "/*/user/:id", func(req *Request, res *Response, next Next) {
					sendParams(req, res)
				}, []req{{"/1/user/2", 200, `{"0":"1","id":"2"}`}}},
				{"should work within arrays", []string{"/user/:id", "/foo/*", "/:bar"}, sendParam("bar"), []req{{"/test", 200, "test"}}},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Get(tt.path, tt.h)
					s := serveTest(t, app)
					for _, rq := range tt.reqs {
						r := s.do("GET", rq.target)
						if rq.status == 404 {
							r.expectStatus(t, 404)
							continue
						}
						r.expect(t, rq.status, rq.body)
					}
				})
			}
		})

		t.Run(":name", func(t *testing.T) {
			t.Parallel()
			opUser := func(req *Request, res *Response, next Next) {
				p := req.Params()
				old := ""
				if p.Get("0") != "" {
					old = " (old)"
				}
				res.SendString(p.Get("op") + "ing " + p.Get("user") + old)
			}

			t.Run("should denote a capture group", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user/:user", sendParam("user"))
				serveTest(t, app).do("GET", "/user/tj").expect(t, 200, "tj")
			})

			t.Run("should match a single segment only", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user/:user", sendParam("user"))
				serveTest(t, app).do("GET", "/user/tj/edit").expectStatus(t, 404)
			})

			t.Run("should allow several capture groups", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user/:user/:op", opUser)
				serveTest(t, app).do("GET", "/user/tj/edit").expect(t, 200, "editing tj")
			})

			t.Run("should work following a partial capture group", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user(s)?/:user/:op", opUser)
				s := serveTest(t, app)
				s.do("GET", "/user/tj/edit").expect(t, 200, "editing tj")
				s.do("GET", "/users/tj/edit").expect(t, 200, "editing tj (old)")
			})

			t.Run("should work inside literal parenthesis", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get(`/:user\(:op\)`, opUser)
				serveTest(t, app).do("GET", "/tj(edit)").expect(t, 200, "editing tj")
			})

			t.Run("should work in array of paths", func(t *testing.T) {
				t.Parallel()
				paths := []string{"/user/:user/poke", "/user/:user/pokes"}
				app := New()
				app.Get(paths, func(req *Request, res *Response, next Next) {
					res.SendString("poking " + req.Params().Get("user"))
				})
				s := serveTest(t, app)
				s.do("GET", "/user/tj/poke").expect(t, 200, "poking tj")
				s.do("GET", "/user/tj/pokes").expect(t, 200, "poking tj")
			})
		})

		t.Run(":name?", func(t *testing.T) {
			t.Parallel()
			viewUser := func(req *Request, res *Response, next Next) {
				op := req.Params().Get("op")
				if op == "" {
					op = "view"
				}
				res.SendString(op + "ing " + req.Params().Get("user"))
			}

			t.Run("should denote an optional capture group", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user/:user/:op?", viewUser)
				serveTest(t, app).do("GET", "/user/tj").expect(t, 200, "viewing tj")
			})

			t.Run("should populate the capture group", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/user/:user/:op?", viewUser)
				serveTest(t, app).do("GET", "/user/tj/edit").expect(t, 200, "editing tj")
			})
		})

		t.Run(".:name", func(t *testing.T) {
			t.Parallel()
			t.Run("should denote a format", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/:name.:format", func(req *Request, res *Response, next Next) {
					res.SendString(req.Params().Get("name") + " as " + req.Params().Get("format"))
				})
				s := serveTest(t, app)
				s.do("GET", "/foo.json").expect(t, 200, "foo as json")
				s.do("GET", "/foo").expectStatus(t, 404)
			})
		})

		t.Run(".:name?", func(t *testing.T) {
			t.Parallel()
			t.Run("should denote an optional format", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/:name.:format?", func(req *Request, res *Response, next Next) {
					format := req.Params().Get("format")
					if format == "" {
						format = "html"
					}
					res.SendString(req.Params().Get("name") + " as " + format)
				})
				s := serveTest(t, app)
				s.do("GET", "/foo").expect(t, 200, "foo as html")
				s.do("GET", "/foo.json").expect(t, 200, "foo as json")
			})
		})

		t.Run("when next() is called", func(t *testing.T) {
			t.Parallel()
			t.Run("should continue lookup", func(t *testing.T) {
				t.Parallel()
				app := New()
				var calls []string
				app.Get("/foo/:bar?", func(req *Request, res *Response, next Next) {
					calls = append(calls, "/foo/:bar?")
					next()
				})
				app.Get("/bar", func(req *Request, res *Response, next Next) { t.Error("/bar ran") })
				app.Get("/foo", func(req *Request, res *Response, next Next) {
					calls = append(calls, "/foo")
					next()
				})
				app.Get("/foo", func(req *Request, res *Response, next Next) {
					calls = append(calls, "/foo 2")
					sendJSONValue(res, calls)
				})
				serveTest(t, app).do("GET", "/foo").expect(t, 200, `["/foo/:bar?","/foo","/foo 2"]`)
			})
		})

		t.Run(`when next("route") is called`, func(t *testing.T) {
			t.Parallel()
			t.Run("should jump to next route", func(t *testing.T) {
				t.Parallel()
				app := New()
				fn := func(req *Request, res *Response, next Next) {
					res.Set("X-Hit", "1")
					next(SkipRoute)
				}
				app.Get("/foo", fn, end("failure"))
				app.Get("/foo", end("success"))
				r := serveTest(t, app).do("GET", "/foo")
				r.expectHeader(t, "X-Hit", "1")
				r.expect(t, 200, "success")
			})
		})

		t.Run(`when next("router") is called`, func(t *testing.T) {
			t.Parallel()
			t.Run("should jump out of router", func(t *testing.T) {
				t.Parallel()
				app := New()
				router := NewRouter()
				fn := func(req *Request, res *Response, next Next) {
					res.Set("X-Hit", "1")
					next(SkipRouter)
				}
				router.Get("/foo", fn, end("failure"))
				router.Get("/foo", end("failure"))
				app.Use(router)
				app.Get("/foo", end("success"))
				r := serveTest(t, app).do("GET", "/foo")
				r.expectHeader(t, "X-Hit", "1")
				r.expect(t, 200, "success")
			})
		})

		t.Run("when next(err) is called", func(t *testing.T) {
			t.Parallel()
			t.Run("should break out of app.router", func(t *testing.T) {
				t.Parallel()
				app := New()
				var calls []string
				app.Get("/foo/:bar?", func(req *Request, res *Response, next Next) {
					calls = append(calls, "/foo/:bar?")
					next()
				})
				app.Get("/bar", func(req *Request, res *Response, next Next) { t.Error("/bar ran") })
				app.Get("/foo", func(req *Request, res *Response, next Next) {
					calls = append(calls, "/foo")
					next(errors.New("fail"))
				})
				app.Get("/foo", func(req *Request, res *Response, next Next) { t.Error("second /foo ran") })
				app.Use(func(err error, req *Request, res *Response, next Next) {
					sendJSONValue(res, map[string]any{"calls": calls, "error": err.Error()})
				})
				serveTest(t, app).do("GET", "/foo").expect(t, 200, `{"calls":["/foo/:bar?","/foo"],"error":"fail"}`)
			})

			t.Run("should call handler in same route, if exists", func(t *testing.T) {
				t.Parallel()
				app := New()
				fn1 := func(req *Request, res *Response, next Next) { next(errors.New("boom!")) }
				fn2 := func(req *Request, res *Response, next Next) { res.Send("foo here") }
				fn3 := func(err error, req *Request, res *Response, next Next) { res.Send("route go " + err.Error()) }
				app.Get("/foo", fn1, fn2, fn3)
				app.Use(func(err error, req *Request, res *Response, next Next) { res.SendString("error!") })
				serveTest(t, app).do("GET", "/foo").expect(t, 200, "route go boom!")
			})
		})

		t.Run("should allow rewriting of the url", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get("/account/edit", func(req *Request, res *Response, next Next) {
				id := "12" // faux authenticated user
				req.SetURL("/user/" + id + "/edit")
				next()
			})
			app.Get("/user/:id/edit", func(req *Request, res *Response, next Next) {
				res.Send("editing user " + req.Params().Get("id"))
			})
			serveTest(t, app).do("GET", "/account/edit").expect(t, 200, "editing user 12")
		})

		t.Run("should run in order added", func(t *testing.T) {
			t.Parallel()
			app := New()
			var path []string
			push := func(s string) Handler {
				return func(req *Request, res *Response, next Next) {
					path = append(path, s)
					next()
				}
			}
			app.Get("*", push("0"))
			app.Get("/user/:id", push("1"))
			app.Use(push("2"))
			app.All("/user/:id", push("3"))
			app.Get("*", push("4"))
			app.Use(func(req *Request, res *Response, next Next) {
				path = append(path, "5")
				res.SendString(strings.Join(path, ","))
			})
			serveTest(t, app).do("GET", "/user/1").expect(t, 200, "0,1,2,3,4,5")
		})

		t.Run("should be chainable", func(t *testing.T) {
			t.Parallel()
			app := New()
			if app.Get("/", func(req *Request, res *Response, next Next) {}) != app {
				t.Error("app.get does not return the app")
			}
		})
	})
}

// jsString is String(v) of a JavaScript value that may be undefined.
func jsString(v string, ok bool) string {
	if !ok {
		return "undefined"
	}
	return v
}
