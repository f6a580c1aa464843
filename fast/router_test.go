package fast

import (
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// routerOutcome is what Express's router.handle(req, res, done) reports to
// done.
type routerOutcome struct {
	done bool
	err  error
}

// handleRouter serves one request and runs r on it with
// r.Handle(req, res, done), as Express's tests call router.handle(req, res,
// done); done records what it received and ends the response. target goes
// on the wire; when url is given, req.url is set to it first, for the URLs
// Express hands its fake requests that are not valid HTTP request targets
// ("foo", "*", "").
func handleRouter(t *testing.T, r *Router, method, target string, url ...string) (routerOutcome, *testResponse) {
	t.Helper()
	app := New()
	var out routerOutcome
	app.Use(func(req *Request, res *Response, next Next) {
		if len(url) > 0 {
			req.SetURL(url[0])
		}
		r.Handle(req, res, func(errs ...error) {
			out = routerOutcome{done: true}
			if len(errs) > 0 {
				out.err = errs[0]
			}
			res.End()
		})
	})
	resp := serveTest(t, app).do(method, target)
	return out, resp
}

// TestRouter ports Express 4.22's test/Router.js. Express calls
// router.handle with fake req and res objects; here a real request goes
// through an app whose middleware calls Router.Handle with the test's done
// (see handleRouter).
func TestRouter(t *testing.T) {
	t.Parallel()
	noop := func(req *Request, res *Response, next Next) {}
	end := func(req *Request, res *Response, next Next) { res.End() }
	pass := func(req *Request, res *Response, next Next) { next() }

	t.Run("Router", func(t *testing.T) {
		t.Parallel()
		t.Run("should return a function with router methods", func(t *testing.T) {
			t.Parallel()
			// A Router is not a function in Go; it has the methods, is
			// accepted wherever a middleware function is, and its Handle
			// method value is a Handler: router(req, res, next).
			var r interface {
				Get(path any, handlers ...any) *Router
				Handle(req *Request, res *Response, done Next)
				Use(args ...any) *Router
				Route(path any) *Route
			} = NewRouter()
			var h Handler = r.Handle
			if h == nil {
				t.Error("no Handle")
			}
			if !isCallback(NewRouter()) {
				t.Error("a *Router is not accepted as middleware")
			}
		})

		t.Run("should support .use of other routers", func(t *testing.T) {
			t.Parallel()
			router, another := NewRouter(), NewRouter()
			var ended bool
			another.Get("/bar", func(req *Request, res *Response, next Next) {
				ended = true
				res.End()
			})
			router.Use("/foo", another)
			out, _ := handleRouter(t, router, "GET", "/foo/bar")
			if !ended || out.done {
				t.Errorf("ended %v, done %v; want true, false", ended, out.done)
			}
		})

		t.Run("should support dynamic routes", func(t *testing.T) {
			t.Parallel()
			router, another := NewRouter(), NewRouter()
			var bar string
			another.Get("/:bar", func(req *Request, res *Response, next Next) {
				bar = strings.Clone(req.Params().Get("bar")) // kept past the request
				res.End()
			})
			router.Use("/:foo", another)
			handleRouter(t, router, "GET", "/test/route")
			if bar != "route" {
				t.Errorf("req.params.bar = %q, want route", bar)
			}
		})

		t.Run("should handle blank URL", func(t *testing.T) {
			t.Parallel()
			router := NewRouter()
			router.Use(func(req *Request, res *Response, next Next) { t.Error("should not be called") })
			out, r := handleRouter(t, router, "GET", "/", "")
			if !out.done || out.err != nil {
				t.Errorf("done %v err %v, want done()", out.done, out.err)
			}
			r.expect(t, 200, "")
		})

		t.Run("should handle missing URL", func(t *testing.T) {
			t.Parallel()
			// A Go string has no undefined: a missing req.url is the empty
			// one, which parseurl treats alike (no pathname).
			router := NewRouter()
			router.Use(func(req *Request, res *Response, next Next) { t.Error("should not be called") })
			out, _ := handleRouter(t, router, "GET", "/", "")
			if !out.done || out.err != nil {
				t.Errorf("done %v err %v, want done()", out.done, out.err)
			}
		})

		t.Run("handle missing method", func(t *testing.T) {
			t.Parallel()
			// A Go string has no undefined: the missing req.method is "",
			// a method no route names, as undefined is.
			all, use := false, false
			router := NewRouter()
			route := router.Route("/foo")
			notRun := func(req *Request, res *Response, next Next) { next(errors.New("should not run")) }
			route.Post(notRun)
			route.All(func(req *Request, res *Response, next Next) { all = true; next() })
			route.Get(notRun)
			router.Get("/foo", notRun)
			router.Use(func(req *Request, res *Response, next Next) { use = true; next() })
			app := New()
			var out routerOutcome
			app.Use(func(req *Request, res *Response, next Next) {
				req.SetMethod("")
				router.Handle(req, res, func(errs ...error) {
					out = routerOutcome{done: true}
					if len(errs) > 0 {
						out.err = errs[0]
					}
					res.End()
				})
			})
			serveTest(t, app).do("GET", "/foo").expect(t, 200, "")
			if !out.done || out.err != nil || !all || !use {
				t.Errorf("done %v err %v all %v use %v, want done() after both", out.done, out.err, all, use)
			}
		})

		t.Run("should not stack overflow with many registered routes", func(t *testing.T) {
			t.Parallel()
			router := NewRouter()
			wrong := func(req *Request, res *Response, next Next) { res.Send("wrong handler") }
			for i := 0; i < 6000; i++ {
				router.Get("/thing"+strconv.Itoa(i), wrong)
			}
			router.Get("/", end)
			out, r := handleRouter(t, router, "GET", "/")
			r.expect(t, 200, "")
			if out.done {
				t.Error("the router passed on")
			}
		})

		t.Run("should not stack overflow with a large sync route stack", func(t *testing.T) {
			t.Parallel()
			router := NewRouter()
			counter := 0
			router.Get("/foo", func(req *Request, res *Response, next Next) {
				counter = 0
				next()
			})
			for i := 0; i < 6000; i++ {
				router.Get("/foo", func(req *Request, res *Response, next Next) {
					counter++
					next()
				})
			}
			router.Get("/foo", func(req *Request, res *Response, next Next) {
				if counter != 6000 {
					t.Errorf("counter %d, want 6000", counter)
				}
				res.End()
			})
			out, _ := handleRouter(t, router, "GET", "/foo")
			if out.done {
				t.Error("the router passed on")
			}
		})

		t.Run("should not stack overflow with a large sync middleware stack", func(t *testing.T) {
			t.Parallel()
			router := NewRouter()
			counter := 0
			router.Use(func(req *Request, res *Response, next Next) {
				counter = 0
				next()
			})
			for i := 0; i < 6000; i++ {
				router.Use(func(req *Request, res *Response, next Next) {
					counter++
					next()
				})
			}
			router.Use(func(req *Request, res *Response, next Next) {
				if counter != 6000 {
					t.Errorf("counter %d, want 6000", counter)
				}
				res.End()
			})
			out, _ := handleRouter(t, router, "GET", "/")
			if out.done {
				t.Error("the router passed on")
			}
		})

		t.Run(".handle", func(t *testing.T) {
			t.Parallel()
			t.Run("should dispatch", func(t *testing.T) {
				t.Parallel()
				router := NewRouter()
				router.Route("/foo").Get(func(req *Request, res *Response, next Next) { res.Send("foo") })
				_, r := handleRouter(t, router, "GET", "/foo")
				r.expect(t, 200, "foo")
			})
		})

		t.Run(".multiple callbacks", func(t *testing.T) {
			t.Parallel()
			t.Run("should throw if a callback is null", func(t *testing.T) {
				t.Parallel()
				expectPanic(t, func() { NewRouter().Route("/foo").All(nil) }, "requires a callback function but got a nil")
			})

			t.Run("should throw if a callback is undefined", func(t *testing.T) {
				t.Parallel()
				// Go has one nil; a nil function value stands for undefined.
				var h Handler
				expectPanic(t, func() { NewRouter().Route("/foo").All(h) }, "requires a callback function but got a nil")
			})

			t.Run("should throw if a callback is not a function", func(t *testing.T) {
				t.Parallel()
				expectPanic(t, func() { NewRouter().Route("/foo").All("not a function") }, "requires a callback function but got a string")
			})

			t.Run("should not throw if all callbacks are functions", func(t *testing.T) {
				t.Parallel()
				NewRouter().Route("/foo").All(noop).All(noop)
			})
		})

		t.Run("error", func(t *testing.T) {
			t.Parallel()
			t.Run("should skip non error middleware", func(t *testing.T) {
				t.Parallel()
				router := NewRouter()
				router.Get("/foo", func(req *Request, res *Response, next Next) { next(errors.New("foo")) })
				router.Get("/bar", func(req *Request, res *Response, next Next) { next(errors.New("bar")) })
				router.Use(func(req *Request, res *Response, next Next) { t.Error("non-error middleware ran") })
				var msg string
				router.Use(func(err error, req *Request, res *Response, next Next) {
					msg = err.Error()
					res.End()
				})
				handleRouter(t, router, "GET", "/foo")
				if msg != "foo" {
					t.Errorf("error %q, want foo", msg)
				}
			})

			t.Run("should handle throwing inside routes with params", func(t *testing.T) {
				t.Parallel()
				router := NewRouter()
				router.Get("/foo/:id", func(req *Request, res *Response, next Next) { panic(errors.New("foo")) })
				router.Use(func(req *Request, res *Response, next Next) { t.Error("non-error middleware ran") })
				var msg string
				router.Use(func(err error, req *Request, res *Response, next Next) {
					msg = err.Error()
					res.End()
				})
				handleRouter(t, router, "GET", "/foo/2")
				if msg != "foo" {
					t.Errorf("error %q, want foo", msg)
				}
			})

			t.Run("should handle throwing in handler after async param", func(t *testing.T) {
				t.Parallel()
				// Parameter callbacks are synchronous in fast: the callback
				// calls next before it returns.
				router := NewRouter()
				var user string
				router.Param("user", func(req *Request, res *Response, next Next, val, name string) {
					user = strings.Clone(val) // kept past the request
					next()
				})
				router.Use("/:user", func(req *Request, res *Response, next Next) { panic(errors.New("oh no!")) })
				var msg string
				router.Use(func(err error, req *Request, res *Response, next Next) {
					msg = err.Error()
					res.End()
				})
				handleRouter(t, router, "GET", "/bob")
				if msg != "oh no!" || user != "bob" {
					t.Errorf("error %q, user %q; want oh no!, bob", msg, user)
				}
			})

			t.Run("should handle throwing inside error handlers", func(t *testing.T) {
				t.Parallel()
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) { panic(errors.New("boom!")) })
				router.Use(func(err error, req *Request, res *Response, next Next) { panic(errors.New("oops")) })
				var msg string
				router.Use(func(err error, req *Request, res *Response, next Next) {
					msg = err.Error()
					res.End()
				})
				handleRouter(t, router, "GET", "/")
				if msg != "oops" {
					t.Errorf("error %q, want oops", msg)
				}
			})
		})

		t.Run("FQDN", func(t *testing.T) {
			t.Parallel()
			type hit struct {
				path string // use path; "" is router.use(fn)
				url  string // req.url the middleware must see
			}
			tests := []struct {
				name   string
				target string
				hits   []hit
			}{
				{"should not obscure FQDNs", "http://example.com/foo",
					[]hit{{"", "http://example.com/foo"}}},
				{"should ignore FQDN in search", "/proxy?url=http://example.com/blog/post/1",
					[]hit{{"/proxy", "/?url=http://example.com/blog/post/1"}}},
				{"should ignore FQDN in path", "/proxy/http://example.com/blog/post/1",
					[]hit{{"/proxy", "/http://example.com/blog/post/1"}}},
				{"should adjust FQDN req.url", "http://example.com/blog/post/1",
					[]hit{{"/blog", "http://example.com/post/1"}}},
				{"should adjust FQDN req.url with multiple handlers", "http://example.com/blog/post/1",
					[]hit{{"", "http://example.com/blog/post/1"}, {"/blog", "http://example.com/post/1"}}},
				{"should adjust FQDN req.url with multiple routed handlers", "http://example.com/blog/post/1",
					[]hit{{"/blog", "http://example.com/post/1"}, {"/blog", "http://example.com/post/1"}, {"", "http://example.com/blog/post/1"}}},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					router := NewRouter()
					n := 0
					for i, h := range tt.hits {
						fn := func(req *Request, res *Response, next Next) {
							if n != i {
								t.Errorf("hit %d ran as hit %d", i, n)
							}
							n++
							if req.URL() != h.url {
								t.Errorf("hit %d: req.url = %q, want %q", i, req.URL(), h.url)
							}
							next()
						}
						if h.path == "" {
							router.Use(fn)
						} else {
							router.Use(h.path, fn)
						}
					}
					out, _ := handleRouter(t, router, "GET", tt.target)
					if out.err != nil || !out.done {
						t.Errorf("done %v with %v", out.done, out.err)
					}
					if n != len(tt.hits) {
						t.Errorf("%d hits, want %d", n, len(tt.hits))
					}
				})
			}
		})

		t.Run(".all", func(t *testing.T) {
			t.Parallel()
			t.Run("should support using .all to capture all http verbs", func(t *testing.T) {
				t.Parallel()
				router := NewRouter()
				count := 0
				router.All("/foo", func(req *Request, res *Response, next Next) {
					count++
					res.End()
				})
				app := New()
				app.Use(router)
				s := serveTest(t, app)
				for _, m := range Methods() {
					s.do(m, "/foo?bar=baz")
				}
				if count != len(Methods()) {
					t.Errorf("count %d, want %d", count, len(Methods()))
				}
			})

			t.Run(`should be called for any URL when "*"`, func(t *testing.T) {
				t.Parallel()
				for _, url := range []string{"/", "/foo", "foo", "*"} {
					router := NewRouter()
					ended := false
					router.All("*", func(req *Request, res *Response, next Next) {
						ended = true
						res.End()
					})
					out, _ := handleRouter(t, router, "GET", "/", url)
					if !ended || out.done {
						t.Errorf("%q: ended %v, passed on %v", url, ended, out.done)
					}
				}
			})
		})

		t.Run(".use", func(t *testing.T) {
			t.Parallel()
			t.Run("should require middleware", func(t *testing.T) {
				t.Parallel()
				expectPanic(t, func() { NewRouter().Use("/") }, "requires a middleware function")
			})

			// Go names the types it received where JavaScript names its own.
			for _, tt := range []struct {
				name string
				arg  any
				want string
			}{
				{"should reject string as middleware", "foo", "requires a middleware function but got a string"},
				{"should reject number as middleware", 42, "requires a middleware function but got a int"},
				{"should reject null as middleware", nil, "requires a middleware function but got a nil"},
				{"should reject Date as middleware", time.Now(), "requires a middleware function but got a time.Time"},
			} {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					expectPanic(t, func() { NewRouter().Use("/", tt.arg) }, tt.want)
				})
			}

			t.Run("should be called for any URL", func(t *testing.T) {
				t.Parallel()
				for _, url := range []string{"/", "/foo", "foo", "*"} {
					router := NewRouter()
					ended := false
					router.Use(func(req *Request, res *Response, next Next) {
						ended = true
						res.End()
					})
					out, _ := handleRouter(t, router, "GET", "/", url)
					if !ended || out.done {
						t.Errorf("%q: ended %v, passed on %v", url, ended, out.done)
					}
				}
			})

			t.Run("should accept array of middleware", func(t *testing.T) {
				t.Parallel()
				count := 0
				step := func(want int) Handler {
					return func(req *Request, res *Response, next Next) {
						count++
						if count != want {
							t.Errorf("step %d ran as %d", want, count)
						}
						next()
					}
				}
				router := NewRouter()
				router.Use([]Handler{step(1), step(2)}, func(req *Request, res *Response, next Next) {
					count++
					if count != 3 {
						t.Errorf("step 3 ran as %d", count)
					}
					res.End()
				})
				handleRouter(t, router, "GET", "/foo")
				if count != 3 {
					t.Errorf("count %d, want 3", count)
				}
			})
		})

		t.Run(".param", func(t *testing.T) {
			t.Parallel()
			// Express's fake requests use method "get"; HTTP methods are
			// case-sensitive and Node's parser accepts only upper case.
			t.Run("should call param function when routing VERBS", func(t *testing.T) {
				t.Parallel()
				router := NewRouter()
				var id string
				router.Param("id", func(req *Request, res *Response, next Next, val, name string) {
					id = strings.Clone(val) // kept past the request
					next()
				})
				router.Get("/foo/:id/bar", func(req *Request, res *Response, next Next) {
					if got := req.Params().Get("id"); got != "123" {
						t.Errorf("req.params.id = %q", got)
					}
					next()
				})
				out, _ := handleRouter(t, router, "GET", "/foo/123/bar")
				if out.err != nil || !out.done || id != "123" {
					t.Errorf("done %v err %v id %q", out.done, out.err, id)
				}
			})

			t.Run("should call param function when routing middleware", func(t *testing.T) {
				t.Parallel()
				router := NewRouter()
				var id string
				router.Param("id", func(req *Request, res *Response, next Next, val, name string) {
					id = strings.Clone(val) // kept past the request
					next()
				})
				router.Use("/foo/:id/bar", func(req *Request, res *Response, next Next) {
					if got := req.Params().Get("id"); got != "123" {
						t.Errorf("req.params.id = %q", got)
					}
					if req.URL() != "/baz" {
						t.Errorf("req.url = %q, want /baz", req.URL())
					}
					next()
				})
				out, _ := handleRouter(t, router, "GET", "/foo/123/bar/baz")
				if out.err != nil || !out.done || id != "123" {
					t.Errorf("done %v err %v id %q", out.done, out.err, id)
				}
			})

			paramCase := func(t *testing.T, second string, wantCount int, wantUser string) {
				count := 0
				user := ""
				router, sub := NewRouter(), NewRouter()
				sub.Get("/bar", pass)
				router.Param("user", func(req *Request, res *Response, next Next, val, name string) {
					count++
					user = strings.Clone(val) // kept past the request
					next()
				})
				router.Use("/foo/:user/", NewRouter())
				router.Use(second, sub)
				out, _ := handleRouter(t, router, "GET", "/foo/bob/bar")
				if out.err != nil || !out.done {
					t.Fatalf("done %v err %v", out.done, out.err)
				}
				if count != wantCount || user != wantUser {
					t.Errorf("count %d user %q, want %d %q", count, user, wantCount, wantUser)
				}
			}

			t.Run("should only call once per request", func(t *testing.T) {
				t.Parallel()
				paramCase(t, "/foo/:user/", 1, "bob")
			})

			t.Run("should call when values differ", func(t *testing.T) {
				t.Parallel()
				paramCase(t, "/:user/bob/", 2, "foo")
			})
		})

		t.Run("parallel requests", func(t *testing.T) {
			t.Parallel()
			t.Run("should not mix requests", func(t *testing.T) {
				t.Parallel()
				// The parameter callbacks sleep (Express waits with
				// setTimeout), so the two requests overlap.
				router, sub := NewRouter(), NewRouter()
				sub.Get("/bar", pass)
				router.Param("ms", func(req *Request, res *Response, next Next, val, name string) {
					ms, _ := strconv.Atoi(val)
					res.Locals()["ms"] = ms
					time.Sleep(time.Duration(ms) * time.Millisecond)
					next()
				})
				router.Use("/foo/:ms/", NewRouter())
				router.Use("/foo/:ms/", sub)
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(errs ...error) {
						if len(errs) > 0 && errs[0] != nil {
							res.Status(500).Send(errs[0].Error())
							return
						}
						res.Send(strconv.Itoa(res.Locals()["ms"].(int)) + " " + req.OriginalURL())
					})
				})
				s := serveTest(t, app)
				var wg sync.WaitGroup
				for _, ms := range []string{"50", "10"} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						s.do("GET", "/foo/"+ms+"/bar").expect(t, 200, ms+" /foo/"+ms+"/bar")
					}()
				}
				wg.Wait()
			})
		})
	})
}

// finalPage is the final handler's HTML document around msg.
func finalPage(msg string) string {
	return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n</head>\n<body>\n<pre>" +
		msg + "</pre>\n</body>\n</html>\n"
}
