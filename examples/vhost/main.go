// Command vhost is Express's examples/vhost in Go: one server, two apps
// chosen by host name: example.com gets the main app, any subdomain of it
// a redirect to the main app. It listens on $PORT (default 3000).
package main

import (
	"log"
	"regexp"
	"strings"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

// vhost is the vhost middleware (3.0): it hands the request to app when
// the request's host name matches pattern, where '*' stands for one or
// more characters other than '.'; res.Locals()["vhost"] holds what each
// '*' matched, as req.vhost does. Other hosts go on down the stack.
func vhost(pattern string, app *fast.App) *fast.Router {
	re := regexp.MustCompile("(?i)^" + strings.ReplaceAll(regexp.QuoteMeta(pattern), `\*`, `([^.]+)`) + "$")
	r := fast.NewRouter()
	r.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		m := re.FindStringSubmatch(req.Hostname())
		if m == nil {
			next.SkipRouter()
			return
		}
		res.Locals()["vhost"] = m[1:]
		next()
	}, app)
	return r
}

func newApp() *fast.App {
	// Main server app.
	main := fast.New()
	main.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Hello from main app!")
	})
	main.Get("/:sub", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("requested " + req.Params().Get("sub"))
	})
	// Redirect app.
	redirect := fast.New()
	redirect.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Redirect("http://example.com:3000/" + res.Locals()["vhost"].([]string)[0])
	})
	// Vhost app.
	app := fast.New()
	app.Use(vhost("*.example.com", redirect)) // all subdomains go to the redirect app
	app.Use(vhost("example.com", main))       // the domain itself to the main app
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
