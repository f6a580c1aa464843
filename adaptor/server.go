package adaptor

import (
	"errors"
	"net"
	"net/http"
	"sync"

	"github.com/valyala/fasthttp"
)

// Server is an http.Handler that runs a fasthttp.RequestHandler for every
// net/http request, the way a fasthttp.Server would run it: the handler gets
// a pooled *fasthttp.RequestCtx holding the request (method, the raw request
// target as the client sent it, protocol, every header field, Host, remote
// and local address, TLS state, body) and its response (status, header
// fields, every Set-Cookie, body or body stream) is written to the
// http.ResponseWriter. It serves HTTP/1.x and HTTP/2 alike, and any net/http
// middleware, httptest server or TLS configuration can sit in front of it.
//
// The exported fields mirror the fasthttp.Server fields of the same name and
// are read on every request; set them before serving. A Server must not be
// copied after first use. Its methods are safe for concurrent use.
type Server struct {
	// Handler serves each request. Required.
	Handler fasthttp.RequestHandler

	// ErrorHandler answers requests that cannot be handed to Handler: a
	// body over MaxRequestBodySize (fasthttp.ErrBodyTooLarge), a failed body
	// read, a hand-built request whose method or target is not HTTP/1.x
	// syntax. The size of the request head is net/http's to bound
	// (http.Server.MaxHeaderBytes).
	//
	// Optional. Default: fasthttp.Server's own answers (431 "Too big request
	// header", 408 "Request timeout", otherwise 400 "Error when parsing
	// request"), so the 413 of an oversized body is the caller's choice, as
	// it is with fasthttp.Server. The connection is closed after the answer.
	ErrorHandler func(ctx *fasthttp.RequestCtx, err error)

	// MaxRequestBodySize bounds the request body read into memory before
	// Handler runs when StreamRequestBody is false.
	//
	// Optional. Default: fasthttp.DefaultMaxRequestBodySize (4 MiB).
	MaxRequestBodySize int

	// StreamRequestBody hands the body to Handler unread, as
	// ctx.RequestBodyStream(), reading straight from net/http; nothing is
	// buffered and MaxRequestBodySize does not apply. Handlers then bound
	// what they read themselves.
	//
	// Optional. Default: false, the whole body is read first.
	StreamRequestBody bool

	// NoDefaultContentType stops the default "text/plain; charset=utf-8"
	// Content-Type of a response with a body and no Content-Type.
	//
	// Optional. Default: false, as with fasthttp.Server.
	NoDefaultContentType bool

	// NoDefaultDate stops the Date field net/http adds to every response.
	//
	// Optional. Default: false.
	NoDefaultDate bool

	// Logger is what ctx.Logger() writes to.
	//
	// Optional. Default: fasthttp's default logger (standard error).
	Logger fasthttp.Logger

	pool sync.Pool // of *serverCtx
}

// ToHTTP returns a Server running h with fasthttp.Server's defaults.
func ToHTTP(h fasthttp.RequestHandler) *Server {
	return &Server{Handler: h}
}

// serverCtx is the pooled per-request state of Server.
//
// NOTE: every field is either reset by release or holds only pooled scratch
// memory whose contents never outlive a request; whoever adds a reference
// field must clear it in release.
type serverCtx struct {
	ctx   fasthttp.RequestCtx
	conn  tlsConn // &conn.conn for plain requests, &conn for TLS
	frame frame
	keys  []string // scratch for sorting header names
	buf   []byte   // copy buffer for bodies
}

func (c *serverCtx) buffer() []byte {
	if c.buf == nil {
		c.buf = make([]byte, 16<<10)
	}
	return c.buf
}

func (s *Server) acquire() *serverCtx {
	if c, ok := s.pool.Get().(*serverCtx); ok {
		return c
	}
	return new(serverCtx)
}

// release returns c to the pool after a request that left nothing behind
// (no goroutine of the handler still using ctx). Otherwise c is dropped and
// collected once unreferenced.
func (s *Server) release(c *serverCtx, reuse bool) {
	ctx := &c.ctx
	if !reuse || ctx.Hijacked() || ctx.LastTimeoutErrorResponse() != nil {
		return
	}
	ctx.Request.Reset()
	ctx.Response.Reset()
	ctx.HijackSetNoResponse(false)
	c.conn.r = nil
	c.frame = frame{}
	clear(c.keys)
	c.keys = c.keys[:0]
	s.pool.Put(c)
}

