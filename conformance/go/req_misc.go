package scenarios

import (
	"strconv"

	"github.com/fwgo/fw/fast"
)

// req-misc: the fresh and stale routes; req.query, req.range, req.is and
// req.param are not in fast yet (their cases are pending).
func init() {
	Register(Name("req-misc", ""), func(env Env) *fast.App {
		app := newApp(env)
		boolean := func(res *fast.Response, v bool) { sendJSON(res, strconv.FormatBool(v)) }
		app.Get("/fresh/match", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("ETag", `"12345"`)
			boolean(res, req.Fresh())
		})
		app.Get("/fresh/modified", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("ETag", `"123"`)
			boolean(res, req.Fresh())
		})
		app.Get("/fresh/none", func(req *fast.Request, res *fast.Response, next fast.Next) { boolean(res, req.Fresh()) })
		app.Get("/fresh/last-modified", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("Last-Modified", "Tue, 02 Jan 2024 03:04:05 GMT")
			boolean(res, req.Fresh())
		})
		app.Post("/fresh/match", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("ETag", `"12345"`)
			boolean(res, req.Fresh())
		})
		app.Get("/stale/match", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("ETag", `"12345"`)
			boolean(res, req.Stale())
		})
		app.Get("/stale/modified", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("ETag", `"123"`)
			boolean(res, req.Stale())
		})
		app.Get("/stale/none", func(req *fast.Request, res *fast.Response, next fast.Next) { boolean(res, req.Stale()) })
		return app
	})
}
