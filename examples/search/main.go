// Command search is Express's examples/search in Go: a page whose script
// looks up sets by name as the visitor types. The original keeps the sets
// in Redis; the Go port in an embedded in-memory store (store.go), so it
// runs without a server. It listens on $PORT (default 3000).
package main

import (
	"log"
	"path/filepath"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

func newApp(dir, public string) *fast.App {
	db := newSetStore()
	app := fast.New()
	app.Use(fast.Static(public))

	// Populate search.
	db.SAdd("ferret", "tobi")
	db.SAdd("ferret", "loki")
	db.SAdd("ferret", "jane")
	db.SAdd("cat", "manny")
	db.SAdd("cat", "luna")

	// GET search for :query.
	app.Get("/search/:query?", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send(db.SMembers(req.Params().Get("query")))
	})

	// GET client javascript. SendFile is used here because serving the
	// example's directory with Static would also serve the server's own
	// source. (As in the original, public/client.js is found first.)
	app.Get("/client.js", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendFile(filepath.Join(dir, "client.js"), nil, nil)
	})
	return app
}

func main() {
	app := newApp(extest.Dir("search", "."), extest.Dir("search", "public"))
	srv, err := app.Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
