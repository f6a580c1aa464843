// Command fast is the end-to-end comparison's service on fw's fast package:
// GET / answers "Hello, World!" (res.type('text/plain'), so text/plain;
// charset=utf-8) and GET /user/:name answers res.json({name}). X-Powered-By
// and ETag are off, as on the Express server, so that the bytes match the
// other servers'.
package main

import (
	"flag"
	"log"
	"net"
	"strconv"

	"github.com/fwgo/fw/fast"
)

type user struct {
	Name string `json:"name"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	host, port, err := net.SplitHostPort(*addr)
	if err != nil {
		log.Fatal(err)
	}
	p, err := strconv.Atoi(port)
	if err != nil {
		log.Fatal(err)
	}
	app := fast.New()
	app.Disable("x-powered-by").Set("etag", false)
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Type("text/plain").SendString("Hello, World!")
	})
	app.Get("/user/:name", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.JSON(&user{Name: req.Params().Get("name")})
	})
	srv, err := app.Listen(p, host)
	if err != nil {
		log.Fatal(err)
	}
	log.Fatal(srv.Wait())
}
