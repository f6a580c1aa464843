package fast_test

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
)

// exampleServe runs one request through app in memory, from 127.0.0.1,
// and prints the status line, the headers named in show and the body.
func exampleServe(app *fast.App, method, target string, reqHeaders []string, show ...string) {
	var req fasthttp.Request
	req.Header.SetMethod(method)
	req.SetRequestURI(target)
	req.Header.SetHost("example.com")
	for i := 0; i+1 < len(reqHeaders); i += 2 {
		req.Header.Add(reqHeaders[i], reqHeaders[i+1])
	}
	var ctx fasthttp.RequestCtx
	ctx.Init(&req, &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 4242}, nil)
	app.Handler()(&ctx)
	// Write the response as fasthttp.Server does (it sets the
	// Content-Length of an in-memory body, which res.send leaves to it).
	if ctx.IsHead() {
		ctx.Response.SkipBody = true
	}
	if err := ctx.Response.Write(bufio.NewWriter(io.Discard)); err != nil {
		panic(err)
	}
	fmt.Println(ctx.Response.StatusCode())
	for _, name := range show {
		if name == "Set-Cookie" { // fasthttp keeps cookies apart
			for _, v := range ctx.Response.Header.Cookies() {
				fmt.Printf("%s: %s\n", name, v)
			}
			continue
		}
		for _, v := range ctx.Response.Header.PeekAll(name) {
			fmt.Printf("%s: %s\n", name, v)
		}
	}
	if b := ctx.Response.Body(); len(b) > 0 {
		fmt.Println(string(b))
	}
}

func ExampleRequest_Get() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Referer and Referrer read the same header; the value lives
		// until the request ends.
		res.SendString(req.Get("content-type") + " from " + req.Get("Referrer"))
	})
	exampleServe(app, "GET", "/", []string{"Content-Type", "text/plain", "Referer", "https://a.example/"})
	// Output:
	// 200
	// text/plain from https://a.example/
}

func ExampleRequest_QueryValue() {
	app := fast.New()
	app.Get("/search", func(req *fast.Request, res *fast.Response, next fast.Next) {
		q, _ := req.QueryValue("q")       // no allocation for a plain key
		tags, _ := req.Query().Get("tag") // the whole req.query
		res.SendString(fmt.Sprintf("%s %v", q, tags))
	})
	exampleServe(app, "GET", "/search?q=go+http&tag=a&tag=b", nil)
	// Output:
	// 200
	// go http [a b]
}

func ExampleRequest_Accepts() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		if t, ok := req.Accepts("json", "html"); ok {
			res.SendString("best: " + t)
			return
		}
		res.SendStatus(406)
	})
	exampleServe(app, "GET", "/", []string{"Accept", "text/html;q=0.9, application/json"})
	exampleServe(app, "GET", "/", []string{"Accept", "image/png"})
	// Output:
	// 200
	// best: json
	// 406
	// Not Acceptable
}

func ExampleRequest_IP() {
	app := fast.New()
	app.Set("trust proxy", "loopback") // the proxy in front is on 127.0.0.1
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString(req.IP() + " " + req.Hostname() + " " + req.Protocol())
	})
	exampleServe(app, "GET", "/", []string{
		"X-Forwarded-For", "203.0.113.9",
		"X-Forwarded-Host", "shop.example.org",
		"X-Forwarded-Proto", "https",
	})
	// Output:
	// 200
	// 203.0.113.9 shop.example.org https
}

func ExampleResponse_Send() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("<p>hello</p>") // a string is HTML; bytes are octet-stream
	})
	exampleServe(app, "GET", "/", nil, "Content-Type", "Content-Length", "Etag")
	// The same request with the ETag it was given is not modified.
	exampleServe(app, "GET", "/", []string{"If-None-Match", `W/"c-IfUnyRpP0A7sn7/YurkBabL74Q8"`})
	// Output:
	// 200
	// Content-Type: text/html; charset=utf-8
	// Content-Length: 12
	// Etag: W/"c-IfUnyRpP0A7sn7/YurkBabL74Q8"
	// <p>hello</p>
	// 304
}

func ExampleResponse_JSON() {
	type user struct {
		ID   int      `json:"id"`
		Name string   `json:"name"`
		Tags []string `json:"tags,omitempty"`
	}
	app := fast.New()
	app.Set("json spaces", 1)
	app.Get("/user", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.JSON(&user{ID: 1, Name: "tobi"})
	})
	exampleServe(app, "GET", "/user", nil, "Content-Type")
	// Output:
	// 200
	// Content-Type: application/json; charset=utf-8
	// {
	//  "id": 1,
	//  "name": "tobi"
	// }
}

func ExampleResponse_Set() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("Content-Type", "text/plain") // the charset is added
		res.Set("X-Tags", "a", "b")           // one line per value
		res.SetAny("X-Count", 3)              // coerced as String(3)
		res.SetMap(map[string]any{"X-Ratio": 0.5, "X-Ok": true})
		res.End()
	})
	exampleServe(app, "GET", "/", nil, "Content-Type", "X-Tags", "X-Count", "X-Ok", "X-Ratio")
	// Output:
	// 200
	// Content-Type: text/plain; charset=utf-8
	// X-Tags: a
	// X-Tags: b
	// X-Count: 3
	// X-Ok: true
	// X-Ratio: 0.5
}

func ExampleResponse_Cookie() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Cookie("theme", "dark mode", fast.CookieOptions{HTTPOnly: true, SameSite: "lax"}).
			Cookie("cart", map[string]int{"items": 2}). // a JSON cookie, "j:..."
			ClearCookie("old")
		if err := res.End(); err != nil {
			fmt.Println(err)
		}
	})
	exampleServe(app, "GET", "/", nil, "Set-Cookie")
	// Output:
	// 200
	// Set-Cookie: theme=dark%20mode; Path=/; HttpOnly; SameSite=Lax
	// Set-Cookie: cart=j%3A%7B%22items%22%3A2%7D; Path=/
	// Set-Cookie: old=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT
}

func ExampleResponse_Redirect() {
	app := fast.New()
	app.Get("/old", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.RedirectStatus(301, "/new?q=ä")
	})
	exampleServe(app, "GET", "/old", []string{"Accept", "text/plain"}, "Location")
	// Output:
	// 301
	// Location: /new?q=%C3%A4
	// Moved Permanently. Redirecting to /new?q=%C3%A4
}

func ExampleResponse_SendStatus() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendStatus(418) // Node's reason phrase is the body
	})
	exampleServe(app, "GET", "/", nil, "Content-Type")
	// Output:
	// 418
	// Content-Type: text/plain; charset=utf-8
	// I'm a Teapot
}

func ExampleResponse_Format() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Format(fast.FormatMap{
			{Type: "text", Handler: func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("hey") }},
			{Type: "json", Handler: func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.JSON(map[string]string{"message": "hey"})
			}},
		})
	})
	exampleServe(app, "GET", "/", []string{"Accept", "application/json"}, "Content-Type", "Vary")
	// Output:
	// 200
	// Content-Type: application/json; charset=utf-8
	// Vary: Accept
	// {"message":"hey"}
}

// A Go function taking *fast.Response is the counterpart of a method added
// to Express's app.response.
func Example_extendingTheResponse() {
	shout := func(res *fast.Response, s string) error { return res.Send(strings.ToUpper(s)) }
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { shout(res, "hey") })
	exampleServe(app, "GET", "/", nil)
	// Output:
	// 200
	// HEY
}
