// Command ejs is Express's examples/ejs in Go: views named .html rendered
// by a template engine registered for that extension, and static files.
// The original registers ejs; the Go port registers html/template with an
// include function (examples/internal/views), and its views are ports of
// the ejs views. It listens on $PORT (default 3000).
package main

import (
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/examples/internal/views"
	"github.com/fwgo/fw/fast"
)

type user struct{ Name, Email string }

// Dummy users.
var users = []user{
	{"tobi", "tobi@learnboost.com"},
	{"loki", "loki@learnboost.com"},
	{"jane", "jane@learnboost.com"},
}

func newApp(viewsDir, public string) *fast.App {
	app := fast.New()
	// Register the engine for .html (fast's default for .html is plain
	// html/template, without include).
	app.Engine(".html", views.Engine)
	// Optional: the default is ./views.
	app.Set("views", viewsDir)
	// Path to our public directory.
	app.Use(fast.Static(public))
	// Without this you would need to supply the extension to
	// res.Render(): res.Render("users.html", ...).
	app.Set("view engine", "html")

	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Render("users", map[string]any{
			"users":  users,
			"title":  "EJS example",
			"header": "Some users",
		}, nil)
	})
	return app
}

func main() {
	srv, err := newApp(extest.Dir("ejs", "views"), extest.Dir("ejs", "public")).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
