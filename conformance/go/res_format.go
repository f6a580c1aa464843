package scenarios

import (
	"errors"
	"strings"

	"github.com/fwgo/fw/fast"
)

// res-format: res.format and req.accepts*.
func init() {
	type kv = map[string]any
	heyText := func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("hey") }
	heyHTML := func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("<p>hey</p>") }
	heyJSON := func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(kv{"message": "hey"}) }
	typesHandler := func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		var na *fast.NotAcceptableError
		if !errors.As(err, &na) {
			next(err)
			return
		}
		res.Status(na.StatusCode()).Send("Supports: " + strings.Join(na.Types, ", "))
	}
	format := func(m fast.FormatMap) fast.Handler {
		return func(req *fast.Request, res *fast.Response, next fast.Next) { res.Format(m) }
	}
	threeExt := fast.FormatMap{{Type: "text", Handler: heyText}, {Type: "html", Handler: heyHTML}, {Type: "json", Handler: heyJSON}}
	apps := map[string]func(Env) *fast.App{
		"canonical": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(format(fast.FormatMap{{Type: "text/plain", Handler: heyText}, {Type: "text/html", Handler: heyHTML}, {Type: "application/json", Handler: heyJSON}}))
			app.Use(typesHandler)
			return app
		},
		"extnames": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(format(threeExt))
			app.Use(typesHandler)
			return app
		},
		"parameters": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(format(fast.FormatMap{
				{Type: "text/plain; charset=utf-8", Handler: heyText},
				{Type: "text/html; foo=bar; bar=baz", Handler: heyHTML},
				{Type: "application/json; q=0.5", Handler: heyJSON},
			}))
			app.Use(typesHandler)
			return app
		},
		"default": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(format(fast.FormatMap{
				{Type: "text", Handler: heyText},
				{Type: "default", Handler: func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("default") }},
			}))
			return app
		},
		"default-only": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(format(fast.FormatMap{{Type: "default", Handler: heyText}}))
			return app
		},
		"default-invokes": func(env Env) *fast.App {
			app := newApp(env)
			json := func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("json") }
			app.Use(format(fast.FormatMap{
				{Type: "json", Handler: json},
				{Type: "default", Handler: func(req *fast.Request, res *fast.Response, next fast.Next) {
					res.Set("x-default", "1")
					json(req, res, next)
				}},
			}))
			return app
		},
		"in-route": func(env Env) *fast.App {
			app := newApp(env)
			app.Get("/", format(threeExt))
			app.Use(typesHandler)
			return app
		},
		"in-router": func(env Env) *fast.App {
			app := newApp(env)
			router := fast.NewRouter()
			router.Get("/", format(threeExt))
			router.Use(typesHandler)
			app.Use(router)
			return app
		},
		"no-handler": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(format(fast.FormatMap{{Type: "html", Handler: heyHTML}}))
			return app
		},
		"accepts": func(env Env) *fast.App {
			app := newApp(env)
			yn := func(_ string, ok bool) string {
				if ok {
					return "yes"
				}
				return "no"
			}
			val := func(v string, ok bool) any {
				if ok {
					return v
				}
				return false
			}
			app.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) { res.End(yn(req.Accepts("json"))) })
			app.Get("/list", func(req *fast.Request, res *fast.Response, next fast.Next) {
				v, _ := req.Accepts("json", "html")
				res.End(v)
			})
			app.Get("/array", func(req *fast.Request, res *fast.Response, next fast.Next) {
				v, _ := req.Accepts("json", "html")
				res.End(v)
			})
			app.Get("/array-mime", func(req *fast.Request, res *fast.Response, next fast.Next) {
				v, ok := req.Accepts("text/html", "application/json")
				if !ok {
					v = "nope"
				}
				res.End(v)
			})
			app.Get("/canonical", func(req *fast.Request, res *fast.Response, next fast.Next) {
				v, _ := req.Accepts("application/json", "text/html")
				res.End(v)
			})
			app.Get("/all", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.AcceptedTypes()) })
			app.Get("/charset", func(req *fast.Request, res *fast.Response, next fast.Next) { res.End(yn(req.AcceptsCharsets("utf-8"))) })
			app.Get("/charset-old", func(req *fast.Request, res *fast.Response, next fast.Next) { res.End(yn(req.AcceptsCharset("utf-8"))) })
			type enc struct {
				Gzip    any `json:"gzip"`
				Deflate any `json:"deflate"`
				Bogus   any `json:"bogus"`
			}
			app.Get("/encodings", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send(enc{val(req.AcceptsEncodings("gzip")), val(req.AcceptsEncodings("deflate")), val(req.AcceptsEncodings("bogus"))})
			})
			app.Get("/encodings-old", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send(enc{val(req.AcceptsEncoding("gzip")), val(req.AcceptsEncoding("deflate")), val(req.AcceptsEncoding("bogus"))})
			})
			type lang struct {
				EnUS any `json:"en-us"`
				En   any `json:"en"`
				Es   any `json:"es"`
				Jp   any `json:"jp"`
			}
			app.Get("/languages", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send(lang{val(req.AcceptsLanguages("en-us")), val(req.AcceptsLanguages("en")), val(req.AcceptsLanguages("es")), val(req.AcceptsLanguages("jp"))})
			})
			app.Get("/languages-old", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send(lang{val(req.AcceptsLanguage("en-us")), val(req.AcceptsLanguage("en")), val(req.AcceptsLanguage("es")), val(req.AcceptsLanguage("jp"))})
			})
			app.Get("/languages-all", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.AcceptedLanguages()) })
			app.Get("/encodings-all", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.AcceptedEncodings()) })
			return app
		},
	}
	for name, b := range apps {
		Register(Name("res-format", name), b)
	}
}
