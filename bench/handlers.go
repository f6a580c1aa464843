package bench

import (
	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
)

// The two routes every contender serves: "/" answers "Hello, World!" and
// "/user/:name" answers "Hello, <name>", both as text/plain; charset=utf-8.
const (
	helloBody   = "Hello, World!"
	textPlain   = "text/plain; charset=utf-8"
	paramPrefix = "/user/"
)

// RawFasthttp is the floor: a fasthttp handler that routes by hand.
func RawFasthttp(ctx *fasthttp.RequestCtx) {
	path := ctx.Path()
	ctx.SetContentType(textPlain)
	if len(path) > len(paramPrefix) && string(path[:len(paramPrefix)]) == paramPrefix {
		ctx.Response.SetBodyString("Hello, ")
		ctx.Response.AppendBody(path[len(paramPrefix):])
		return
	}
	ctx.SetBodyString(helloBody)
}

// FastApp is the same service on fw, with the two Express headers the
// others do not send (X-Powered-By, ETag) turned off so the bytes match.
func FastApp() *fast.App {
	app := fast.New()
	app.Disable("x-powered-by").Set("etag", false)
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("Content-Type", textPlain)
		res.SendString(helloBody)
	})
	app.Get("/user/:name", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("Content-Type", textPlain)
		res.SendString("Hello, " + req.Params().Get("name"))
	})
	return app
}

// FiberApp is the same service on Fiber v2.
func FiberApp() *fiber.App {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/", func(c *fiber.Ctx) error { return c.SendString(helloBody) })
	app.Get("/user/:name", func(c *fiber.Ctx) error { return c.SendString("Hello, " + c.Params("name")) })
	return app
}
