// Command nethttp is the end-to-end comparison's service on the standard
// library alone: http.ServeMux patterns (GET /{$}, GET /user/{name}) and
// encoding/json.Marshal.
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net/http"
)

type user struct {
	Name string `json:"name"`
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("Hello, World!")) //nolint:errcheck // the client went away
	})
	mux.HandleFunc("GET /user/{name}", func(w http.ResponseWriter, r *http.Request) {
		b, err := json.Marshal(user{Name: r.PathValue("name")})
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Write(b) //nolint:errcheck // the client went away
	})
	log.Fatal(http.ListenAndServe(*addr, mux))
}
