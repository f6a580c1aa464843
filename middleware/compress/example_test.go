package compress_test

import (
	"fmt"
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/compress"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

func ExampleNew() {
	app := fast.New()
	app.Use(compress.New())
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString(strings.Repeat("compress me ", 200))
	})
	s := testserver.Start(app)
	defer s.Close()
	r := s.Get("/", "Accept-Encoding: gzip, deflate, br")
	fmt.Println(r.Get("Content-Encoding"), r.Get("Vary"), r.Get("Transfer-Encoding"))
	// Output:
	// gzip Accept-Encoding chunked
}
