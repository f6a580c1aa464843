package fast

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/status"
)

// serve is the app's fasthttp.RequestHandler.
func (a *App) serve(fctx *fasthttp.RequestCtx) {
	c := contexts.Get(fctx.ConnID())
	defer c.release(fctx.ConnID())
	c.start(a, fctx)
	if c.methodIdx < 0 || !validTarget(c.uri) {
		badRequest(fctx)
		return
	}
	fctx.Response.Header.SetNoDefaultContentType(true)
	if r := a.routerIfAny(); r != nil {
		c.enterRouter(nil, r.snapshot(), a)
	} else {
		c.finalHandler(nil)
	}
	if !c.sent && c.failErr != nil {
		c.finalHandler(c.failErr)
	}
	c.finish()
	c.settleBody()
}

// release recovers from a panic of fast itself (handler panics are
// recovered where they are called), answers 500 if it can, and returns
// the context to the pool.
func (c *state) release(key uint64) {
	if r := recover(); r != nil {
		fmt.Fprintf(os.Stderr, "fast: internal panic: %v\n%s", r, debug.Stack())
		if c.fctx != nil {
			c.fctx.Response.Reset()
			c.fctx.Response.SetStatusCode(500)
			c.fctx.SetConnectionClose()
		}
	}
	contexts.Put(key, c)
}

// finish completes the response before fasthttp writes it.
func (c *state) finish() {
	resp := &c.fctx.Response
	code := resp.StatusCode()
	if code >= 0 && code < len(reasonOverrides) {
		if r := reasonOverrides[code]; r != nil {
			resp.Header.SetStatusMessage(r)
		}
	}
	if c.closed {
		c.fctx.SetConnectionClose()
	}
}

// reasonOverrides holds Node's reason phrase for each code where it differs
// from fasthttp's.
var reasonOverrides = func() (t [1000][]byte) {
	for code := 100; code < len(t); code++ {
		node := status.Reason(code)
		if fasthttp.StatusMessage(code) != node {
			t[code] = []byte(node)
		}
	}
	return t
}()

// validTarget reports whether Node's HTTP parser accepts the request target:
// no control characters, spaces or bytes outside ASCII.
func validTarget(uri []byte) bool {
	if len(uri) == 0 {
		return false
	}
	for _, b := range uri {
		if b-0x21 > 0x7e-0x21 { // below '!' or above '~'
			return false
		}
	}
	return true
}

// badRequest answers as Node does to a request its parser rejects.
func badRequest(fctx *fasthttp.RequestCtx) {
	fctx.Response.Reset()
	fctx.Response.SetStatusCode(400)
	fctx.Response.Header.SetNoDefaultContentType(true)
	fctx.SetConnectionClose()
}
