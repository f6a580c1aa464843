// Command error-pages is Express's examples/error-pages in Go: custom 404
// and 500 pages rendered from views, negotiated on Accept, with the error's
// stack shown while the app's own "verbose errors" setting is on (off in
// production). It listens on $PORT (default 3000). The views are
// html/template ports of the original's ejs views.
package main

import (
	"log"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/examples/internal/views"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/logger"
)

func newApp(viewsDir string) *fast.App {
	app := fast.New()
	silent := app.Setting("env") == "test"

	// General config.
	app.Engine("html", views.Engine)
	app.Set("views", viewsDir)
	app.Set("view engine", "html")

	// Our custom "verbose errors" setting, which the templates read as
	// settings["verbose errors"]; disabled in production
	// (NODE_ENV=production go run ./examples/error-pages).
	app.Enable("verbose errors")
	if app.Setting("env") == "production" {
		app.Disable("verbose errors")
	}
	if !silent {
		app.Use(logger.New(logger.Config{Format: "dev"}))
	}

	// Routes.
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Render("index.html", nil, nil)
	})
	app.Get("/404", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Trigger a 404: no other middleware will match /404 after this
		// one, and we are not responding here.
		next()
	})
	app.Get("/403", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Trigger a 403 error.
		next(newError(403, "not allowed!"))
	})
	app.Get("/500", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// Trigger a generic (500) error.
		next(newError(0, "keyboard cat!"))
	})

	// Error handlers.

	// The last non-error-handling middleware: as nothing else responded,
	// we assume 404.
	//
	//	curl http://localhost:3000/notfound
	//	curl http://localhost:3000/notfound -H "Accept: application/json"
	//	curl http://localhost:3000/notfound -H "Accept: text/plain"
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Status(404)
		res.Format(fast.FormatMap{
			{Type: "html", Handler: func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Render("404", map[string]any{"url": req.URL()}, nil)
			}},
			{Type: "json", Handler: func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.JSON(map[string]string{"error": "Not found"})
			}},
			{Type: "default", Handler: func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.Type("txt").Send("Not found")
			}},
		})
	})

	// Error-handling middleware takes the error first; only errors reach
	// it. Here we respond with an error page (it could also recover and
	// call next()).
	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		status := fast.StatusCode(err)
		if status == 0 {
			status = 500
		}
		res.Status(status)
		res.Render("500", map[string]any{"error": viewOf(err)}, nil)
	})
	return app
}

func main() {
	srv, err := newApp(extest.Dir("error-pages", "views")).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
