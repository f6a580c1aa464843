// Command hello-world is Express's examples/hello-world in Go: it answers
// "Hello World" on / and listens on $PORT (default 3000).
package main

import (
	"log"
	"os"

	"github.com/fwgo/fw/fast"
)

func main() {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Hello World")
	})
	port := os.Getenv("PORT")
	if port == "" {
		port = "3000"
	}
	srv, err := app.Listen(port)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
