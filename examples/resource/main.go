// Command resource is Express's examples/resource in Go: a small
// "resource" helper that maps index, show, range and destroy handlers to
// routes. Deleting a user leaves a hole, as delete does on a JavaScript
// array. It listens on $PORT (default 3000).
package main

import (
	"log"
	"strconv"
	"strings"
	"sync"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

type user struct {
	Name string `json:"name"`
}

// store is the users array; a deleted entry is nil (a hole, null in JSON).
type store struct {
	mu    sync.Mutex
	users []*user
}

// resource maps obj's handlers as the example's app.resource does.
type resource struct {
	index, show fast.Handler
	rangeOf     func(res *fast.Response, a, b int, format string)
	destroy     func(res *fast.Response, id int)
}

func mountResource(app *fast.App, path string, obj resource) {
	app.Get(path, obj.index)
	app.Get(path+"/:a..:b.:format?", func(req *fast.Request, res *fast.Response, next fast.Next) {
		a, _ := parseInt(req.Params().Get("a"))
		b, _ := parseInt(req.Params().Get("b"))
		obj.rangeOf(res, a, b, req.Params().Get("format"))
	})
	app.Get(path+"/:id", obj.show)
	app.Delete(path+"/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		id, ok := parseInt(req.Params().Get("id"))
		if !ok {
			id = -1
		}
		obj.destroy(res, id)
	})
}

// parseInt is JavaScript's parseInt(s, 10) for the digits this example
// sees; ok is false for NaN.
func parseInt(s string) (int, bool) {
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	n, err := strconv.Atoi(s[:end])
	return n, err == nil
}

func newApp() *fast.App {
	app := fast.New()
	db := &store{users: []*user{{"tj"}, {"ciaran"}, {"aaron"}, {"guillermo"}, {"simon"}, {"tobi"}}}
	mountResource(app, "/users", resource{
		index: func(req *fast.Request, res *fast.Response, next fast.Next) {
			db.mu.Lock()
			defer db.mu.Unlock()
			res.Send(db.users)
		},
		show: func(req *fast.Request, res *fast.Response, next fast.Next) {
			db.mu.Lock()
			defer db.mu.Unlock()
			id := req.Params().Get("id")
			if i, err := strconv.Atoi(id); err == nil && strconv.Itoa(i) == id && i >= 0 && i < len(db.users) && db.users[i] != nil {
				res.Send(db.users[i])
				return
			}
			res.Send(map[string]string{"error": "Cannot find user"})
		},
		destroy: func(res *fast.Response, id int) {
			db.mu.Lock()
			defer db.mu.Unlock()
			// id in users: an index of the array that is not a hole.
			destroyed := id >= 0 && id < len(db.users) && db.users[id] != nil
			if destroyed {
				db.users[id] = nil
				res.Send("destroyed")
				return
			}
			res.Send("Cannot find user")
		},
		rangeOf: func(res *fast.Response, a, b int, format string) {
			db.mu.Lock()
			defer db.mu.Unlock()
			from, to := min(max(a, 0), len(db.users)), min(max(b+1, 0), len(db.users))
			var rng []*user
			if from < to {
				rng = db.users[from:to]
			}
			if format == "json" {
				if rng == nil {
					rng = []*user{}
				}
				res.Send(rng)
				return
			}
			items := make([]string, len(rng))
			for i, u := range rng {
				name := ""
				if u != nil {
					name = u.Name
				}
				items[i] = "<li>" + name + "</li>"
			}
			res.Send("<ul>" + strings.Join(items, "\n") + "</ul>")
		},
	})
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send(strings.Join([]string{
			"<h1>Examples:</h1> <ul>",
			"<li>GET /users</li>",
			"<li>GET /users/1</li>",
			"<li>GET /users/3</li>",
			"<li>GET /users/1..3</li>",
			"<li>GET /users/1..3.json</li>",
			"<li>DELETE /users/4</li>",
			"</ul>",
		}, "\n"))
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
