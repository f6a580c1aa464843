package adaptor

import (
	"context"
	"net/http"

	"github.com/valyala/fasthttp"
)

// FromHTTP returns a fasthttp.RequestHandler that runs h, a net/http
// handler, on the request of ctx.
//
// h gets an *http.Request built from ctx (method, raw target, protocol,
// header fields, Host, remote address, TLS state; its Body reads ctx's body,
// in memory or streamed) whose strings are fresh memory it may keep, and
// whose context carries the values and cancellation of the request ctx
// serves (see Context). Header fields already set on ctx.Response (by
// middleware that ran before) are in w.Header() when h starts.
//
// When ctx is served by Server (or runs inside a Middleware), h writes to
// the net/http ResponseWriter of that request directly: everything the
// writer offers (http.Flusher, http.Hijacker over HTTP/1.x,
// http.ResponseController deadlines) works as if h were mounted on the
// net/http server itself, and the response is complete when the handler
// returns.
//
// On a fasthttp.Server, h runs on a goroutine of its own while the fasthttp
// handler waits, and w follows net/http's rules: the body is buffered,
// Content-Type is sniffed when not set (a nil value suppresses it), and at
// the end status, header fields and body become ctx.Response. A Flush sends
// the response at once and streams the rest as chunks, keeping the
// connection alive: server-sent events work. Hijack (http.Hijacker) hands h
// the connection, for WebSocket libraries; fasthttp closes it when h
// closes it. A panic in h before the response left is re-raised on the
// fasthttp goroutine; after, the response is cut short and the panic logged
// (http.ErrAbortHandler silently), as net/http does.
//
// When the returned fasthttp handler returns, the response is h's: complete
// on ctx.Response or the net/http writer, or streaming or hijacked from h's
// goroutine, which then no longer uses ctx. Callers treat it as sent.
//
// The handler must not keep w or the request body after it returns; doing
// so gets errors, never another request's data.
func FromHTTP(h http.Handler) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		if f := currentFrame(ctx); f != nil && f.w != nil {
			serveDirect(ctx, f, h)
			return
		}
		x := newExchange(ctx, nil, nil)
		r, err := newRequest(ctx, x, &x.body)
		if err != nil {
			ctx.Error("Bad Request", fasthttp.StatusBadRequest)
			return
		}
		x.req = r
		x.rw = newResponseWriter(x, handoffStream)
		moveHeaders(x.rw.header, &ctx.Response.Header)
		x.handler = h
		x.runNative()
	}
}

// serveDirect runs h on the net/http writer of frame f.
func serveDirect(ctx *fasthttp.RequestCtx, f *frame, h http.Handler) {
	var parent context.Context = ctx
	if f.r != nil {
		parent = f.r.Context()
	}
	x := newExchange(ctx, parent, nil)
	defer x.end()
	r, err := newRequest(ctx, x, &x.body)
	if err != nil {
		ctx.Error("Bad Request", fasthttp.StatusBadRequest)
		return
	}
	x.req = r
	moveHeaders(f.w.Header(), &ctx.Response.Header)
	f.sent = true
	h.ServeHTTP(f.w, r)
}
