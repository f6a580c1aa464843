package scenarios

import (
	"fmt"
	"strconv"

	"github.com/fwgo/fw/fast"
)

// req-misc: req.query under each "query parser", req.range, req.is,
// req.param, req.fresh and req.stale.
func init() {
	queryApp := func(setting any) func(Env) *fast.App {
		return func(env Env) *fast.App {
			app := newApp(env)
			if setting != nil {
				app.Set("query parser", setting)
			}
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Query()) })
			return app
		}
	}
	for name, setting := range map[string]any{
		"query-default":  nil,
		"query-extended": "extended",
		"query-simple":   "simple",
		"query-fn": func(s string) *fast.Object {
			o := &fast.Object{}
			o.Set("length", float64(len(s)))
			return o
		},
		"query-false": false,
		"query-true":  true,
	} {
		Register(Name("req-misc", name), queryApp(setting))
	}
	Register(Name("req-misc", ""), func(env Env) *fast.App {
		app := newApp(env)
		// rangeJSON is res.json(req.range(size)), or of its .type: the
		// result is undefined, a number (-1, -2) or the ranges.
		rangeJSON := func(size int64, combine bool, typ bool) fast.Handler {
			return func(req *fast.Request, res *fast.Response, next fast.Next) {
				rs, result := req.Range(size, combine)
				switch {
				case result == fast.RangeAbsent && typ:
					next(&namedError{"TypeError", "Cannot read properties of undefined (reading 'type')"})
				case result == fast.RangeAbsent, result != fast.RangeOK && typ:
					res.JSON(fast.Undefined)
				case result != fast.RangeOK:
					res.JSON(int(result))
				case typ:
					res.JSON(rs.Type)
				default:
					res.JSON(rs)
				}
			}
		}
		app.Get("/range/120", rangeJSON(120, false, false))
		app.Get("/range/75", rangeJSON(75, false, false))
		app.Get("/range/type", rangeJSON(120, false, true))
		app.Get("/range/combine", rangeJSON(120, true, false))
		app.Get("/range/undefined", func(req *fast.Request, res *fast.Response, next fast.Next) {
			rs, result := req.Range(120, false)
			switch result {
			case fast.RangeAbsent:
				res.Send("undefined")
			case fast.RangeOK:
				res.Send(jsonText(rs))
			default:
				res.Send(strconv.Itoa(int(result)))
			}
		})
		app.Get("/range/result", func(req *fast.Request, res *fast.Response, next fast.Next) {
			rs, result := req.Range(100, false)
			switch result {
			case fast.RangeOK:
				b, _ := rs.MarshalJSON()
				res.Send(string(b))
			case fast.RangeAbsent:
				res.Send(fast.Undefined) // JSON.stringify(undefined)
			default:
				res.Send("number " + strconv.Itoa(int(result)))
			}
		})
		is := func(path string, types ...string) {
			app.Post(path, func(req *fast.Request, res *fast.Response, next fast.Next) {
				t, ok := req.Is(types...)
				switch {
				case ok:
					res.JSON(t)
				case !req.HasBody():
					res.JSON(nil)
				default:
					res.JSON(false)
				}
			})
		}
		is("/is/json", "application/json")
		is("/is/jpeg", "image/jpeg")
		is("/is/ext", "json")
		is("/is/star-json", "*/json")
		is("/is/star-html", "*/html")
		is("/is/app-star", "application/*")
		is("/is/text-star", "text/*")
		is("/is/urlencoded", "urlencoded")
		is("/is/multipart", "multipart")
		is("/is/list", "html", "json", "text/*")
		app.Get("/param/default", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.End(fmt.Sprint(req.Param("name", "tj")))
		})
		app.Get("/param/query", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.End(fmt.Sprint(req.Param("name")))
		})
		app.Post("/param/body", fast.JSON(), func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.End(fmt.Sprint(req.Param("name")))
		})
		app.Get("/param/user/:name", func(req *fast.Request, res *fast.Response, next fast.Next) {
			filter := req.Param("filter")
			if filter == nil {
				filter = "undefined"
			}
			res.End(fmt.Sprint(filter) + fmt.Sprint(req.Param("name")))
		})
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
