// Command web-service is Express's examples/web-service in Go: a JSON API
// guarded by an api-key query parameter, with JSON errors and a JSON 404.
// It listens on $PORT (default 3000).
package main

import (
	"log"
	"slices"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

// apiError is the example's error(status, msg).
func apiError(status int, msg string) error { return &fast.HTTPError{Status: status, Message: msg} }

type repo struct {
	Name string `json:"name"`
	URL  string `json:"url"`
}

type user struct {
	Name string `json:"name"`
}

var (
	apiKeys = []string{"foo", "bar", "baz"}
	repos   = []repo{
		{"express", "https://github.com/expressjs/express"},
		{"stylus", "https://github.com/learnboost/stylus"},
		{"cluster", "https://github.com/learnboost/cluster"},
	}
	users     = []user{{"tobi"}, {"loki"}, {"jane"}}
	userRepos = map[string][]repo{
		"tobi": {repos[0], repos[1]},
		"loki": {repos[1]},
		"jane": {repos[2]},
	}
)

func newApp() *fast.App {
	app := fast.New()
	// Every /api request needs a valid key.
	app.Use("/api", func(req *fast.Request, res *fast.Response, next fast.Next) {
		// req.query['api-key'] may be a string, an array or an object.
		v, _ := req.Query().Get("api-key")
		if v == nil || v == "" {
			next(apiError(400, "api key required"))
			return
		}
		key, isString := v.(string)
		if !isString || !slices.Contains(apiKeys, key) {
			next(apiError(401, "invalid api key"))
			return
		}
		res.Locals()["key"] = key
		next()
	})
	app.Get("/api/users", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(users) })
	app.Get("/api/repos", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(repos) })
	app.Get("/api/user/:name/repos", func(req *fast.Request, res *fast.Response, next fast.Next) {
		if r, ok := userRepos[req.Params().Get("name")]; ok {
			res.Send(r)
			return
		}
		next()
	})
	// Errors, then the 404, as JSON.
	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		status := fast.StatusCode(err)
		if status == 0 {
			status = 500
		}
		res.Status(status)
		res.Send(map[string]string{"error": err.Error()})
	})
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Status(404)
		res.Send(map[string]string{"error": "Sorry, can't find that"})
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
