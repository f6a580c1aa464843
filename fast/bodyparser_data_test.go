package fast

import (
	"bytes"

	"github.com/valyala/fasthttp"
)

// bodyCtx returns a POST request context with body, in memory, or as a
// body stream of unknown length (chunked) when stream is set.
func bodyCtx(ct string, body []byte, stream bool) (*fasthttp.RequestCtx, func()) {
	ctx := newRequestCtx("POST", "/")
	ctx.Request.Header.SetContentType(ct)
	var r bytes.Reader
	reset := func() {
		ctx.Response.Reset()
		// A new request each time (the fwpoison build overwrites the target
		// when a request ends).
		ctx.Request.SetRequestURI("/")
		if stream {
			r.Reset(body)
			ctx.Request.SetBodyStream(&r, -1)
		} else {
			ctx.Request.SetBody(body)
			ctx.Request.Header.SetContentLength(len(body))
		}
	}
	reset()
	return ctx, reset
}