// ServeHTTP serves r with Handler. The response is complete when ServeHTTP
// returns: a body stream is copied to w before it returns, flushing each
// piece when its length is unknown.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	c := s.acquire()
	ctx := &c.ctx
	c.conn.r = r
	var nc net.Conn = &c.conn.conn
	if r.TLS != nil {
		nc = &c.conn
	}
	ctx.Init2(nc, s.Logger, false)
	c.frame = frame{r: r, w: w}
	ctx.SetUserValue(frameKey{}, &c.frame)
	ctx.Response.Header.SetNoDefaultContentType(s.NoDefaultContentType)

	if err := c.load(s, r); err != nil {
		s.fail(c, w, r, err)
		return
	}
	s.Handler(ctx)
	if c.frame.sent {
		// A bridge inside Handler (FromHTTP, Middleware) wrote the
		// response to w itself.
		s.release(c, !ctx.Response.IsBodyStream())
		return
	}
	resp := &ctx.Response
	if t := ctx.LastTimeoutErrorResponse(); t != nil {
		// fasthttp.TimeoutHandler answered while the handler goes on in
		// its own goroutine with ctx: send the timeout answer, and never
		// reuse ctx.
		resp = t
	}
	if ctx.Hijacked() {
		// The hijack handler is unexported state of RequestCtx; it cannot
		// be run from outside fasthttp. Fail the request loudly.
		ctx.Logger().Printf("adaptor: RequestCtx.Hijack is not supported under net/http; use FromHTTP with an http.Hijacker")
		s.release(c, false)
		panic(http.ErrAbortHandler)
	}
	s.respond(c, w, r, resp)
}

// respond writes resp to w and releases c.
func (s *Server) respond(c *serverCtx, w http.ResponseWriter, r *http.Request, resp *fasthttp.Response) {
	if st := resp.Header.StatusCode(); st < 100 || st > 999 {
		c.ctx.Logger().Printf("adaptor: invalid status code %d, sending 500", st)
	}
	o := sendOptions{
		head:          c.ctx.IsHead(),
		h2:            r.ProtoMajor >= 2,
		final:         true,
		noDefaultDate: s.NoDefaultDate,
	}
	drained, err := sendResponse(w, resp, o, c.buffer())
	s.release(c, drained && resp == &c.ctx.Response)
	if _, ok := err.(streamError); ok {
		// Cut the response short so the client sees a failure, as
		// fasthttp.Server does by closing the connection mid-body.
		panic(http.ErrAbortHandler)
	}
}

// load fills ctx from r: request line and header fields, the TLS scheme,
// then the body.
func (c *serverCtx) load(s *Server, r *http.Request) error {
	ctx := &c.ctx
	var err error
	if c.keys, err = setHead(&ctx.Request.Header, r, requestTarget(r), c.keys); err != nil {
		return err
	}
	if r.TLS != nil {
		ctx.Request.URI().SetScheme("https")
	}
	return c.loadBody(s, r)
}

// fail answers a request that could not be loaded, through ErrorHandler.
func (s *Server) fail(c *serverCtx, w http.ResponseWriter, r *http.Request, err error) {
	ctx := &c.ctx
	ctx.Response.Reset()
	ctx.Response.Header.SetNoDefaultContentType(s.NoDefaultContentType)
	if s.ErrorHandler != nil {
		s.ErrorHandler(ctx, err)
	} else {
		defaultErrorHandler(ctx, err)
	}
	ctx.SetConnectionClose()
	s.respond(c, w, r, &ctx.Response)
}

// defaultErrorHandler answers as fasthttp.Server's default error handler.
func defaultErrorHandler(ctx *fasthttp.RequestCtx, err error) {
	var small *fasthttp.ErrSmallBuffer
	var ne net.Error
	switch {
	case errors.As(err, &small):
		ctx.Error("Too big request header", fasthttp.StatusRequestHeaderFieldsTooLarge)
	case errors.As(err, &ne) && ne.Timeout():
		ctx.Error("Request timeout", fasthttp.StatusRequestTimeout)
	default:
		ctx.Error("Error when parsing request", fasthttp.StatusBadRequest)
	}
}
