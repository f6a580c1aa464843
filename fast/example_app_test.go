package fast_test

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
)

func ExampleNew() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("hello world")
	})
	// app.Listen(3000) would serve it; here one request is served in
	// memory through app.Handler().
	exampleServe(app, "GET", "/", nil, "Content-Type")
	// Output:
	// 200
	// Content-Type: text/html; charset=utf-8
	// hello world
}

func ExampleApp_Use() {
	app := fast.New()
	// Middleware runs for every path under its mount path, in order,
	// until a handler responds; next passes control on.
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("X-Seen", "yes")
		next()
	})
	app.Use("/api", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// The mount path is stripped from req.url inside the middleware.
		res.SendString("api sees " + req.URL() + ", base " + req.BaseURL())
	})
	exampleServe(app, "GET", "/api/users?x=1", nil, "X-Seen")
	// Output:
	// 200
	// X-Seen: yes
	// api sees /users?x=1, base /api
}

func ExampleApp_Get() {
	app := fast.New()
	app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Params are decoded; their strings live until the request ends.
		res.SendString("user " + req.Params().Get("id"))
	})
	exampleServe(app, "GET", "/user/t%C3%B6bi", nil)
	exampleServe(app, "POST", "/user/tobi", nil)
	// Output:
	// 200
	// user töbi
	// 404
	// <!DOCTYPE html>
	// <html lang="en">
	// <head>
	// <meta charset="utf-8">
	// <title>Error</title>
	// </head>
	// <body>
	// <pre>Cannot POST /user/tobi</pre>
	// </body>
	// </html>
}

func ExampleApp_Route() {
	app := fast.New()
	app.Route("/book").
		Get(func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendString("a book")
		}).
		Post(func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Status(201).SendString("added")
		})
	exampleServe(app, "GET", "/book", nil)
	exampleServe(app, "POST", "/book", nil)
	// Output:
	// 200
	// a book
	// 201
	// added
}

func ExampleApp_Param() {
	app := fast.New()
	users := map[string]string{"1": "tobi", "2": "loki"}
	// A param callback runs once per request for each matching name,
	// before the route handlers.
	app.Param("id", func(req *fast.Request, res *fast.Response, next fast.Next, value, name string) {
		if _, ok := users[value]; !ok {
			next(fast.NewHTTPError(404, "no user "+value))
			return
		}
		next()
	})
	app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString(users[req.Params().Get("id")])
	})
	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		res.Status(fast.StatusCode(err)).SendString(err.Error())
	})
	exampleServe(app, "GET", "/user/2", nil)
	exampleServe(app, "GET", "/user/3", nil)
	// Output:
	// 200
	// loki
	// 404
	// no user 3
}

func ExampleNewRouter() {
	api := fast.NewRouter(fast.RouterOptions{MergeParams: true})
	api.Get("/items/:item", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// MergeParams: the mount's :version is visible here too.
		res.SendString(req.Params().Get("version") + " " + req.Params().Get("item"))
	})
	app := fast.New()
	app.Use("/api/:version", api)
	exampleServe(app, "GET", "/api/v2/items/42", nil)
	// Output:
	// 200
	// v2 42
}

func ExampleJSON() {
	app := fast.New()
	app.Use(fast.JSON())
	app.Post("/user", func(req *fast.Request, res *fast.Response, next fast.Next) {
		body := req.Body().(*fast.Object) // {} when no JSON was sent
		name, _ := body.Get("name")
		res.JSON(map[string]any{"hello": name})
	})
	exampleServeBody(app, "POST", "/user", "application/json", `{"name":"tobi"}`)
	app2 := fast.New()
	app2.Use(fast.JSON())
	app2.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		var be *fast.BodyError
		if errors.As(err, &be) {
			res.Status(be.Status).SendString(be.Type)
		}
	})
	exampleServeBody(app2, "POST", "/", "application/json", `{"a":`)
	// Output:
	// 200
	// {"hello":"tobi"}
	// 400
	// entity.parse.failed
}

func ExampleURLEncoded() {
	app := fast.New()
	app.Use(fast.URLEncoded()) // extended: qs syntax, nested objects
	app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.JSON(req.Body())
	})
	exampleServeBody(app, "POST", "/", "application/x-www-form-urlencoded", "user[name]=tobi&tags=a&tags=b")
	// Output:
	// 200
	// {"user":{"name":"tobi"},"tags":["a","b"]}
}

func ExampleStatic() {
	dir, err := os.MkdirTemp("", "fast-static")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	if err := os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hi from disk\n"), 0o644); err != nil {
		panic(err)
	}
	app := fast.New()
	app.Use("/assets", fast.Static(dir, fast.StaticOptions{MaxAge: "1d"}))
	exampleServe(app, "GET", "/assets/hello.txt", nil, "Content-Type", "Cache-Control")
	// Output:
	// 200
	// Content-Type: text/plain; charset=UTF-8
	// Cache-Control: public, max-age=86400
	// hi from disk
}

