// Command multi-router is Express's examples/multi-router in Go: two
// versions of an API as routers mounted on /api/v1 and /api/v2. It listens
// on $PORT (default 3000).
package main

import (
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

// apiRouter is controllers/api_v1.js and api_v2.js, which differ only in
// their version label.
func apiRouter(version string) *fast.Router {
	r := fast.NewRouter()
	r.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Hello from API" + version + " root route.")
	})
	r.Get("/users", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("List of API" + version + " users.")
	})
	return r
}

func newApp() *fast.App {
	app := fast.New()
	app.Use("/api/v1", apiRouter("v1"))
	app.Use("/api/v2", apiRouter("v2"))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Hello from root route.")
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
