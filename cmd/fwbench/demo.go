package main

import (
	"net"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
)

// demoServer is the app `fwbench` load-tests when given no target: a small
// app built with fast on 127.0.0.1, answering "Hello World!" on / and a
// JSON document on /json. It runs in the same process as the generator, so
// the two share the machine's CPUs.
type demoServer struct {
	ln  net.Listener
	URL string // base URL, e.g. http://127.0.0.1:41234/
}

// demoApp returns the demo app.
func demoApp() *fast.App {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("Hello World!")
	})
	app.Get("/json", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("Content-Type", "application/json")
		res.SendString(`{"message":"Hello World!"}`)
	})
	return app
}

// startDemo starts the demo app on 127.0.0.1 on a free port.
func startDemo() (*demoServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &fasthttp.Server{Handler: demoApp().Handler(), Name: "fwbench-demo"}
	go srv.Serve(ln) //nolint:errcheck // ends when the listener closes
	return &demoServer{ln: ln, URL: "http://" + ln.Addr().String() + "/"}, nil
}

// close stops the demo app.
func (d *demoServer) close() { d.ln.Close() }
