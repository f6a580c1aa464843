package adaptor

import (
	"context"
	"net/http"

	"github.com/valyala/fasthttp"
)

// frameKey is the user-value key under which a *frame is stored on a
// RequestCtx that net/http code is involved in.
type frameKey struct{}

// frame is what a RequestCtx carries while it is served through net/http:
// the request the fasthttp-side code should see and, in direct mode, the
// net/http writer that reaches the client.
//
// NOTE: frames live in pooled state; whoever adds a field must clear it in
// the owner's release path.
type frame struct {
	// r is the request as net/http code last saw it: the incoming request
	// under Server, the request a middleware passed to next under
	// Middleware.
	r *http.Request
	// w is the net/http writer that currently stands for the client, or nil
	// when the response can only leave through ctx.Response (a native
	// fasthttp.Server). When w is set, bridges write to it directly.
	w http.ResponseWriter
	// sent reports that a bridge already wrote the response to w; the owner
	// of the frame must not write ctx.Response again.
	sent bool
	// parent is the frame that was current before this one.
	parent *frame
}

// currentFrame returns the frame stored on ctx, or nil.
func currentFrame(ctx *fasthttp.RequestCtx) *frame {
	f, _ := ctx.UserValue(frameKey{}).(*frame)
	return f
}

// pushFrame makes f the current frame of ctx, remembering the previous one.
func pushFrame(ctx *fasthttp.RequestCtx, f *frame) {
	f.parent = currentFrame(ctx)
	ctx.SetUserValue(frameKey{}, f)
}

// popFrame restores the frame that was current before f.
func popFrame(ctx *fasthttp.RequestCtx, f *frame) {
	if f.parent == nil {
		ctx.RemoveUserValue(frameKey{})
	} else {
		ctx.SetUserValue(frameKey{}, f.parent)
	}
	f.parent = nil
}

// Request returns the *http.Request that the code running on ctx stands
// for: the incoming request when ctx is served by Server, or the request a
// net/http middleware passed on to its next handler while the downstream of
// a Middleware runs. It returns nil when ctx came from a fasthttp.Server and
// no net/http middleware is running.
//
// The request is valid until the handler returns; its Body must not be read
// through it (read the body through ctx, which owns it).
func Request(ctx *fasthttp.RequestCtx) *http.Request {
	if f := currentFrame(ctx); f != nil {
		return f.r
	}
	return nil
}

// Context returns the context.Context of the request served on ctx.
//
// Through Server it is the *http.Request's context: net/http cancels it when
// the client disconnects (HTTP/1.x connection closed, HTTP/2 stream reset)
// or when ServeHTTP returns, and it carries the values of net/http
// middleware that runs in front of Server. While the downstream of a
// Middleware runs, it is the context of the request the middleware passed to
// its next handler, values added by the middleware included.
//
// Otherwise it is ctx itself: fasthttp's RequestCtx implements
// context.Context, its Value looks up ctx.UserValue, and its Done channel is
// closed only when the fasthttp.Server shuts down; fasthttp does not report
// client disconnects while a handler runs.
//
// The returned context may outlive the request only when it came from
// net/http; ctx itself must not be used after the handler returns.
func Context(ctx *fasthttp.RequestCtx) context.Context {
	if f := currentFrame(ctx); f != nil && f.r != nil {
		return f.r.Context()
	}
	return ctx
}
