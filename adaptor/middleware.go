package adaptor

import (
	"context"
	"errors"
	"log"
	"net/http"
	"sync"

	"github.com/valyala/fasthttp"
)

// Middleware runs a net/http middleware, func(http.Handler) http.Handler,
// around fasthttp code: the middleware sees the request first, decides
// whether to call its next handler, and the fasthttp downstream's response
// passes through the http.ResponseWriter the middleware gave next. A timing
// middleware measures the whole downstream, a header-rewriting or
// compressing one transforms what the downstream wrote, and one that answers
// without calling next short-circuits the downstream.
//
// What the downstream sees of the middleware's changes to the request it
// passes to next (see applyRequest for the exact rules):
//
//   - Method, the target (a rewritten r.URL, as http.StripPrefix makes, or
//     r.RequestURI), Host, RemoteAddr and header fields are applied to
//     ctx.Request and stay there after the middleware returns, as changes to
//     req do in Express;
//   - a replaced r.Body becomes the body ctx.RequestBodyStream() and
//     ctx.PostBody() read, unless the fasthttp.Server streams request bodies;
//   - context values: Context(ctx) returns the context of the request the
//     middleware passed on, and Request(ctx) that request, while the
//     downstream runs; both revert when it returns. The middleware must pass
//     on a context derived from the request's (r.WithContext(ctx) with ctx
//     made from r.Context(), as net/http middleware does): the downstream is
//     found through it.
//
// Header fields set on ctx.Response before the middleware runs are in its
// w.Header(); header fields it sets before calling next are on
// ctx.Response while the downstream runs, where the downstream may read,
// change or delete them.
//
// When ctx is served by Server, the middleware writes to the request's
// net/http ResponseWriter and everything runs on the request's goroutine.
// On a fasthttp.Server, it runs on a goroutine of its own with a
// ResponseWriter like FromHTTP's: the response is buffered and becomes
// ctx.Response when the middleware returns; if the middleware flushes
// (server-sent events through a logging middleware), the response is sent
// at once over the connection, which fasthttp closes when the middleware
// returns.
//
// A Middleware is safe for concurrent use.
type Middleware struct {
	h http.Handler
}

// FromMiddleware returns a Middleware running mw. mw is called once, here,
// with the handler that runs the downstream; it panics if mw returns nil.
func FromMiddleware(mw func(http.Handler) http.Handler) *Middleware {
	h := mw(http.HandlerFunc(serveDownstream))
	if h == nil {
		panic("adaptor: FromMiddleware: the middleware returned a nil http.Handler")
	}
	return &Middleware{h: h}
}

// Handler returns a fasthttp.RequestHandler running the middleware around
// next.
func (m *Middleware) Handler(next fasthttp.RequestHandler) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) { m.Serve(ctx, next) }
}

// Serve runs the middleware on ctx with next as its downstream, which it
// calls (on the middleware's goroutine) when the middleware calls its next
// handler. When Serve returns, the response belongs to the middleware:
// written to the net/http ResponseWriter (under Server) or set on
// ctx.Response; the caller must treat it as sent.
//
// Serve reports detached when, on a fasthttp.Server, the middleware flushed
// and goes on running on its own goroutine, next included, with ctx: the
// caller must then return from its fasthttp handler at once, touch neither
// ctx nor anything next uses, and not recycle such per-request state (it is
// also ctx.Hijacked(), the usual fasthttp signal for that).
func (m *Middleware) Serve(ctx *fasthttp.RequestCtx, next fasthttp.RequestHandler) (detached bool) {
	f := currentFrame(ctx)
	if f != nil && f.w != nil {
		var parent context.Context = ctx
		if f.r != nil {
			parent = f.r.Context()
		}
		x := newExchange(ctx, parent, next)
		defer x.end()
		r, err := newRequest(ctx, x, &x.body)
		if err != nil {
			ctx.Error("Bad Request", fasthttp.StatusBadRequest)
			return false
		}
		x.req = r
		x.snap = newSnapshot(r)
		moveHeaders(f.w.Header(), &ctx.Response.Header)
		f.sent = true
		m.h.ServeHTTP(f.w, r)
		return false
	}
	x := newExchange(ctx, nil, next)
	r, err := newRequest(ctx, x, &x.body)
	if err != nil {
		ctx.Error("Bad Request", fasthttp.StatusBadRequest)
		return false
	}
	x.req = r
	x.snap = newSnapshot(r)
	x.rw = newResponseWriter(x, handoffRelay)
	moveHeaders(x.rw.header, &ctx.Response.Header)
	x.handler = m.h
	return x.runNative()
}

var errLostContext = errors.New("adaptor: the request passed to next has no adaptor context; derive its context from the incoming request's")

// serveDownstream is the next handler of every Middleware's net/http
// middleware: it runs the fasthttp downstream of the exchange found in the
// request's context, then writes the downstream's response to w.
func serveDownstream(w http.ResponseWriter, r *http.Request) {
	x := exchangeOf(r)
	if x == nil || x.ctx == nil || x.next == nil {
		log.Print(errLostContext)
		http.Error(w, "Internal Server Error", http.StatusInternalServerError)
		return
	}
	ctx := x.ctx
	applyRequest(ctx, x, r)

	// The header fields the middleware set are the downstream's to see.
	hdr := w.Header()
	resp := &ctx.Response
	clearHeader(&resp.Header)
	for k, vs := range hdr {
		for _, v := range vs {
			resp.Header.Add(k, v)
		}
	}
	clear(hdr)

	f := frame{r: r, w: w}
	pushFrame(ctx, &f)
	x.next(ctx)
	popFrame(ctx, &f)
	if f.sent {
		// A bridge in the downstream wrote to w itself.
		clearHeader(&resp.Header)
		resp.ResetBody()
		return
	}
	clear(hdr)
	o := sendOptions{
		head: ctx.IsHead(),
		h2:   string(ctx.Request.Header.Protocol()) == "HTTP/2.0",
	}
	buf := copyBufPool.Get().(*[]byte)
	_, err := sendResponse(w, resp, o, *buf)
	copyBufPool.Put(buf)
	clearHeader(&resp.Header)
	resp.ResetBody()
	resp.SetStatusCode(0)
	if _, ok := err.(streamError); ok {
		panic(http.ErrAbortHandler)
	}
}

var copyBufPool = sync.Pool{New: func() any { b := make([]byte, 16<<10); return &b }}
