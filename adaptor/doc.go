// Package adaptor bridges fasthttp and net/http in both directions. It
// imports fasthttp and the standard library only.
//
//   - Server (ToHTTP) serves a fasthttp.RequestHandler to net/http: behind
//     http.ListenAndServe, an http.Server with TLS and HTTP/2, h2c, httptest
//     or any net/http middleware stack.
//   - Context and Request give fasthttp-side code the net/http request it is
//     serving, with its cancellation.
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
// # Pooling and lifetime
//
// RequestCtx values are pooled and reset completely between requests:
// header fields, cookies, body, user values, remote address, response. A
// RequestCtx is reused only when nothing of the handler can still touch it:
// a body stream that was not read to its end (client gone), a hijack or a
// fasthttp.TimeoutHandler timeout makes Server drop it instead. Header
// strings handed to net/http are always fresh memory, never views of
// pooled fasthttp buffers, so net/http code may keep them.
package adaptor
