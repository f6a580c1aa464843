package fast_test

import (
	"github.com/fwgo/fw/fast"
)

func ExampleRouter_Handle() {
	app := fast.New()
	users := fast.NewRouter(fast.RouterOptions{MergeParams: true})
	users.Get("/:name", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// The router sees the caller's params merged with its own.
		res.Set("X-In-Router", req.Params().Get("org")+"/"+req.Params().Get("name")+" at "+req.BaseURL())
		next()
	})
	// Express's router(req, res, function (err) { ... }): the router runs
	// on this request, then done runs with req.baseUrl and req.params put
	// back.
	app.Use("/org/:org", func(req *fast.Request, res *fast.Response, next fast.Next) {
		users.Handle(req, res, func(err ...error) {
			if len(err) > 0 {
				next(err[0])
				return
			}
			res.SendString("done at " + req.BaseURL() + ", org " + req.Params().Get("org") + ", name " + req.Params().Get("name"))
		})
	})
	exampleServe(app, "GET", "/org/fwgo/tobi", nil, "X-In-Router")
	// Output:
	// 200
	// X-In-Router: fwgo/tobi at /org/fwgo
	// done at /org/fwgo, org fwgo, name
}
