package fast

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"
)

// doneArg is what a done callback received, as the tests print it: "()"
// for done(), "(err: msg)" for done(err).
func doneArg(errs []error) string {
	if len(errs) == 0 || errs[0] == nil {
		return "()"
	}
	var pe *PanicError
	if errors.As(errs[0], &pe) {
		return fmt.Sprintf("(panic: %v)", pe.Value)
	}
	return "(err: " + errs[0].Error() + ")"
}

// paramPairs is Express's tests' sorted [[key, value], ...] of req.params.
func paramPairs(req *Request) string {
	var pairs []string
	for k, v := range req.Params().All() {
		pairs = append(pairs, fmt.Sprintf("[%q,%q]", k, v))
	}
	sort.Strings(pairs)
	return "[" + strings.Join(pairs, ",") + "]"
}

// TestRouterHandle checks Router.Handle and App.Handle: Express's
// router(req, res, done), router.handle(req, res, done), app(req, res,
// next) and app.handle(req, res, done), run over HTTP.
func TestRouterHandle(t *testing.T) {
	t.Parallel()
	pass := func(req *Request, res *Response, next Next) { next() }
	tests := []struct {
		name   string
		app    func() *App
		method string
		target string
		status int
		body   string
	}{
		{
			// app.router.js: params > should restore req.params
			name: "should restore req.params",
			app: func() *App {
				app := New()
				router := NewRouter(RouterOptions{MergeParams: true})
				router.Get(`/user:(\w+)/*`, pass)
				app.Use(`/user/id:(\d+)`, func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) {
						res.Send(paramPairs(req))
					})
				})
				return app
			},
			target: "/user/id:42/user:tj/profile", status: 200, body: `[["0","42"]]`,
		},
		{
			// app.router.js: params > should ignore invalid incoming
			// req.params, without its req.params = 3, which Go cannot write.
			name: "should merge the params of the calling layer when called as a function",
			app: func() *App {
				app := New()
				router := NewRouter(RouterOptions{MergeParams: true})
				router.Get("/:name", func(req *Request, res *Response, next Next) { res.Send(paramPairs(req)) })
				app.Use("/user/", func(req *Request, res *Response, next Next) { router.Handle(req, res, next) })
				return app
			},
			target: "/user/tj", status: 200, body: `[["name","tj"]]`,
		},
		{
			name: "should restore req.baseUrl and req.url before done",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use("/v1/:id", func(req *Request, res *Response, next Next) {
					res.Set("X-Inner", req.BaseURL()+" "+req.URL()+" "+paramPairs(req))
					next()
				})
				app.Use("/api/:section", func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) {
						res.Send(res.Get("X-Inner") + " | " + req.BaseURL() + " " + req.URL() + " " + paramPairs(req))
					})
				})
				return app
			},
			target: "/api/docs/v1/7/x?q=1", status: 200,
			body: `/api/docs/v1/7 /x?q=1 [["id","7"]] | /api/docs /v1/7/x?q=1 [["section","docs"]]`,
		},
		{
			name: "should call done() at the end of the stack",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(pass)
				router.Get("/other", pass)
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { res.Send("done" + doneArg(err)) })
				})
				return app
			},
			target: "/x", status: 200, body: "done()",
		},
		{
			name: "should call done() for next(SkipRouter), as Express's done gets null for next('router')",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) { next.SkipRouter() })
				router.Use(func(req *Request, res *Response, next Next) { res.Send("not skipped") })
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { res.Send("done" + doneArg(err)) })
				})
				return app
			},
			target: "/x", status: 200, body: "done()",
		},
		{
			name: "should call done() for next(SkipRoute) from the last route",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Get("/x", func(req *Request, res *Response, next Next) { next.SkipRoute() }, pass)
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { res.Send("done" + doneArg(err)) })
				})
				return app
			},
			target: "/x", status: 200, body: "done()",
		},
		{
			name: "should call done(err) with an error no handler took",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Get("/x", func(req *Request, res *Response, next Next) { next(errors.New("boom")) })
				router.Use(pass)
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { res.Send("done" + doneArg(err)) })
				})
				return app
			},
			target: "/x", status: 200, body: "done(err: boom)",
		},
		{
			name: "should call done with a handler's panic",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Get("/x", func(req *Request, res *Response, next Next) { panic("oh no!") })
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { res.Send("done" + doneArg(err)) })
				})
				return app
			},
			target: "/x", status: 200, body: "done(panic: oh no!)",
		},
		{
			name: "should not call done when a handler responds",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Get("/x", func(req *Request, res *Response, next Next) { res.Send("answered") })
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { t.Error("done ran after the router answered") })
				})
				return app
			},
			target: "/x", status: 200, body: "answered",
		},
		{
			name: "should not call done when the router answers OPTIONS",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Get("/x", pass)
				router.Post("/x", pass)
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { t.Error("done ran after the OPTIONS answer") })
				})
				return app
			},
			method: "OPTIONS", target: "/x", status: 200, body: "GET,HEAD,POST",
		},
		{
			name: "should pass control on when done is the caller's next",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) { res.Set("X-Router", "ran"); next() })
				app.Use(func(req *Request, res *Response, next Next) { router.Handle(req, res, next) })
				app.Get("/x", func(req *Request, res *Response, next Next) { res.Send("after " + res.Get("X-Router")) })
				return app
			},
			target: "/x", status: 200, body: "after ran",
		},
		{
			name: "should pass an error on when done is the caller's next",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) { next(errors.New("inner")) })
				app.Use(func(req *Request, res *Response, next Next) { router.Handle(req, res, next) })
				app.Use(func(err error, req *Request, res *Response, next Next) { res.Send("caught " + err.Error()) })
				return app
			},
			target: "/x", status: 200, body: "caught inner",
		},
		{
			name: "should behave as the mounted router when used as a Handler",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Get("/user/:id", func(req *Request, res *Response, next Next) {
					res.Send(req.BaseURL() + " " + req.Params().Get("id"))
				})
				app.Use("/api", router.Handle)
				return app
			},
			target: "/api/user/3", status: 200, body: "/api 3",
		},
		{
			name: "should be a panic of the caller when done panics",
			app: func() *App {
				app := New()
				router := NewRouter()
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { panic("in done") })
				})
				app.Use(func(err error, req *Request, res *Response, next Next) {
					res.Send("caller's next got " + doneArg([]error{err}))
				})
				return app
			},
			target: "/x", status: 200, body: "caller's next got (panic: in done)",
		},
		{
			name: "should nest when done calls the router again",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) {
					res.Locals()["n"] = res.Locals()["n"].(int) + 1
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) {
					res.Locals()["n"] = 0
					var again Next
					again = func(err ...error) {
						if n := res.Locals()["n"].(int); n < 3 {
							router.Handle(req, res, again)
							return
						}
						res.Send(fmt.Sprint("ran ", res.Locals()["n"], " times, depth ", req.c.depthUsed))
					}
					router.Handle(req, res, again)
				})
				return app
			},
			// frames: the app's router, then handle and router frames that
			// reuse the same two slots on every call.
			target: "/x", status: 200, body: "ran 3 times, depth 3",
		},
		{
			name: "should reuse its frames when called again after the router stopped",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) {}) // neither answers nor passes on
				app.Use(func(req *Request, res *Response, next Next) {
					for range 100 {
						router.Handle(req, res, func(err ...error) { t.Error("done ran") })
					}
					res.Send(fmt.Sprint("depth ", req.c.depthUsed))
				})
				return app
			},
			target: "/x", status: 200, body: "depth 3",
		},
		{
			// res.format's handlers get req.next: the caller's again in done.
			name: "should restore req.next before done",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(pass)
				app.Use(func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) {
						res.Format(FormatMap{{Type: "text", Handler: func(req *Request, res *Response, next Next) { next() }}})
					})
				})
				app.Get("/x", func(req *Request, res *Response, next Next) { res.Send("after format") })
				return app
			},
			target: "/x", status: 200, body: "after format",
		},
		{
			// A layer of the router calls a next kept from an earlier layer
			// of the app: the app moves on to its next route, whose frame
			// takes the place of the calling route's; the calling handler's
			// done must not run on behalf of a route that is gone.
			name: "should not call done when the caller's frame was reused",
			app: func() *App {
				app := New()
				router := NewRouter()
				var outer Next
				router.Use(func(req *Request, res *Response, next Next) {
					outer()
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) { outer = next; next() })
				app.Get("/x", func(req *Request, res *Response, next Next) {
					router.Handle(req, res, func(err ...error) { t.Error("done ran for a route that is gone") })
				}, pass)
				app.Get("/x", func(req *Request, res *Response, next Next) { res.Send("second route") }, pass)
				return app
			},
			target: "/x", status: 200, body: "second route",
		},
		{
			name: "should handle calls from a parameter callback",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(func(req *Request, res *Response, next Next) { res.Set("X-From", "param"); next() })
				app.Param("id", func(req *Request, res *Response, next Next, value, name string) {
					router.Handle(req, res, next)
				})
				app.Get("/x/:id", func(req *Request, res *Response, next Next) {
					res.Send(res.Get("X-From") + " " + req.Params().Get("id"))
				})
				return app
			},
			target: "/x/9", status: 200, body: "param 9",
		},
		{
			name: "should call done from an error handler",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(func(err error, req *Request, res *Response, next Next) { next() })
				app.Use(func(req *Request, res *Response, next Next) { next(errors.New("outer")) })
				app.Use(func(err error, req *Request, res *Response, next Next) {
					router.Handle(req, res, func(errs ...error) { res.Send("done" + doneArg(errs)) })
				})
				return app
			},
			target: "/x", status: 200, body: "done()",
		},
		{
			name: "should give the final handler the outcome when done is nil",
			app: func() *App {
				app := New()
				router := NewRouter()
				router.Use(pass)
				app.Use(func(req *Request, res *Response, next Next) { router.Handle(req, res, nil) })
				app.Use(func(req *Request, res *Response, next Next) { res.Send("not reached") })
				return app
			},
			target: "/x", status: 404, body: finalPage("Cannot GET /x"),
		},
		{
			name: "should run an app as a function, with its settings",
			app: func() *App {
				app := New()
				sub := New()
				sub.Set("json spaces", 1)
				sub.Get("/x", func(req *Request, res *Response, next Next) {
					res.Set("X-Sub", fmt.Sprint(req.App() == sub))
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) {
					sub.Handle(req, res, func(err ...error) {
						res.JSON(map[string]any{"sub": res.Get("X-Sub"), "restored": req.App() == app, "done": doneArg(err)})
					})
				})
				return app
			},
			target: "/x", status: 200, body: `{"done":"()","restored":true,"sub":"true"}`,
		},
		{
			name: "should call done() at once for an app without routes",
			app: func() *App {
				app := New()
				sub := New()
				app.Use(func(req *Request, res *Response, next Next) {
					sub.Handle(req, res, func(err ...error) { res.Send("done" + doneArg(err)) })
				})
				return app
			},
			target: "/x", status: 200, body: "done()",
		},
		{
			name: "should run a top app entered again from a sub app with the top app's settings",
			app: func() *App {
				app := New()
				sub := New()
				sub.Set("json spaces", 2)
				app.Get("/top", func(req *Request, res *Response, next Next) { res.JSON([]int{1}) })
				sub.Use(func(req *Request, res *Response, next Next) {
					req.SetURL("/top")
					app.Handle(req, res, next)
				})
				app.Use("/sub", sub)
				return app
			},
			target: "/sub/x", status: 200, body: "[1]",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			method := tt.method
			if method == "" {
				method = "GET"
			}
			r := serveTest(t, tt.app()).do(method, tt.target)
			r.expect(t, tt.status, tt.body)
		})
	}
}

