// Command server is the measurement target of bench/static/measure.sh: one
// of the Go static file servers it compares with nginx, serving the files
// of -root at /.
//
//	fast   fast.Static(root), fast's defaults (X-Powered-By, weak ETag ...)
//	fiber  Fiber v2's app.Static("/", root), Fiber's defaults
package main

import (
	"flag"
	"log"
	"net"

	"github.com/gofiber/fiber/v2"

	"github.com/fwgo/fw/fast"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	impl := flag.String("impl", "fast", "fast or fiber")
	root := flag.String("root", ".", "directory served")
	flag.Parse()
	switch *impl {
	case "fast":
		app := fast.New()
		app.Use(fast.Static(*root))
		ln, err := net.Listen("tcp4", *addr)
		if err != nil {
			log.Fatal(err)
		}
		log.Fatal(app.Serve(ln).Wait())
	case "fiber":
		app := fiber.New(fiber.Config{DisableStartupMessage: true})
		app.Static("/", *root)
		log.Fatal(app.Listen(*addr))
	default:
		log.Fatalf("unknown -impl %q", *impl)
	}
}
