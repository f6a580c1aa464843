// Command route-middleware is Express's examples/route-middleware in Go:
// route-specific middleware that loads a user and restricts access. It
// listens on $PORT (default 3000).
package main

import (
	"errors"
	"log"
	"strconv"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

type user struct {
	ID                int
	Name, Email, Role string
}

// Example database.
var users = []user{
	{0, "tj", "tj@vision-media.ca", "member"},
	{1, "ciaran", "ciaranj@gmail.com", "member"},
	{2, "aaron", "aaron.heckmann+github@gmail.com", "admin"},
}

// loadUser loads the user of :id, as a database query would.
func loadUser(req *fast.Request, res *fast.Response, next fast.Next) {
	id := req.Params().Get("id")
	i, err := strconv.Atoi(id)
	if err != nil || i < 0 || i >= len(users) || strconv.Itoa(i) != id {
		next(errors.New("Failed to load user " + id))
		return
	}
	res.Locals()["user"] = users[i]
	next()
}

func authenticated(res *fast.Response) user { return res.Locals()["authenticatedUser"].(user) }

func andRestrictToSelf(req *fast.Request, res *fast.Response, next fast.Next) {
	// If our authenticated user is the user we are viewing, go on.
	if authenticated(res).ID == res.Locals()["user"].(user).ID {
		next()
		return
	}
	next(errors.New("Unauthorized"))
}

func andRestrictTo(role string) fast.Handler {
	return func(req *fast.Request, res *fast.Response, next fast.Next) {
		if authenticated(res).Role == role {
			next()
			return
		}
		next(errors.New("Unauthorized"))
	}
}

func newApp() *fast.App {
	app := fast.New()
	// Faux authentication: the first user is logged in.
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Locals()["authenticatedUser"] = users[0]
		next()
	})
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Redirect("/user/0") })
	app.Get("/user/:id", loadUser, func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Viewing user " + res.Locals()["user"].(user).Name)
	})
	app.Get("/user/:id/edit", loadUser, andRestrictToSelf, func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Editing user " + res.Locals()["user"].(user).Name)
	})
	app.Delete("/user/:id", loadUser, andRestrictTo("admin"), func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Deleted user " + res.Locals()["user"].(user).Name)
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
