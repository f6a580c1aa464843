package scenarios

import (
	"errors"

	"github.com/fwgo/fw/fast"
)

// settings: inheritance of settings by mounted sub-apps.
func init() {
	type kv = map[string]any
	props := func(query bool) fast.Handler {
		return func(req *fast.Request, res *fast.Response, next fast.Next) {
			if query {
				type p struct {
					IP         string       `json:"ip"`
					Subdomains []string     `json:"subdomains"`
					Query      *fast.Object `json:"query"`
				}
				res.Send(jsonText(p{req.IP(), req.Subdomains(), req.Query()}))
				return
			}
			type p struct {
				IP         string   `json:"ip"`
				Subdomains []string `json:"subdomains"`
			}
			res.Send(jsonText(p{req.IP(), req.Subdomains()}))
		}
	}
	jsonp := func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSONP(kv{"a": []int{1}}) }
	text := func(s string) H {
		return func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(s) }
	}
	Register(Name("settings", ""), func(env Env) *fast.App {
		app := newApp(env)
		app.Disable("x-powered-by")
		app.Set("etag", "strong")
		app.Enable("case sensitive routing")
		app.Enable("strict routing")
		app.Set("json spaces", 1)
		app.Set("jsonp callback name", "cb")
		app.Set("subdomain offset", 1)
		app.Set("query parser", "simple")
		app.Set("trust proxy", true)

		early := newApp(env)
		early.Get("/Route", text("early Route"))
		early.Get("/slash/", text("early slash/"))
		early.Get("/etag", text("early etag"))
		early.Get("/json", jsonp)
		early.Get("/props", props(true))
		early.Get("/err", func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("early boom")) })
		app.Use("/early", early)

		late := newApp(env)
		app.Use("/late", late)
		late.Get("/Route", text("late Route"))
		late.Get("/slash/", text("late slash/"))
		late.Get("/etag", text("late etag"))

		own := newApp(env)
		own.Disable("etag")
		own.Set("json spaces", 0)
		own.Set("trust proxy", false)
		own.Get("/etag", text("own etag"))
		own.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(kv{"a": []int{1}}) })
		own.Get("/props", props(false))
		app.Use("/own", own)

		app.Get("/Route", text("parent Route"))
		app.Get("/slash/", text("parent slash/"))
		app.Get("/etag", text("parent etag"))
		app.Get("/json", jsonp)
		app.Get("/props", props(true))
		return app
	})
	Register(Name("settings", "powered-by"), func(env Env) *fast.App {
		app, sub := newApp(env), newApp(env)
		sub.Disable("x-powered-by")
		sub.Get("/", text("sub"))
		app.Use("/sub", sub)
		app.Get("/", text("parent"))
		app.Get("/set-own", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("X-Powered-By", "custom")
			res.Send("custom")
		})
		return app
	})
	Register(Name("settings", "env-sub"), func(env Env) *fast.App {
		app := newApp(env)
		sub := fast.New()
		if env.Name == "production" {
			sub.Set("env", "development")
		} else {
			sub.Set("env", "production")
		}
		sub.Get("/err", func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("sub boom")) })
		sub.Get("/404", func(req *fast.Request, res *fast.Response, next fast.Next) { next() })
		app.Use("/sub", sub)
		return app
	})
}
