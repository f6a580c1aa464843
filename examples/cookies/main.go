// Command cookies is Express's examples/cookies in Go: a "remember me"
// cookie set from a form, read with the cookie parser and cleared again.
// It listens on $PORT (default 3000).
package main

import (
	"log"
	"time"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/middleware/logger"
)

func newApp() *fast.App {
	app := fast.New()
	// Custom log format.
	if app.Setting("env") != "test" {
		app.Use(logger.New(logger.Config{Format: ":method :url"}))
	}
	// Parses request cookies, populating req.Cookies() and
	// req.SignedCookies() when the secret is passed, used for signing the
	// cookies.
	app.Use(cookieparser.New("my secret here"))
	// Parses x-www-form-urlencoded.
	app.Use(fast.URLEncoded(fast.URLEncodedConfig{Extended: fast.Off}))

	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		if v, _ := req.Cookies().Get("remember"); v != "" {
			res.Send(`Remembered :). Click to <a href="/forget">forget</a>!.`)
			return
		}
		res.Send(`<form method="post"><p>Check to <label>` +
			`<input type="checkbox" name="remember"/> remember me</label> ` +
			`<input type="submit" value="Submit"/>.</p></form>`)
	})
	app.Get("/forget", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.ClearCookie("remember")
		res.Redirect("back")
	})
	app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		if body, ok := req.Body().(*fast.Object); ok {
			if v, _ := body.Get("remember"); v != nil && v != "" {
				res.Cookie("remember", 1, fast.CookieOptions{MaxAge: time.Minute})
			}
		}
		res.Redirect("back")
	})
	return app
}

func main() {
	srv, err := newApp().Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
