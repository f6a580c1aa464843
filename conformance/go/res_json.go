package scenarios

import (
	"math"

	"github.com/fwgo/fw/fast"
)

// res-json: res.json and res.jsonp with the json settings.
func init() {
	type kv = map[string]any
	type nested struct {
		A []any `json:"a"`
		B struct {
			C string `json:"c"`
			E []any  `json:"e"`
		} `json:"b"`
		F string `json:"f"`
	}
	nestedValue := func() nested {
		var n nested
		n.A = []any{1, 2.5, math.Copysign(0, -1), 1e21, 1e-7, true, false, nil}
		n.B.C, n.B.E = "d", []any{}
		n.F = "tab\there \"q\" \\ \u0001 \u00e9 \U0001F600"
		return n
	}
	routes := func(app *fast.App, send func(res *fast.Response, v any) error) {
		r := func(path string, v func() any) {
			app.Get(path, func(req *fast.Request, res *fast.Response, next fast.Next) { send(res, v()) })
		}
		r("/object", func() any { return kv{"foo": "bar"} })
		r("/count", func() any { return kv{"count": 1} })
		app.Get("/vendor", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Type("application/vnd.example+json")
			send(res, kv{"hello": "world"})
		})
		r("/null", func() any { return nil })
		r("/number", func() any { return 300 })
		r("/string", func() any { return "str" })
		r("/array", func() any { return []string{"foo", "bar", "baz"} })
		r("/tobi", func() any { return kv{"name": "tobi"} })
		r("/undefined", func() any { return fast.Undefined })
		app.Get("/status-object", func(req *fast.Request, res *fast.Response, next fast.Next) {
			send(res.Status(201), kv{"id": 1})
		})
		app.Get("/object-status", func(req *fast.Request, res *fast.Response, next fast.Next) {
			send(res.Status(201), kv{"id": 1})
		})
		app.Get("/number-number", func(req *fast.Request, res *fast.Response, next fast.Next) {
			send(res.Status(201), 200)
		})
		r("/empty", func() any { return kv{} })
		r("/separators", func() any { return kv{"str": "\u2028 \u2029 woot"} })
		r("/html", func() any { return kv{"&": "<script>"} })
		r("/nested", func() any { return nestedValue() })
		app.Get("/status-first", func(req *fast.Request, res *fast.Response, next fast.Next) {
			send(res.Status(404), kv{"error": "missing"})
		})
		app.Get("/preset-charset", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("Content-Type", "application/json; charset=iso-8859-1")
			send(res, kv{"a": 1})
		})
		r("/head", func() any { return kv{"head": true} })
	}
	json := func(res *fast.Response, v any) error { return res.JSON(v) }
	jsonp := func(res *fast.Response, v any) error { return res.JSONP(v) }
	Register(Name("res-json", "json"), func(env Env) *fast.App {
		app := newApp(env)
		routes(app, json)
		return app
	})
	Register(Name("res-json", "jsonp"), func(env Env) *fast.App {
		app := newApp(env)
		routes(app, jsonp)
		return app
	})
	Register(Name("res-json", "escape"), func(env Env) *fast.App {
		app := newApp(env)
		app.Enable("json escape")
		app.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(kv{"&": "<script>"}) })
		app.Get("/json-undefined", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(fast.Undefined) })
		app.Get("/jsonp", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.JSONP(kv{"&": "\u2028<script>\u2029"})
		})
		app.Get("/jsonp-undefined", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSONP(fast.Undefined) })
		return app
	})
	Register(Name("res-json", "replacer"), func(env Env) *fast.App {
		app := newApp(env)
		app.Set("json replacer", func(key string, value any) any {
			if len(key) > 0 && key[0] == '_' {
				return fast.Undefined
			}
			return value
		})
		type user struct {
			Name string `json:"name"`
			ID   int    `json:"_id"`
		}
		app.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(user{"tobi", 12345}) })
		app.Get("/jsonp", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSONP(user{"tobi", 12345}) })
		return app
	})
	Register(Name("res-json", "spaces"), func(env Env) *fast.App {
		app := newApp(env)
		app.Set("json spaces", 2)
		type user struct {
			Name string `json:"name"`
			Age  int    `json:"age"`
		}
		app.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(user{"tobi", 2}) })
		app.Get("/jsonp", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSONP(user{"tobi", 2}) })
		app.Get("/nested", func(req *fast.Request, res *fast.Response, next fast.Next) {
			type ac struct {
				A []any `json:"a"`
				C kv    `json:"c"`
			}
			res.JSON(ac{A: []any{1, kv{"b": []any{}}}, C: kv{}})
		})
		sub := newApp(env)
		sub.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(kv{"inherited": []int{1, 2}}) })
		app.Use("/sub", sub)
		return app
	})
	Register(Name("res-json", "callback-name"), func(env Env) *fast.App {
		app := newApp(env)
		app.Set("jsonp callback name", "clb")
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSONP(kv{"count": 1}) })
		return app
	})
}
