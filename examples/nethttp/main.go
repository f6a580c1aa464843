// Command nethttp serves an fw app with net/http over TLS and HTTP/2, as
// an Express app is handed to https.createServer: the App is an
// http.Handler. A self-signed certificate for localhost is made at start;
// the server listens on $PORT (default 3000):
//
//	go run ./examples/nethttp
//	curl -k --http2 https://localhost:3000/
//	curl -k -N https://localhost:3000/events
package main

import (
	"bufio"
	"fmt"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/fwgo/fw/adaptor"
	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/selfsigned"
)

func newApp() *fast.App {
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		proto := "HTTP/1.1"
		if r := adaptor.Request(req.Ctx()); r != nil {
			proto = r.Proto // the net/http request the app is serving
		}
		res.Send(fmt.Sprintf("Hello over %s (req.protocol %s, secure %v)", proto, req.Protocol(), req.Secure()))
	})
	app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.JSON(map[string]any{"id": req.Params().Get("id")})
	})
	// Server-sent events: each event is flushed to the client as written,
	// over HTTP/1.1 and HTTP/2 alike. The stream ends when the client goes
	// away (Flush fails) or after the count.
	app.Get("/events", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Type("text/event-stream").Set("Cache-Control", "no-cache")
		interval := 500 * time.Millisecond
		if v, _ := req.QueryValue("fast"); v == "1" {
			interval = 0
		}
		req.Ctx().SetBodyStreamWriter(func(w *bufio.Writer) {
			for i := 1; i <= 5; i++ {
				fmt.Fprintf(w, "id: %d\ndata: tick %d\n\n", i, i)
				if w.Flush() != nil {
					return
				}
				time.Sleep(interval)
			}
		})
	})
	return app
}

// newServer returns an http.Server for app over TLS with cert, offering
// HTTP/2 and HTTP/1.1.
func newServer(app *fast.App, cert *selfsigned.Cert) *http.Server {
	return &http.Server{
		Handler:           app,
		TLSConfig:         cert.ServerConfig(),
		ReadHeaderTimeout: 10 * time.Second,
		// Let "OPTIONS *" reach the app, as Node does.
		DisableGeneralOptionsHandler: true,
	}
}

func main() {
	cert, err := selfsigned.New()
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", ":"+extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	srv := newServer(newApp(), cert)
	log.Printf("fw on net/http, HTTPS and HTTP/2 with a self-signed certificate, on https://localhost:%d", ln.Addr().(*net.TCPAddr).Port)
	log.Fatal(srv.ServeTLS(ln, "", "")) // the certificate is in TLSConfig
}
