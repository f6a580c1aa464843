// Command cookie-sessions is Express's examples/cookie-sessions in Go: a
// view counter kept in a signed cookie session (middleware/cookiesession,
// cookie-session 2.x). It listens on $PORT (default 3000).
package main

import (
	"log"
	"strconv"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookiesession"
)

func newApp() *fast.App {
	app := fast.New()
	// Add req.session cookie support.
	app.Use(cookiesession.New(cookiesession.Config{Secret: "manny is cool"}))
	// Do something with the session.
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		sess := cookiesession.Get(req)
		count, _ := sess.Get("count").(float64) // JSON numbers are float64
		count++
		sess.Set("count", count)
		res.Send("viewed " + strconv.FormatFloat(count, 'f', -1, 64) + " times\n")
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
