package methodoverride_test

import (
	"fmt"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/methodoverride"
)

func ExampleNew() {
	app := fast.New()
	app.Use(methodoverride.New("_method")) // <form method="POST" action="/resource?_method=DELETE">
	app.Delete("/resource", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("deleted (sent as " + methodoverride.OriginalMethod(req) + ")")
	})
	s := testserver.Start(app)
	defer s.Close()
	fmt.Println(s.Do(testserver.Request("POST", "/resource?_method=DELETE", "")).Body)
	// Output:
	// deleted (sent as POST)
}

func ExampleFunc() {
	app := fast.New()
	// A getter reading the first word of a custom header.
	app.Use(methodoverride.Func(func(req *fast.Request, res *fast.Response) string {
		return req.Get("X-Verb")
	}))
	app.Put("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("put") })
	s := testserver.Start(app)
	defer s.Close()
	fmt.Println(s.Do(testserver.Request("POST", "/", "", "X-Verb: put")).Body)
	// Output:
	// put
}
