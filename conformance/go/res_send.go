package scenarios

import (
	"encoding/json"
	"strings"

	"github.com/fwgo/fw/fast"
)

// res-send: res.send and the small setters, after Express's
// test/res.send.js and friends. Routes using what fast lacks (res.json,
// res.append, res.vary, res.type, res.links, res.attachment, res.cookie)
// are left out; their cases are on the pending list.
func init() {
	apps := map[string]func(Env) *fast.App{
		"": func(env Env) *fast.App {
			app := newApp(env)
			r := func(path string, h H) { app.Get(path, h) }
			r("/send/none", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(fast.Undefined) })
			r("/send/null", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(nil) })
			r("/send/undefined", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(fast.Undefined) })
			r("/send/code", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(201) })
			r("/send/code-body", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(201).Send("Created :)") })
			r("/send/body-code", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(400).Send("Bad!") })
			r("/send/string", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("<p>hey</p>") })
			r("/send/string-long", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(strings.Repeat("-", 999)) })
			r("/send/string-type", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/plain").Send("hey")
			})
			r("/send/string-charset", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/plain; charset=iso-8859-1").Send("hey")
			})
			r("/send/buffer-charset", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/plain; charset=iso-8859-1").Send([]byte("hi"))
			})
			r("/send/buffer", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send([]byte("hello")) })
			r("/send/buffer-long", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Send([]byte(strings.Repeat("-", 999)))
			})
			r("/send/buffer-type", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/plain").Send([]byte("hey"))
			})
			r("/send/buffer-etag", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/plain").Set("ETag", `"foo"`).Send([]byte("hey"))
			})
			r("/send/yay", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("yay") })
			r("/send/204", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Status(204).Set("Transfer-Encoding", "chunked").Send("foo")
			})
			r("/send/205", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Status(205).Set("Transfer-Encoding", "chunked").Send("foo")
			})
			r("/send/304", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Status(304).Set("Transfer-Encoding", "chunked").Send("foo")
			})
			r("/send/etag-short", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("ETag", `"asdf"`)
				res.Send("hey")
			})
			r("/send/etag-long", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("ETag", `"asdf"`)
				res.Send(strings.Repeat("-", 999))
			})
			r("/send/etag-500", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Status(500)
				res.Set("ETag", `"asdf"`)
				res.Send("hey")
			})
			r("/send/chain", func(req *fast.Request, res *fast.Response, next fast.Next) {
				// Go's Send returns an error, not the Response: nothing
				// to chain; the header set afterwards is ignored, as in
				// Express.
				res.Send("hey")
				res.Set("X-Chain", "true")
			})
			r("/send/unicode", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("caf\u00e9 \u2603 \U0001F600") })
			r("/send/status-then-string", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(404).Send("nope") })
			r("/send/modified", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Last-Modified", "Tue, 02 Jan 2024 03:04:05 GMT")
				res.Send("dated")
			})
			for _, s := range []struct {
				path string
				code int
			}{{"201", 201}, {"302", 302}, {"403", 403}, {"501", 501}, {"string-410", 410}, {"410.1", 410}, {"1000", 1000}, {"99", 99}, {"-401", -401}} {
				code := s.code
				r("/status/"+s.path, func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(code).End() })
			}
			r("/status/418-send", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(418).Send("teapot") })
			r("/status/599-send", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(599).Send("edge") })
			for _, code := range []int{201, 599, 404, 204, 418} {
				code := code
				r("/send-status/"+itoa(code), func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendStatus(code) })
			}
			r("/set/type", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/x-foo; charset=utf-8").End()
			})
			r("/set/charset-kept", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/html; charset=lol")
				res.End()
			})
			r("/set/object", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("X-Foo", "bar").Set("X-Bar", "baz").End()
			})
			r("/set/type-plain", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "text/plain").End()
			})
			r("/set/type-json", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "application/json").End()
			})
			r("/set/type-unknown", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Content-Type", "application/x-unknown-thing").End()
			})
			// res.set(field, 123) coerces to a string: SetAny; the
			// scenario's typeof of res.get is jsTypeof of Get's result.
			r("/set/number", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.SetAny("X-Number", 123)
				res.End(jsTypeof(res.Get("X-Number")))
			})
			r("/set/numbers", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.SetAny("X-Numbers", []int{123, 456})
				b, _ := json.Marshal(res.Values("X-Numbers"))
				res.End(string(b))
			})
			r("/set/object-number", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.SetMap(map[string]any{"X-Number": 123})
				res.End(jsTypeof(res.Get("X-Number")))
			})
			r("/set/header-alias", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Header("X-Alias", "yes").End() })
			r("/get/type", func(req *fast.Request, res *fast.Response, next fast.Next) {
				setHeader(res, "Content-Type", "text/x-foo")
				res.Send(res.Get("Content-Type"))
			})
			r("/get/absent", func(req *fast.Request, res *fast.Response, next fast.Next) {
				v := res.Get("X-Nothing")
				if v == "" {
					v = "undefined"
				}
				res.Send(v)
			})
			type kv = map[string]any
			r("/send/code-number", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(200).Send(0.123) })
			r("/send/object", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(kv{"name": "tobi"}) })
			r("/send/object-callback", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(kv{"foo": "bar"}) })
			r("/send/true", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(true) })
			r("/send/array", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send([]any{"a", 1, nil}) })
			r("/set/cookies", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Set-Cookie", "type=ninja", "language=javascript")
				res.Send(res.Values("Set-Cookie"))
			})
			app.Get("/append/multiple", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Append("Set-Cookie", "foo=bar")
				next()
			}, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Append("Set-Cookie", "fizz=buzz")
				res.End()
			})
			r("/append/array", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Append("Set-Cookie", "foo=bar", "fizz=buzz")
				res.End()
			})
			app.Get("/append/reset", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Append("Set-Cookie", "foo=bar")
				res.Append("Set-Cookie", "fizz=buzz")
				next()
			}, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Set-Cookie", "pet=tobi")
				res.End()
			})
			app.Get("/append/set-first", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Set("Set-Cookie", "foo=bar")
				next()
			}, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Append("Set-Cookie", "fizz=buzz")
				res.End()
			})
			app.Get("/append/cookie", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Cookie("foo", "bar")
				next()
			}, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Append("Set-Cookie", "fizz=buzz")
				res.End()
			})
			r("/append/link", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Append("Link", "<a>")
				res.Append("Link", "<b>")
				res.End()
			})
			r("/vary/none", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Vary(); res.End() })
			r("/vary/empty", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Vary([]string{}...); res.End() })
			r("/vary/array", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Vary("Accept", "Accept-Language", "Accept-Encoding")
				res.End()
			})
			r("/vary/string", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Vary("Accept"); res.End() })
			r("/vary/repeat", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Vary("Accept")
				res.Vary("Accept-Encoding")
				res.Vary("Accept-Encoding")
				res.Vary("Accept-Encoding")
				res.Vary("Accept")
				res.End()
			})
			r("/vary/star", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Vary("Accept")
				res.Vary("*")
				res.End()
			})
			r("/type/filename", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Type("foo.js").End(`var name = "tj";`)
			})
			r("/type/unknown", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Type("rawr").End(`var name = "tj";`) })
			r("/type/mime", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Type("application/vnd.amazon.ebook").End(`var name = "tj";`)
			})
			r("/type/ext", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Type("json").Send("{}") })
			r("/type/dot-ext", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Type(".html").Send("<b>") })
			r("/type/content-type-alias", func(req *fast.Request, res *fast.Response, next fast.Next) { res.ContentType("png").End() })
			r("/links/one", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Links(fast.Link{Rel: "next", URL: "http://api.example.com/users?page=2"}, fast.Link{Rel: "last", URL: "http://api.example.com/users?page=5"})
				res.End()
			})
			r("/links/two", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Links(fast.Link{Rel: "next", URL: "http://api.example.com/users?page=2"}, fast.Link{Rel: "last", URL: "http://api.example.com/users?page=5"})
				res.Links(fast.Link{Rel: "prev", URL: "http://api.example.com/users?page=1"})
				res.End()
			})
			r("/attachment/none", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Attachment().Send("foo") })
			r("/attachment/png", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Attachment("/path/to/image.png")
				res.Send("foo")
			})
			r("/attachment/png-buffer", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Attachment("/path/to/image.png")
				res.Send([]byte("...."))
			})
			r("/attachment/utf8", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Attachment("/locales/日本語.txt")
				res.Send("japanese")
			})
			r("/attachment/quote", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Attachment(`a "b".txt`)
				res.Send("q")
			})
			r("/attachment/latin1", func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Attachment("caf\u00e9.html")
				res.Send("l")
			})
			return app
		},
		"etag-enabled": func(env Env) *fast.App {
			app := newApp(env)
			app.Enable("etag")
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("kajdslfkasdf") })
			app.Get("/empty", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("") })
			app.Get("/long", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(strings.Repeat("-", 999)) })
			app.Get("/manual", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("etag", `"asdf"`); res.Send(200) })
			app.Get("/none", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(fast.Undefined) })
			return app
		},
		"etag-methods": func(env Env) *fast.App {
			app := newApp(env)
			for _, m := range fast.Methods() {
				if m == "CONNECT" || m == "QUERY" {
					continue
				}
				app.Method(m, "/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("kajdslfkasdf") })
			}
			return app
		},
		"etag-disabled": func(env Env) *fast.App {
			app := newApp(env)
			app.Disable("etag")
			app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(strings.Repeat("-", 999)) })
			app.Get("/manual", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Set("etag", `"asdf"`); res.Send(200) })
			return app
		},
		"etag-strong": func(env Env) *fast.App {
			app := newApp(env)
			app.Set("etag", "strong")
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("hello, world!") })
			return app
		},
		"etag-weak": func(env Env) *fast.App {
			app := newApp(env)
			app.Set("etag", "weak")
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("hello, world!") })
			return app
		},
		"etag-fn": func(env Env) *fast.App {
			app := newApp(env)
			app.Set("etag", func(body []byte) string {
				if string(body) == "hello, world!" {
					return `"custom"`
				}
				return `"unexpected"`
			})
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("hello, world!") })
			return app
		},
		"etag-fn-falsy": func(env Env) *fast.App {
			app := newApp(env)
			app.Set("etag", func(body []byte) string { return "" })
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("hello, world!") })
			return app
		},
		"send-all": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("yay") })
			return app
		},
	}
	for name, b := range apps {
		Register(Name("res-send", name), b)
	}
}

// jsTypeof is JavaScript's typeof for the Go values a scenario inspects:
// a header read back with Response.Get is always a "string".
func jsTypeof(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case nil:
		return "undefined"
	}
	return "object"
}
