// Command error is Express's examples/error in Go: a thrown error (a
// panic) and a passed one (next(err)) both reach the app's error handler,
// which answers 500. It listens on $PORT (default 3000).
package main

import (
	"errors"
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

func newApp() *fast.App {
	app := fast.New()
	test := app.Setting("env") == "test"
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		panic(errors.New("something broke!"))
	})
	app.Get("/next", func(req *fast.Request, res *fast.Response, next fast.Next) {
		next(errors.New("oh no!"))
	})
	// The error handler is added last, as in Express.
	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		if !test {
			log.Print(err)
		}
		res.Status(500)
		res.Send("Internal Server Error")
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
