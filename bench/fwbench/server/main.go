// Command server is the measurement target of bench/fwbench: a fasthttp
// hello world (13-byte body) that can stall every handler for a while once
// per period, to test coordinated-omission correction.
package main

import (
	"flag"
	"log"
	"time"

	"github.com/valyala/fasthttp"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	stall := flag.Duration("stall", 0, "stall every handler for this long once per -period (0: never)")
	period := flag.Duration("period", time.Second, "stall period")
	flag.Parse()
	start := time.Now()
	body := []byte("Hello, World!")
	h := func(ctx *fasthttp.RequestCtx) {
		if *stall > 0 {
			// Inside the first `stall` of each period, wait for its end.
			if in := time.Since(start) % *period; in < *stall {
				time.Sleep(*stall - in)
			}
		}
		ctx.SetContentType("text/plain")
		ctx.SetBody(body)
	}
	log.Fatal(fasthttp.ListenAndServe(*addr, h))
}
