package vhost_test

import (
	"fmt"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/vhost"
)

func ExampleNew() {
	users := fast.New()
	users.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("profile of " + vhost.Of(req).Values[0])
	})
	app := fast.New()
	app.Use(vhost.New("*.users.example.com", users))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("main site") })

	s := testserver.Start(app)
	defer s.Close()
	fmt.Println(s.Get("/", "Host: tobi.users.example.com").Body)
	fmt.Println(s.Get("/", "Host: example.com").Body)
	// Output:
	// profile of tobi
	// main site
}
