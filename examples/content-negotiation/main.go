// Command content-negotiation is Express's examples/content-negotiation in
// Go: the same user list as HTML, text or JSON, chosen by res.Format from
// the Accept header. It listens on $PORT (default 3000).
package main

import (
	"log"
	"strings"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

// user is db.js's record.
type user struct {
	Name string `json:"name"`
}

var users = []user{{"Tobi"}, {"Loki"}, {"Jane"}}

// The formatters of users.js, in its order (html, text, json).
func html(req *fast.Request, res *fast.Response, next fast.Next) {
	var b strings.Builder
	b.WriteString("<ul>")
	for _, u := range users {
		b.WriteString("<li>" + u.Name + "</li>")
	}
	b.WriteString("</ul>")
	res.Send(b.String())
}

func text(req *fast.Request, res *fast.Response, next fast.Next) {
	var b strings.Builder
	for _, u := range users {
		b.WriteString(" - " + u.Name + "\n")
	}
	res.Send(b.String())
}

func json(req *fast.Request, res *fast.Response, next fast.Next) { res.JSON(users) }

func newApp() *fast.App {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Format(fast.FormatMap{{Type: "html", Handler: html}, {Type: "text", Handler: text}, {Type: "json", Handler: json}})
	})
	// format(path) of the example: res.format with a module's exports.
	usersModule := fast.FormatMap{{Type: "html", Handler: html}, {Type: "text", Handler: text}, {Type: "json", Handler: json}}
	app.Get("/users", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Format(usersModule) })
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
