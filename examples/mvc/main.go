// Command mvc is Express's examples/mvc in Go: controllers (main, pet,
// user, user-pet) booted as mounted sub-apps whose routes come from their
// action names, each with its own views and view engine, a session
// carrying flash messages, method override and static files. It listens
// on $PORT (default 3000). The views are html/template ports of the
// original's ejs (.html here) and hbs (.tmpl here) views.
package main

import (
	"log"
	"path/filepath"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/examples/internal/views"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/logger"
	"github.com/fwgo/fw/middleware/methodoverride"
	"github.com/fwgo/fw/middleware/session"
)

// message stores msg in the session for the next page, as the original's
// res.message() added to app.response does.
func message(req *fast.Request, msg string) {
	sess := session.Get(req)
	msgs, _ := sess.Get("messages").([]any)
	sess.Set("messages", append(msgs, msg))
}

// newApp returns the app with its views and controllers under root and
// its static files in public.
func newApp(root, public string) *fast.App {
	app := fast.New()
	verbose := app.Setting("env") != "test"

	// Set our default template engine, which prevents the need for file
	// extensions, and the views of the error and 404 pages.
	app.Engine("html", views.Engine)
	app.Set("view engine", "html")
	app.Set("views", filepath.Join(root, "views"))

	if verbose {
		app.Use(logger.New(logger.Config{Format: "dev"}))
	}
	// Serve static files.
	app.Use(fast.Static(public))
	// Session support.
	app.Use(session.New(session.Config{
		NoResave:            true, // don't save session if unmodified
		NoSaveUninitialized: true, // don't create session until something stored
		Secret:              []string{"some secret here"},
	}))
	// Parse request bodies (req.Body()).
	app.Use(fast.URLEncoded())
	// Allow overriding methods in the query (?_method=put).
	app.Use(methodoverride.New("_method"))

	// Expose the "messages" local variable when views are rendered, then
	// flush the messages shown so that they don't build up (messages
	// added by the handlers stay for the next page).
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		sess := session.Get(req)
		shown, _ := sess.Get("messages").([]any)
		res.Locals()["messages"] = shown
		res.Locals()["hasMessages"] = len(shown) > 0
		next()
		if len(shown) > 0 {
			all, _ := sess.Get("messages").([]any)
			sess.Set("messages", append([]any{}, all[len(shown):]...))
		}
	})

	// Load the controllers.
	d := newDB()
	boot(app, filepath.Join(root, "controllers"), d.controllers())

	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		if verbose {
			log.Print(err)
		}
		// Error page.
		res.Status(500).Render("5xx", nil, nil)
	})
	// Assume 404 since no middleware responded.
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Status(404).Render("404", map[string]any{"url": req.OriginalURL()}, nil)
	})
	return app
}

func main() {
	srv, err := newApp(extest.Dir("mvc", "."), extest.Dir("mvc", "public")).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
