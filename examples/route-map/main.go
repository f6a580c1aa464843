// Command route-map is Express's examples/route-map in Go: routes declared
// as a nested map of paths and methods, mounted by a small helper. It
// listens on $PORT (default 3000).
package main

import (
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/html"
)

// Map is a route map: a method name maps to its handler, a path segment
// to a nested map. Entries are kept in order, as a JavaScript object's
// keys are.
type Map []Entry

// Entry is one key of a route map.
type Entry struct {
	Key     string
	Handler fast.Handler
	Sub     Map
}

// mount registers the map under route, as the example's app.map.
func mount(app *fast.App, m Map, route string) {
	for _, e := range m {
		if e.Sub != nil {
			mount(app, e.Sub, route+e.Key)
			continue
		}
		app.Method(e.Key, route, e.Handler)
	}
}

func newApp() *fast.App {
	app := fast.New()
	usersList := func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("user list") }
	usersGet := func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("user " + html.Escape(req.Params().Get("uid")))
	}
	usersDelete := func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("delete users") }
	petsList := func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("user " + html.Escape(req.Params().Get("uid")) + "'s pets")
	}
	petsDelete := func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("delete " + html.Escape(req.Params().Get("uid")) + "'s pet " + html.Escape(req.Params().Get("pid")))
	}
	mount(app, Map{
		{Key: "/users", Sub: Map{
			{Key: "get", Handler: usersList},
			{Key: "delete", Handler: usersDelete},
			{Key: "/:uid", Sub: Map{
				{Key: "get", Handler: usersGet},
				{Key: "/pets", Sub: Map{
					{Key: "get", Handler: petsList},
					{Key: "/:pid", Sub: Map{
						{Key: "delete", Handler: petsDelete},
					}},
				}},
			}},
		}},
	}, "")
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
