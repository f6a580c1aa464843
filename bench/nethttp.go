package bench

import (
	"io"
	"net/http"
	"strconv"

	"github.com/fwgo/fw/adaptor"
)

// NetHTTPMux is the same service as a plain net/http handler: Go's own
// ServeMux routes, the handler writes the same status, Content-Type,
// Content-Length and body as FastApp.
func NetHTTPMux() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h["Content-Type"] = []string{textPlain}
		h["Content-Length"] = []string{strconv.Itoa(len(helloBody))}
		io.WriteString(w, helloBody)
	})
	mux.HandleFunc("GET /user/{name}", func(w http.ResponseWriter, r *http.Request) {
		body := "Hello, " + r.PathValue("name")
		h := w.Header()
		h["Content-Type"] = []string{textPlain}
		h["Content-Length"] = []string{strconv.Itoa(len(body))}
		io.WriteString(w, body)
	})
	return mux
}

// FastNetHTTP is FastApp served to net/http (App.ServeHTTP).
func FastNetHTTP() http.Handler { return FastApp() }

// AdaptorRaw is RawFasthttp served to net/http by adaptor.Server: the
// adaptor's own cost, without fw's.
func AdaptorRaw() http.Handler { return &adaptor.Server{Handler: RawFasthttp, NoDefaultDate: true} }
