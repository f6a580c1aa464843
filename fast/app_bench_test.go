package fast

import (
	"testing"

	"github.com/valyala/fasthttp"
)

func benchHandler(b *testing.B, h fasthttp.RequestHandler, method, target string) {
	ctx := newRequestCtx(method, target)
	b.ReportAllocs()
	for b.Loop() {
		ctx.Response.Reset()
		h(ctx)
	}
}

func benchApp() *App {
	app := New()
	app.Disable("x-powered-by").Set("etag", false)
	app.Get("/", func(req *Request, res *Response, next Next) {
		res.Set("Content-Type", "text/plain; charset=utf-8")
		res.Send("Hello, World!")
	})
	app.Get("/user/:name", func(req *Request, res *Response, next Next) {
		res.Set("Content-Type", "text/plain; charset=utf-8")
		res.SendString(req.Params().Get("name"))
	})
	return app
}

func BenchmarkHandlerRoot(b *testing.B) { benchHandler(b, benchApp().Handler(), "GET", "/") }

func BenchmarkHandlerParam(b *testing.B) {
	benchHandler(b, benchApp().Handler(), "GET", "/user/gopher")
}

func BenchmarkRawFasthttpRoot(b *testing.B) {
	benchHandler(b, func(ctx *fasthttp.RequestCtx) {
		ctx.SetContentType("text/plain; charset=utf-8")
		ctx.SetBodyString("Hello, World!")
	}, "GET", "/")
}