func ExampleErrorHandler() {
	app := fast.New()
	app.Get("/boom", func(req *fast.Request, res *fast.Response, next fast.Next) {
		next(fast.NewHTTPError(418, "short and stout"))
	})
	app.Get("/panic", func(req *fast.Request, res *fast.Response, next fast.Next) {
		panic("oops") // recovered and passed to the error handlers
	})
	// An ErrorHandler (four arguments in Express) is told apart by its
	// type; it runs only when an error is passed on.
	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		status := fast.StatusCode(err) // 0 when err carries none
		if status == 0 {
			status = 500
		}
		res.Status(status).SendString("caught: " + err.Error())
	})
	exampleServe(app, "GET", "/boom", nil)
	exampleServe(app, "GET", "/panic", nil)
	// Output:
	// 418
	// caught: short and stout
	// 500
	// caught: oops
}

func ExampleSkipRoute() {
	app := fast.New()
	app.Get("/user/:id",
		func(req *fast.Request, res *fast.Response, next fast.Next) {
			if req.Params().Get("id") == "0" {
				next(fast.SkipRoute) // or next.SkipRoute(), which does not allocate
				return
			}
			next()
		},
		func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendString("regular user")
		})
	app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("special user")
	})
	exampleServe(app, "GET", "/user/7", nil)
	exampleServe(app, "GET", "/user/0", nil)
	// Output:
	// 200
	// regular user
	// 200
	// special user
}

func ExampleSkipRouter() {
	admin := fast.NewRouter()
	admin.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		if req.Get("X-Admin") == "" {
			next(fast.SkipRouter) // leave the whole router
			return
		}
		next()
	})
	admin.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("admin area")
	})
	app := fast.New()
	app.Use("/admin", admin)
	app.Get("/admin", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Status(403).SendString("admins only")
	})
	exampleServe(app, "GET", "/admin", []string{"X-Admin", "1"})
	exampleServe(app, "GET", "/admin", nil)
	// Output:
	// 200
	// admin area
	// 403
	// admins only
}

func ExampleRequest_Params() {
	app := fast.New()
	app.Get("/files/*", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// A wildcard's value is param "0". Keep a copy (strings.Clone)
		// of a value needed after the request ends.
		res.SendString(req.Params().Get("0"))
	})
	exampleServe(app, "GET", "/files/a/b.txt", nil)
	// Output:
	// 200
	// a/b.txt
}

func ExampleRequest_Param() {
	app := fast.New()
	app.Get("/user/:id?", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Deprecated in Express 4: params, then body, then query.
		res.SendString(fmt.Sprint(req.Param("id"), " ", req.Param("sort"), " ", req.Param("page", 1)))
	})
	exampleServe(app, "GET", "/user/5?sort=asc", nil)
	// Output:
	// 200
	// 5 asc 1
}

func ExampleRequest_Hostname() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString(fmt.Sprint(req.Protocol(), " ", req.Hostname(), " ", req.Subdomains(), " ", req.Path(), " ", req.XHR()))
	})
	exampleServe(app, "GET", "/?q=1", []string{"Host", "tobi.ferrets.example.com:3000", "X-Requested-With", "XMLHttpRequest"})
	// Output:
	// 200
	// http tobi.ferrets.example.com [ferrets tobi] / true
}

func ExampleApp_Setting() {
	app := fast.New()
	app.Set("title", "My Site")
	app.Enable("trust proxy")
	fmt.Println(app.Setting("title"), app.Enabled("trust proxy"), app.Setting("env"))
	// Output:
	// My Site true development
}

// exampleServeBody is exampleServe for a request with a body.
func exampleServeBody(app *fast.App, method, target, contentType, body string) {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(target)
	req.Header.SetHost("example.com")
	req.Header.SetContentType(contentType)
	req.SetBodyString(body)
	req.Header.SetContentLength(len(body)) // type-is: no Content-Length, no body
	var ctx fasthttp.RequestCtx
	ctx.Init(&req, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 4242}, nil)
	app.Handler()(&ctx)
	fmt.Println(ctx.Response.StatusCode())
	if b := ctx.Response.Body(); len(b) > 0 {
		fmt.Println(string(b))
	}
}

func ExampleRequest_Is() {
	app := fast.New()
	app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		t, ok := req.Is("json", "text/*")
		res.SendString(fmt.Sprint(t, " ", ok, " ", req.HasBody()))
	})
	exampleServeBody(app, "POST", "/", "application/json; charset=utf-8", `{}`)
	exampleServeBody(app, "POST", "/", "text/plain", "hi")
	// Output:
	// 200
	// json true true
	// 200
	// text/plain true true
}

func ExampleRequest_Range() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// The Ranges are valid until the request ends and are reused by
		// the next call of Range.
		rs, result := req.Range(1000, true)
		res.SendString(fmt.Sprint(result == fast.RangeOK, " ", rs.Type, " ", rs.Ranges))
	})
	exampleServe(app, "GET", "/", []string{"Range", "bytes=0-99,50-199,-100"})
	// Output:
	// 200
	// true bytes [{0 199} {900 999}]
}

func ExampleResponse_Attachment() {
	app := fast.New()
	app.Get("/report", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// A string body gets a charset, as res.send gives it in Express.
		res.Attachment("reports/2026 Q1.pdf").SendString("%PDF-")
	})
	exampleServe(app, "GET", "/report", nil, "Content-Disposition", "Content-Type")
	// Output:
	// 200
	// Content-Disposition: attachment; filename="2026 Q1.pdf"
	// Content-Type: application/pdf; charset=utf-8
	// %PDF-
}