// TestRouterHandleOutsideRequest checks that Handle refuses a Request that
// is not being served, before touching anything. Not parallel: the Request
// kept past its request must not be handed to another test's request by
// the pool while it is used here.
func TestRouterHandleOutsideRequest(t *testing.T) {
	router := NewRouter()
	ran := false
	router.Use(func(req *Request, res *Response, next Next) { ran = true; next() })
	var kept *Request
	var keptRes *Response
	app := New()
	app.Use(func(req *Request, res *Response, next Next) {
		kept, keptRes = req, res
		res.Send("ok")
	})
	serveTest(t, app).do("GET", "/").expect(t, 200, "ok")

	other := New()
	other.Use(func(req *Request, res *Response, next Next) {
		router.Handle(req, res, next)
	})
	serveTest(t, other).do("GET", "/").expect(t, 404, finalPage("Cannot GET /"))
	ran = false

	done := func(err ...error) { t.Error("done ran") }
	tests := []struct {
		name string
		call func()
		want string
	}{
		{"nil request", func() { router.Handle(nil, nil, done) }, "fast: Router.Handle called outside a request"},
		{"zero request", func() { router.Handle(&Request{}, &Response{}, done) }, "fast: Router.Handle called outside a request"},
		{"request kept after it ended", func() { router.Handle(kept, keptRes, done) }, "fast: Router.Handle called outside a request"},
		{"app, request kept after it ended", func() { New().Handle(kept, keptRes, done) }, "fast: App.Handle called outside a request"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expectPanic(t, tt.call, tt.want)
			if ran {
				t.Error("the router ran")
			}
		})
	}
	t.Run("response of another request", func(t *testing.T) {
		foreign := &newContext().res // a state no request uses
		app := New()
		app.Use(func(req *Request, res *Response, next Next) {
			expectPanic(t, func() { router.Handle(req, foreign, done) }, "fast: Router.Handle: res is not the Response of req")
			expectPanic(t, func() { router.Handle(req, nil, done) }, "fast: Router.Handle: res is not the Response of req")
			res.Send("checked")
		})
		serveTest(t, app).do("GET", "/").expect(t, 200, "checked")
		if ran {
			t.Error("the router ran")
		}
	})
}
