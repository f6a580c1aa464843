// Command fasthttp is the end-to-end comparison's floor: the two routes on
// raw fasthttp v1.74.0, routed by hand. GET / answers "Hello, World!" as
// text/plain; charset=utf-8; GET /user/:name answers {"name":"<name>"} as
// application/json; charset=utf-8, encoded with encoding/json as a plain
// fasthttp service would. The Server header is off, as on Fiber and fast,
// so that every Go server sends the same bytes.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"log"

	"github.com/valyala/fasthttp"
)

type user struct {
	Name string `json:"name"`
}

var userPrefix = []byte("/user/")

func handler(ctx *fasthttp.RequestCtx) {
	path := ctx.Path()
	switch {
	case !ctx.IsGet():
		ctx.SetStatusCode(fasthttp.StatusMethodNotAllowed)
	case string(path) == "/":
		ctx.SetContentType("text/plain; charset=utf-8")
		ctx.SetBodyString("Hello, World!")
	case bytes.HasPrefix(path, userPrefix) && len(path) > len(userPrefix) && bytes.IndexByte(path[len(userPrefix):], '/') < 0:
		b, err := json.Marshal(user{Name: string(path[len(userPrefix):])})
		if err != nil {
			ctx.Error(err.Error(), fasthttp.StatusInternalServerError)
			return
		}
		ctx.SetContentType("application/json; charset=utf-8")
		ctx.SetBody(b)
	default:
		ctx.SetStatusCode(fasthttp.StatusNotFound)
	}
}

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	srv := &fasthttp.Server{Handler: handler, NoDefaultServerHeader: true}
	log.Fatal(srv.ListenAndServe(*addr))
}
