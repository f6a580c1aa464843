// Command static-files is Express's examples/static-files in Go: public/
// served at /, at /static, and public/css at / as well, with fast.Static.
// It listens on $PORT (default 3000). The files are the original
// example's (MIT).
package main

import (
	"log"
	"path/filepath"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

func newApp(public string) *fast.App {
	app := fast.New()
	// GET /hello.txt, /js/app.js, /css/style.css
	app.Use(fast.Static(public))
	// A prefix: GET /static/hello.txt ...
	app.Use("/static", fast.Static(public))
	// GET /style.css, from public/css.
	app.Use(fast.Static(filepath.Join(public, "css")))
	return app
}

func main() {
	srv, err := newApp(extest.Dir("static-files", "public")).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
