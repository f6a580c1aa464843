package fast

import (
	"regexp"
	"testing"
	"time"
)

// TestAppUse ports Express 4.22's test/app.use.js.
func TestAppUse(t *testing.T) {
	t.Parallel()
	// fn3 of the Express tests: sets x-fn-3 and ends the response.
	fn3 := func(req *Request, res *Response, next Next) {
		res.Set("x-fn-3", "hit")
		res.End()
	}
	expectHits := func(t *testing.T, r *testResponse, names ...string) {
		t.Helper()
		for _, n := range names {
			r.expectHeader(t, n, "hit")
		}
	}
	saw := func(req *Request, res *Response, next Next) {
		res.Send("saw " + req.Method() + " " + req.URL())
	}
	sawThrough := func(req *Request, res *Response, next Next) {
		res.Send("saw " + req.Method() + " " + req.URL() + " through " + req.OriginalURL())
	}

	t.Run("app", func(t *testing.T) {
		t.Parallel()
		t.Run(`should emit "mount" when mounted`, func(t *testing.T) {
			t.Parallel()
			blog, app := New(), New()
			var got *App
			blog.On("mount", func(parent *App) { got = parent })
			app.Use(blog)
			if got != app {
				t.Errorf("mount emitted with %p, want the app %p", got, app)
			}
		})

		t.Run(".use(app)", func(t *testing.T) {
			t.Parallel()
			t.Run("should mount the app", func(t *testing.T) {
				t.Parallel()
				blog, app := New(), New()
				blog.Get("/blog", func(req *Request, res *Response, next Next) { res.SendString("blog") })
				app.Use(blog)
				serveTest(t, app).do("GET", "/blog").expect(t, 200, "blog")
			})

			t.Run("should support mount-points", func(t *testing.T) {
				t.Parallel()
				blog, forum, app := New(), New(), New()
				blog.Get("/", func(req *Request, res *Response, next Next) { res.SendString("blog") })
				forum.Get("/", func(req *Request, res *Response, next Next) { res.SendString("forum") })
				app.Use("/blog", blog)
				app.Use("/forum", forum)
				s := serveTest(t, app)
				s.do("GET", "/blog").expect(t, 200, "blog")
				s.do("GET", "/forum").expect(t, 200, "forum")
			})

			t.Run("should set the child's .parent", func(t *testing.T) {
				t.Parallel()
				blog, app := New(), New()
				app.Use("/blog", blog)
				if blog.Parent() != app {
					t.Error("blog.parent is not app")
				}
			})

			t.Run("should support dynamic routes", func(t *testing.T) {
				t.Parallel()
				blog, app := New(), New()
				blog.Get("/", func(req *Request, res *Response, next Next) { res.SendString("success") })
				app.Use("/post/:article", blog)
				serveTest(t, app).do("GET", "/post/once-upon-a-time").expect(t, 200, "success")
			})

			t.Run("should support mounted app anywhere", func(t *testing.T) {
				t.Parallel()
				blog, other, app := New(), New(), New()
				blog.Get("/", func(req *Request, res *Response, next Next) { res.SendString("success") })
				var blogParent, otherParent *App
				blog.On("mount", func(parent *App) { blogParent = parent })
				other.On("mount", func(parent *App) { otherParent = parent })
				app.Use("/post/:article", setHit("x-fn-1"), other, setHit("x-fn-2"), blog)
				if blogParent != app || otherParent != app {
					t.Error("mount not emitted with the app")
				}
				r := serveTest(t, app).do("GET", "/post/once-upon-a-time")
				expectHits(t, r, "x-fn-1", "x-fn-2")
				r.expect(t, 200, "success")
			})
		})

		t.Run(".use(middleware)", func(t *testing.T) {
			t.Parallel()
			t.Run("should accept multiple arguments", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(setHit("x-fn-1"), setHit("x-fn-2"), fn3)
				r := serveTest(t, app).do("GET", "/")
				expectHits(t, r, "x-fn-1", "x-fn-2", "x-fn-3")
				r.expectStatus(t, 200)
			})

			t.Run("should invoke middleware for all requests", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(saw)
				s := serveTest(t, app)
				s.do("GET", "/").expect(t, 200, "saw GET /")
				s.do("OPTIONS", "/").expect(t, 200, "saw OPTIONS /")
				s.do("POST", "/foo").expect(t, 200, "saw POST /foo")
			})

			for _, tt := range []struct {
				name string
				args []any
			}{
				{"should accept array of middleware", []any{[]Handler{setHit("x-fn-1"), setHit("x-fn-2"), fn3}}},
				{"should accept multiple arrays of middleware", []any{[]Handler{setHit("x-fn-1"), setHit("x-fn-2")}, []Handler{fn3}}},
				{"should accept nested arrays of middleware", []any{[]any{[]Handler{setHit("x-fn-1")}, setHit("x-fn-2")}, []Handler{fn3}}},
			} {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Use(tt.args...)
					r := serveTest(t, app).do("GET", "/")
					expectHits(t, r, "x-fn-1", "x-fn-2", "x-fn-3")
					r.expectStatus(t, 200)
				})
			}
		})

		t.Run(".use(path, middleware)", func(t *testing.T) {
			t.Parallel()
			t.Run("should require middleware", func(t *testing.T) {
				t.Parallel()
				expectPanic(t, func() { New().Use("/") }, "requires a middleware function")
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
					expectPanic(t, func() { New().Use("/", tt.arg) }, tt.want)
				})
			}

			t.Run("should strip path from req.url", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use("/foo", saw)
				serveTest(t, app).do("GET", "/foo/bar").expect(t, 200, "saw GET /bar")
			})

			t.Run("should accept multiple arguments", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use("/foo", setHit("x-fn-1"), setHit("x-fn-2"), fn3)
				r := serveTest(t, app).do("GET", "/foo")
				expectHits(t, r, "x-fn-1", "x-fn-2", "x-fn-3")
				r.expectStatus(t, 200)
			})

			for _, tt := range []struct{ name, path string }{
				{"should invoke middleware for all requests starting with path", "/foo"},
				{"should work if path has trailing slash", "/foo/"},
			} {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Use(tt.path, saw)
					s := serveTest(t, app)
					s.do("GET", "/").expectStatus(t, 404)
					s.do("POST", "/foo").expect(t, 200, "saw POST /")
					s.do("POST", "/foo/bar").expect(t, 200, "saw POST /bar")
				})
			}

			for _, tt := range []struct {
				name string
				args []any
			}{
				{"should accept array of middleware", []any{[]Handler{setHit("x-fn-1"), setHit("x-fn-2"), fn3}}},
				{"should accept multiple arrays of middleware", []any{[]Handler{setHit("x-fn-1"), setHit("x-fn-2")}, []Handler{fn3}}},
				{"should accept nested arrays of middleware", []any{[]any{setHit("x-fn-1"), []Handler{setHit("x-fn-2")}}, []Handler{fn3}}},
			} {
				t.Run(tt.name, func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Use(append([]any{"/foo"}, tt.args...)...)
					r := serveTest(t, app).do("GET", "/foo")
					expectHits(t, r, "x-fn-1", "x-fn-2", "x-fn-3")
					r.expectStatus(t, 200)
				})
			}

			t.Run("should support array of paths", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use([]string{"/foo/", "/bar"}, sawThrough)
				s := serveTest(t, app)
				s.do("GET", "/").expectStatus(t, 404)
				s.do("GET", "/foo").expect(t, 200, "saw GET / through /foo")
				s.do("GET", "/bar").expect(t, 200, "saw GET / through /bar")
			})

			t.Run("should support array of paths with middleware array", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use([]string{"/foo/", "/bar"}, []any{[]Handler{setHit("x-fn-1")}, setHit("x-fn-2")},
					[]Handler{func(req *Request, res *Response, next Next) {
						res.Set("x-fn-3", "hit")
						sawThrough(req, res, next)
					}})
				s := serveTest(t, app)
				for _, p := range []string{"/foo", "/bar"} {
					r := s.do("GET", p)
					expectHits(t, r, "x-fn-1", "x-fn-2", "x-fn-3")
					r.expect(t, 200, "saw GET / through "+p)
				}
			})

			t.Run("should support regexp path", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(regexp.MustCompile(`^/[a-z]oo`), sawThrough)
				s := serveTest(t, app)
				s.do("GET", "/").expectStatus(t, 404)
				s.do("GET", "/foo").expect(t, 200, "saw GET / through /foo")
				s.do("GET", "/zoo/bear").expect(t, 200, "saw GET /bear through /zoo/bear")
				s.do("GET", "/get/zoo").expectStatus(t, 404)
			})

			t.Run("should support empty string path", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use("", sawThrough)
				serveTest(t, app).do("GET", "/").expect(t, 200, "saw GET / through /")
			})
		})
	})
}
