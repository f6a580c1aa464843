package fast

import (
	"net/http"
	"net/url"
	"reflect"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/adaptor"
	"github.com/fwgo/fw/internal/bytesconv"
)

func init() { adaptForeign = netHTTPHandle }

var (
	middlewareType  = reflect.TypeFor[func(http.Handler) http.Handler]()
	handlerFuncType = reflect.TypeFor[func(http.ResponseWriter, *http.Request)]()
)

// netHTTPHandle classifies net/http callbacks at registration:
//
//   - an http.Handler (http.HandlerFunc, a ServeMux, any type with
//     ServeHTTP) or a func(http.ResponseWriter, *http.Request) answers the
//     request and ends the chain (httpHandler);
//   - a func(http.Handler) http.Handler is net/http middleware, run around
//     the rest of the chain (httpMiddleware).
//
// Named function types with those signatures (alice.Constructor,
// negroni-style types) are accepted too.
func netHTTPHandle(v any) (handle, bool) {
	switch h := v.(type) {
	case nil:
		return handle{}, false
	case http.Handler:
		return handle{kind: kindHandler, fn: httpHandler(h)}, true
	case func(http.ResponseWriter, *http.Request):
		return handle{kind: kindHandler, fn: httpHandler(http.HandlerFunc(h))}, true
	case func(http.Handler) http.Handler:
		return handle{kind: kindHandler, fn: httpMiddleware(h)}, true
	}
	rv := reflect.ValueOf(v)
	switch t := rv.Type(); {
	case t.Kind() != reflect.Func || rv.IsNil():
		return handle{}, false
	case t.ConvertibleTo(handlerFuncType):
		f := rv.Convert(handlerFuncType).Interface().(func(http.ResponseWriter, *http.Request))
		return handle{kind: kindHandler, fn: httpHandler(http.HandlerFunc(f))}, true
	case t.ConvertibleTo(middlewareType):
		f := rv.Convert(middlewareType).Interface().(func(http.Handler) http.Handler)
		return handle{kind: kindHandler, fn: httpMiddleware(f)}, true
	}
	return handle{}, false
}

// httpHandler runs a net/http handler as the answer to the request, as
// Express runs a two-argument (req, res) function given to app.use: it
// gets no next, so the chain ends with it. What it writes is the response;
// a handler that writes nothing sends net/http's empty 200, as net/http
// does. It sees the request as net/http would (adaptor.FromHTTP), with
// r.URL set to req.url, the target without the mount path (as
// http.StripPrefix sets it), and r.RequestURI the target as received.
// Header fields set before it (X-Powered-By, middleware's) are in its
// w.Header().
func httpHandler(h http.Handler) Handler {
	direct := adaptor.FromHTTP(h)
	return func(req *Request, res *Response, next Next) {
		c := req.c
		if c.sent {
			// Express would let it write after the end: Node throws
			// ERR_STREAM_WRITE_AFTER_END; there is nothing left to answer.
			return
		}
		c.sent = true
		c.framing() // before the handler may change the header
		if c.url == c.uriStr {
			direct(c.fctx)
			return
		}
		u, err := url.ParseRequestURI(strings.Clone(c.url))
		if err != nil {
			direct(c.fctx)
			return
		}
		adaptor.FromHTTP(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r2 := new(http.Request)
			*r2 = *r
			r2.URL = u
			h.ServeHTTP(w, r2)
		}))(c.fctx)
	}
}

// httpMiddleware runs net/http middleware around the rest of the chain
// (adaptor.FromMiddleware): when the middleware calls its next handler, the
// layers after it run, and their response goes out through the
// http.ResponseWriter the middleware passed on, so a timing middleware
// measures them, a header-rewriting one sees and changes their header
// fields, a compressing one compresses their body. A middleware that
// answers without calling next ends the chain, as an Express middleware
// that does not call next.
//
// The middleware sees the request target as received (r.URL is the full
// target, as for net/http middleware in front of a mux). What it changes on
// the request it passes on reaches req: a new method is req.method, a new
// target becomes req.url (without the mount path of the layer when it
// starts with it), header fields and Host are what req.Get reads.
//
// On a fasthttp.Server (App.Listen) the middleware runs on a goroutine of
// its own while the request's waits; when it flushes (a streaming
// response), the request's goroutine returns and the layers after it must
// already have run: a middleware that flushes before calling next, on that
// server only, gets an empty 200 from next. Through App.ServeHTTP
// everything runs on net/http's goroutine and there is no such limit.
func httpMiddleware(mw func(http.Handler) http.Handler) Handler {
	m := adaptor.FromMiddleware(mw)
	return func(req *Request, res *Response, next Next) {
		c := req.c
		if c.sent {
			next()
			return
		}
		fctx := c.fctx
		c.framing() // before the middleware may change the header
		// Keep the target's bytes: the adaptor writes a target the
		// middleware rewrote into fasthttp's buffer, which req.url,
		// req.originalUrl and the params are views of.
		start := len(c.scratch)
		c.scratch = append(c.scratch, c.uriStr...)
		saved := c.scratch[start:]
		method := c.method
		d := &downstream{c: c, next: next}
		detached := m.Serve(fctx, d.run(saved, method))
		if detached {
			d.detach()
			return
		}
		c.sent = true
	}
}

// downstream is the rest of the chain as a net/http middleware's next.
// Its states: 0 not started, 1 running, 2 done, 3 refused (the middleware
// detached before calling next).
type downstream struct {
	c     *state
	next  Next
	state int32
	mu    chan struct{}
}

func (d *downstream) run(saved []byte, method string) fasthttp.RequestHandler {
	d.mu = make(chan struct{}, 1)
	d.mu <- struct{}{}
	return func(fctx *fasthttp.RequestCtx) {
		<-d.mu
		if d.state != 0 {
			d.mu <- struct{}{}
			return
		}
		d.state = 1
		d.mu <- struct{}{}
		c := d.c
		h := &fctx.Request.Header
		if target := h.RequestURI(); string(target) != bytesconv.B2S(saved) {
			u := string(target)
			h.SetRequestURI(bytesconv.B2S(saved))
			if b := c.baseURL; b != "" && strings.HasPrefix(u, b) && len(u) > len(b) && (u[len(b)] == '/' || u[len(b)] == '?') {
				u = u[len(b):]
			}
			c.req.SetURL(u)
			for _, f := range c.frames[:c.depthUsed] {
				f.candValid = false
			}
		}
		if m := h.Method(); string(m) != method {
			c.req.SetMethod(string(m))
		}
		d.next()
		// The bridge copies only the header fields that are set: the
		// Content-Length res.send left to fasthttp goes along.
		c.materializeLength()
		<-d.mu
		d.state = 2
		d.mu <- struct{}{}
	}
}

// detach handles a middleware that flushed on a fasthttp.Server and goes on
// on its own goroutine: the request's goroutine returns at once and the
// state is never recycled, since the middleware's goroutine may still use
// it.
func (d *downstream) detach() {
	<-d.mu
	if d.state == 0 {
		d.state = 3
	}
	d.mu <- struct{}{}
	d.c.detached.Store(true)
}
