// Command route-separation is Express's examples/route-separation in Go:
// the route handlers live in their own files (site.go, user.go, post.go)
// and main wires them up, with method override, cookies, forms and
// static files. It listens on $PORT (default 3000). The views are
// html/template ports of the original's ejs views.
package main

import (
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/examples/internal/views"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/middleware/logger"
	"github.com/fwgo/fw/middleware/methodoverride"
)

func newApp(viewsDir, public string) *fast.App {
	app := fast.New()
	user := newUserRoutes()

	// Config.
	app.Engine("html", views.Engine)
	app.Set("view engine", "html")
	app.Set("views", viewsDir)

	if app.Setting("env") != "test" {
		app.Use(logger.New(logger.Config{Format: "dev"}))
	}
	app.Use(methodoverride.New("_method"))
	app.Use(cookieparser.New())
	app.Use(fast.URLEncoded())
	app.Use(fast.Static(public))

	// General.
	app.Get("/", siteIndex)

	// User.
	app.Get("/users", user.list)
	app.All("/user/:id/:op?", user.load)
	app.Get("/user/:id", user.view)
	app.Get("/user/:id/view", user.view)
	app.Get("/user/:id/edit", user.edit)
	app.Put("/user/:id/edit", user.update)

	// Posts.
	app.Get("/posts", postList)
	return app
}

func main() {
	app := newApp(extest.Dir("route-separation", "views"), extest.Dir("route-separation", "public"))
	srv, err := app.Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
