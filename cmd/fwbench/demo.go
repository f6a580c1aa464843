package main

import (
	"net"

	"github.com/valyala/fasthttp"
)

// demoServer is the app `fwbench` load-tests when given no target: a small
// service on 127.0.0.1 with a hello-world route and a JSON route. It runs in
// the same process as the generator, so the two share the machine's CPUs.
type demoServer struct {
	ln  net.Listener
	srv *fasthttp.Server
	URL string // base URL, e.g. http://127.0.0.1:41234/
}

// startDemo starts the demo app on 127.0.0.1 on a free port.
func startDemo() (*demoServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	srv := &fasthttp.Server{Handler: demoHandler, Name: "fwbench-demo"}
	go srv.Serve(ln) //nolint:errcheck // ends when the listener closes
	return &demoServer{ln: ln, srv: srv, URL: "http://" + ln.Addr().String() + "/"}, nil
}

// demoHandler is plain fasthttp until the fast package lands on main.
func demoHandler(ctx *fasthttp.RequestCtx) {
	switch string(ctx.Path()) {
	case "/":
		ctx.SetContentType("text/html; charset=utf-8")
		ctx.SetBodyString("Hello World!")
	case "/json":
		ctx.SetContentType("application/json; charset=utf-8")
		ctx.SetBodyString(`{"message":"Hello World!"}`)
	default:
		ctx.Error("Cannot GET "+string(ctx.Path()), fasthttp.StatusNotFound)
	}
}

// close stops the demo app.
func (d *demoServer) close() { d.ln.Close() }
