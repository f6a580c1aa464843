// Package adaptor bridges fasthttp and net/http in both directions. It
// imports fasthttp and the standard library only.
//
//   - Server (ToHTTP) serves a fasthttp.RequestHandler to net/http: behind
//     http.ListenAndServe, an http.Server with TLS and HTTP/2, h2c, httptest
//     or any net/http middleware stack.
//   - FromHTTP runs an http.Handler as a fasthttp.RequestHandler.
//   - FromMiddleware runs a net/http middleware, func(http.Handler)
//     http.Handler, around fasthttp code, so the middleware wraps the
//     downstream's response (timing, header rewriting, compression) or
//     answers in its place.
//   - Context and Request give fasthttp-side code the net/http request it is
//     serving, with its cancellation.
//
// The three compose: a fasthttp application served by Server can mount
// net/http handlers (FromHTTP) and middleware (FromMiddleware), which then
// write to the net/http ResponseWriter directly, on the request's own
// goroutine, so flushing, hijacking and HTTP/2 behave exactly as under
// net/http. On a fasthttp.Server the same bridges buffer the response into
// ctx.Response and switch to streaming on the first Flush.
//
// # Server
//
// Every request gets a pooled *fasthttp.RequestCtx, filled as
// fasthttp.Server would fill it:
//
//   - method, protocol ("HTTP/1.1", "HTTP/1.0", "HTTP/2.0"), Host;
//   - the request target exactly as the client sent it
//     (http.Request.RequestURI), not a cleaned path, unless net/http code in
//     front of Server rewrote r.URL (http.StripPrefix): then the rewritten
//     target;
//   - every header field, duplicates included. net/http canonicalises field
//     names and keeps fields in a map, so the original case and the order
//     across names are lost: names reach fasthttp sorted, the values of one
//     name in the order received. RawHeaders and AllInOrder are empty (there
//     is no raw header block); use All. A chunked request keeps its
//     "Transfer-Encoding: chunked", which net/http moves out of the header.
//     The size of the request head is bounded by net/http
//     (http.Server.MaxHeaderBytes, 1 MB by default), not by fasthttp's
//     ReadBufferSize;
//   - remote address (RemoteAddr, RemoteIP) parsed from
//     http.Request.RemoteAddr, local address from http.LocalAddrContextKey;
//   - TLS: IsTLS, TLSConnectionState and the "https" scheme of URI when
//     net/http terminated TLS;
//   - the body, read whole before the handler runs up to MaxRequestBodySize,
//     or, with StreamRequestBody, not read at all: the handler reads
//     ctx.RequestBodyStream(), which reads net/http's body directly, so
//     nothing is buffered beyond what the handler's own parser keeps. A body
//     over the limit goes to ErrorHandler as fasthttp.ErrBodyTooLarge, which
//     leaves the 413 to the caller, as fasthttp.Server does.
//
// After the handler, the response is written to the http.ResponseWriter:
// the status code, every header field (all Set-Cookie lines, each as set),
// Content-Length and Content-Type as fasthttp would write them, then the
// body. A body stream (SetBodyStream, SetBodyStreamWriter) is copied as it is
// produced; when its size is unknown each piece is flushed to the client
// at once, as fasthttp flushes each chunk, so server-sent events written and
// flushed by a StreamWriter reach net/http clients one by one, over HTTP/1.1
// and HTTP/2. A stream that fails mid-body aborts the response
// (http.ErrAbortHandler), so the client sees an error, not a short body.
//
// What differs from fasthttp.Server, because net/http writes the wire:
//
//   - the reason phrase of the status line is net/http's (http.StatusText),
//     not the one set with SetStatusMessage;
//   - header fields are written in net/http's order (sorted), and net/http
//     adds Date (unless NoDefaultDate) and frames the body (Content-Length,
//     chunked, HTTP/2 DATA frames); connection-specific fields are dropped
//     over HTTP/2; no Server field is added;
//   - RequestCtx.Hijack cannot be honoured: the hijack handler is unexported
//     fasthttp state. A handler that hijacks gets its connection closed; run
//     a net/http handler that uses http.Hijacker instead;
//   - ctx.Time() and ctx.ConnRequestNum() are zero, ctx.ConnTime() is the
//     start of the request, ctx.ID() is unique per request.
//
// # net/http code on fasthttp
//
// FromHTTP and FromMiddleware build an *http.Request from the RequestCtx
// (method, raw target, protocol, header fields with duplicates, Host, remote
// address, TLS state, a Body reading ctx's body) whose strings are all fresh
// memory: net/http code may keep any of them. Header fields already set on
// ctx.Response (by middleware that ran before) are in w.Header() when the
// net/http code starts, and leave with its response.
//
// On a fasthttp.Server the net/http code runs on a goroutine of its own
// while the fasthttp handler goroutine waits, so that a Flush can send the
// response before the net/http code returns: the fasthttp handler returns
// at the flush and fasthttp streams the rest. FromHTTP streams through
// fasthttp's body stream, keeping the connection; FromMiddleware, whose
// downstream may still need ctx, sends a flushed response over the
// connection itself (a hijack) and the connection closes at its end. Panics
// before the response left are re-raised on the fasthttp goroutine. The
// ResponseWriter follows net/http: buffered body, sniffed Content-Type (a
// nil value suppresses it), http.ErrBodyNotAllowed for 204 and 304,
// http.Flusher, http.Hijacker (WebSocket libraries work).
//
// # Cancellation
//
// Through Server, Context(ctx) is the *http.Request's context: net/http
// cancels it when the client disconnects (HTTP/1.x connection closed, HTTP/2
// stream reset) or when ServeHTTP returns. fasthttp itself offers no such
// signal: its RequestCtx implements context.Context, but Done is closed only
// when the fasthttp.Server shuts down, and a client disconnect is noticed
// only when writing the response fails. Context(ctx) returns that
// RequestCtx for requests that did not come through net/http, so code using
// it works under both servers.
//
// The *http.Request that FromHTTP and FromMiddleware build carries a
// context that is the Server request's context (direct mode), or, on a
// fasthttp.Server, one canceled when the net/http code returns or when
// fasthttp stops sending a streamed response because the client left.
//
// # Pooling and lifetime
//
// RequestCtx values are pooled and reset completely between requests:
// header fields, cookies, body, user values, remote address, response. A
// RequestCtx is reused only when nothing of the handler can still touch it:
// a body stream that was not read to its end (client gone), a hijack or a
// fasthttp.TimeoutHandler timeout makes Server drop it instead. Header
// strings handed to net/http are always fresh memory, never views of
// pooled fasthttp buffers, so net/http code may keep them (fasthttp's own
// adaptor handed out views, which leaked cookies across requests:
// valyala/fasthttp#1859 and #1860). The request, its body, its context and
// the ResponseWriter of FromHTTP and FromMiddleware are allocated per
// request, never pooled: kept past the request they fail (reads, writes) or
// are canceled, and never reach another request's data.
//
// # Cost
//
// Server allocates one slice per request (the header values handed to
// net/http; common names and values are constants), where a net/http
// handler setting the same three fields allocates three. FromHTTP and
// FromMiddleware allocate what net/http allocates for a request (the
// request, its URL, header map and strings) plus one exchange; on a
// fasthttp.Server they also start one goroutine per request. The
// benchmarks in this package measure each path against net/http.
package adaptor
