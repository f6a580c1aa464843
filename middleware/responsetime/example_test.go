package responsetime_test

import (
	"fmt"
	"regexp"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/responsetime"
)

func ExampleNew() {
	app := fast.New()
	app.Use(responsetime.New())
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("hi") })
	s := testserver.Start(app)
	defer s.Close()
	v := s.Get("/").Get("X-Response-Time")
	fmt.Println(regexp.MustCompile(`^\d+\.\d{3}ms$`).MatchString(v))
	// Output:
	// true
}
