package logger_test

import (
	"fmt"
	"os"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/logger"
)

func ExampleNew() {
	app := fast.New()
	app.Use(logger.New(logger.Config{Format: ":method :url :status :res[content-length]", Output: os.Stdout}))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("hello") })
	s := testserver.Start(app)
	defer s.Close()
	s.Get("/?q=1")
	s.Get("/missing")
	// Output:
	// GET /?q=1 200 5
	// GET /missing 404 146
}

func ExampleToken() {
	logger.Token("type", func(req *fast.Request, res *fast.Response, arg string) string {
		return req.Get("Content-Type")
	})
	app := fast.New()
	app.Use(logger.New(logger.Config{Format: ":method :type", Output: os.Stdout}))
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.End() })
	s := testserver.Start(app)
	defer s.Close()
	s.Do(testserver.Request("POST", "/", "{}", "Content-Type: application/json"))
	fmt.Println("done")
	// Output:
	// POST application/json
	// done
}
