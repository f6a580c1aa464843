// Command params is Express's examples/params in Go: app.Param callbacks
// that load a user and parse integer ranges, answering 400 and 404 through
// HTTP errors. It listens on $PORT (default 3000).
package main

import (
	"log"
	"strconv"
	"strings"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

var users = []string{"tj", "tobi", "loki", "jane", "bandit"}

// parseInt is JavaScript's parseInt(s, 10): leading digits, an optional
// sign, whitespace skipped; ok is false where parseInt gives NaN.
func parseInt(s string) (int, bool) {
	s = strings.TrimLeft(s, " \t\n\r\v\f")
	end := 0
	if end < len(s) && (s[end] == '-' || s[end] == '+') {
		end++
	}
	digits := end
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == digits {
		return 0, false
	}
	n, err := strconv.Atoi(s[:end])
	return n, err == nil
}

func newApp() *fast.App {
	app := fast.New()
	// Convert :to and :from to integers.
	app.Param([]string{"to", "from"}, fast.ParamHandler(func(req *fast.Request, res *fast.Response, next fast.Next, num, name string) {
		n, ok := parseInt(num)
		if !ok {
			next(&fast.HTTPError{Status: 400, Name: "BadRequestError", Message: "failed to parseInt " + num})
			return
		}
		req.Params().Set(name, strconv.Itoa(n))
		next()
	}))
	// Load the user by id.
	app.Param("user", fast.ParamHandler(func(req *fast.Request, res *fast.Response, next fast.Next, id, name string) {
		i, err := strconv.Atoi(id)
		if err != nil || i < 0 || i >= len(users) || strconv.Itoa(i) != id {
			next(&fast.HTTPError{Status: 404, Name: "NotFoundError", Message: "failed to find user"})
			return
		}
		res.Locals()["user"] = users[i]
		next()
	}))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("Visit /user/0 or /users/0-2")
	})
	app.Get("/user/:user", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Send("user " + res.Locals()["user"].(string))
	})
	app.Get("/users/:from-:to", func(req *fast.Request, res *fast.Response, next fast.Next) {
		from, _ := strconv.Atoi(req.Params().Get("from"))
		to, _ := strconv.Atoi(req.Params().Get("to"))
		res.Send("users " + strings.Join(slice(users, from, to+1), ", "))
	})
	return app
}

// slice is Array.prototype.slice(from, to): negative indexes count from
// the end, out-of-range ones are clamped.
func slice(s []string, from, to int) []string {
	clamp := func(i int) int {
		if i < 0 {
			i += len(s)
		}
		return max(0, min(i, len(s)))
	}
	from, to = clamp(from), clamp(to)
	if from >= to {
		return nil
	}
	return s[from:to]
}

func main() {
	srv, err := newApp().Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
