package fast

import (
	"errors"
	"testing"
)

// routeOutcome is what Express's route.dispatch(req, res, done) reports to
// done.
type routeOutcome struct {
	done bool  // done was called
	err  error // with this error
}

// dispatchRoute serves one request whose route is built by build on the
// path "/" and reports how the route ended, as route.dispatch's done
// callback does in Express's tests: a middleware after the route records a
// plain next(), an error handler records next(err).
func dispatchRoute(t *testing.T, method string, build func(rt *Route)) routeOutcome {
	t.Helper()
	app := New()
	build(app.Route("/"))
	var out routeOutcome
	app.Use(func(req *Request, res *Response, next Next) {
		out = routeOutcome{done: true}
		res.End()
	})
	app.Use(func(err error, req *Request, res *Response, next Next) {
		out = routeOutcome{done: true, err: err}
		res.End()
	})
	serveTest(t, app).do(method, "/")
	if !out.done {
		t.Fatal("the route did not pass control on")
	}
	return out
}

// TestRoute ports Express 4.22's test/Route.js. Express builds a Route
// alone and calls route.dispatch with a fake request; fast has no
// free-standing Route, so each case routes a real request through a route
// of an app and observes what the route passes on.
func TestRoute(t *testing.T) {
	t.Parallel()
	t.Run("Route", func(t *testing.T) {
		t.Parallel()
		t.Run("should work without handlers", func(t *testing.T) {
			t.Parallel()
			if out := dispatchRoute(t, "GET", func(rt *Route) {}); out.err != nil {
				t.Fatal(out.err)
			}
		})

		t.Run("should not stack overflow with a large sync stack", func(t *testing.T) {
			t.Parallel()
			var counter int
			var called bool
			out := dispatchRoute(t, "GET", func(rt *Route) {
				rt.Get(func(req *Request, res *Response, next Next) {
					counter = 0
					next()
				})
				for i := 0; i < 6000; i++ {
					rt.All(func(req *Request, res *Response, next Next) {
						counter++
						next()
					})
				}
				rt.Get(func(req *Request, res *Response, next Next) {
					called = true
					next()
				})
			})
			if out.err != nil {
				t.Fatal(out.err)
			}
			if !called || counter != 6000 {
				t.Errorf("called %v, counter %d; want true, 6000", called, counter)
			}
		})

		t.Run(".all", func(t *testing.T) {
			t.Parallel()
			t.Run("should add handler", func(t *testing.T) {
				t.Parallel()
				var called bool
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.All(func(req *Request, res *Response, next Next) {
						called = true
						next()
					})
				})
				if out.err != nil || !called {
					t.Errorf("err %v, called %v", out.err, called)
				}
			})

			t.Run("should handle VERBS", func(t *testing.T) {
				t.Parallel()
				count := 0
				app := New()
				app.Route("/").All(func(req *Request, res *Response, next Next) {
					count++
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) { res.End() })
				s := serveTest(t, app)
				for _, m := range Methods() {
					s.do(m, "/").expectStatus(t, 200)
				}
				if count != len(Methods()) {
					t.Errorf("count %d, want %d", count, len(Methods()))
				}
			})

			t.Run("should stack", func(t *testing.T) {
				t.Parallel()
				count := 0
				inc := func(req *Request, res *Response, next Next) {
					count++
					next()
				}
				out := dispatchRoute(t, "GET", func(rt *Route) { rt.All(inc).All(inc) })
				if out.err != nil || count != 2 {
					t.Errorf("err %v, count %d; want 2", out.err, count)
				}
			})
		})

		t.Run(".VERB", func(t *testing.T) {
			t.Parallel()
			t.Run("should support .get", func(t *testing.T) {
				t.Parallel()
				var called bool
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.Get(func(req *Request, res *Response, next Next) {
						called = true
						next()
					})
				})
				if out.err != nil || !called {
					t.Errorf("err %v, called %v", out.err, called)
				}
			})

			t.Run("should limit to just .VERB", func(t *testing.T) {
				t.Parallel()
				var called bool
				out := dispatchRoute(t, "POST", func(rt *Route) {
					rt.Get(func(req *Request, res *Response, next Next) { panic("not me!") })
					rt.Post(func(req *Request, res *Response, next Next) {
						called = true
						next()
					})
				})
				if out.err != nil || !called {
					t.Errorf("err %v, called %v", out.err, called)
				}
			})

			t.Run("should allow fallthrough", func(t *testing.T) {
				t.Parallel()
				order := ""
				add := func(s string) Handler {
					return func(req *Request, res *Response, next Next) {
						order += s
						next()
					}
				}
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.Get(add("a"))
					rt.All(add("b"))
					rt.Get(add("c"))
				})
				if out.err != nil || order != "abc" {
					t.Errorf("err %v, order %q; want abc", out.err, order)
				}
			})
		})

		t.Run("errors", func(t *testing.T) {
			t.Parallel()
			t.Run("should handle errors via arity 4 functions", func(t *testing.T) {
				t.Parallel()
				order := ""
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.All(func(req *Request, res *Response, next Next) { next(errors.New("foobar")) })
					rt.All(func(req *Request, res *Response, next Next) {
						order += "0"
						next()
					})
					rt.All(func(err error, req *Request, res *Response, next Next) {
						order += "a"
						next(err)
					})
				})
				if out.err == nil || out.err.Error() != "foobar" || order != "a" {
					t.Errorf("err %v, order %q; want foobar, a", out.err, order)
				}
			})

			t.Run("should handle throw", func(t *testing.T) {
				t.Parallel()
				order := ""
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.All(func(req *Request, res *Response, next Next) { panic(errors.New("foobar")) })
					rt.All(func(req *Request, res *Response, next Next) {
						order += "0"
						next()
					})
					rt.All(func(err error, req *Request, res *Response, next Next) {
						order += "a"
						next(err)
					})
				})
				if out.err == nil || out.err.Error() != "foobar" || order != "a" {
					t.Errorf("err %v, order %q; want foobar, a", out.err, order)
				}
			})

			t.Run("should handle throwing inside error handlers", func(t *testing.T) {
				t.Parallel()
				message := ""
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.Get(func(req *Request, res *Response, next Next) { panic(errors.New("boom!")) })
					rt.Get(func(err error, req *Request, res *Response, next Next) { panic(errors.New("oops")) })
					rt.Get(func(err error, req *Request, res *Response, next Next) {
						message = err.Error()
						next()
					})
				})
				if out.err != nil || message != "oops" {
					t.Errorf("err %v, message %q; want nil, oops", out.err, message)
				}
			})

			t.Run("should handle throw in .all", func(t *testing.T) {
				t.Parallel()
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.All(func(req *Request, res *Response, next Next) { panic(errors.New("boom!")) })
				})
				if out.err == nil || out.err.Error() != "boom!" {
					t.Errorf("err %v, want boom!", out.err)
				}
			})

			t.Run("should handle single error handler", func(t *testing.T) {
				t.Parallel()
				out := dispatchRoute(t, "GET", func(rt *Route) {
					rt.All(func(err error, req *Request, res *Response, next Next) {
						// this should not execute
						panic("should not be called")
					})
				})
				if out.err != nil {
					t.Errorf("err %v, want nil", out.err)
				}
			})
		})
	})
}
