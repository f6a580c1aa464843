package fast

import (
	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/status"
)

// Response is Express's res for one request. Like Request, it is valid
// until the handler chain returns, and is not safe for concurrent use.
//
// The response is buffered: it is written to the connection when the
// handler chain returns. "Sending" (Send, End, SendStatus ...) completes
// it; HeadersSent then reports true and later header changes are refused.
type Response struct {
	c *state
}

// ErrHeadersSent is returned when a response is sent twice, as Node raises
// ERR_HTTP_HEADERS_SENT.
var ErrHeadersSent = &HTTPError{Status: 500, Name: "Error [ERR_HTTP_HEADERS_SENT]",
	Message: "Cannot set headers after they are sent to the client"}

func (r *Response) reset() {}

// Status sets the status code, as res.status(code); it chains.
func (r *Response) Status(code int) *Response {
	if !r.c.sent {
		r.c.fctx.Response.SetStatusCode(code)
	}
	return r
}

// StatusCode returns the status code, as res.statusCode.
func (r *Response) StatusCode() int { return r.c.fctx.Response.StatusCode() }

// Set sets a response header, as res.set(field, value) (alias Header);
// several values make several header lines. A Content-Type without a
// charset gets the one its MIME type has (text types: utf-8), as Express
// does. It chains; after the response was sent it changes nothing.
func (r *Response) Set(field string, values ...string) *Response {
	if r.c.sent {
		return r
	}
	h := &r.c.fctx.Response.Header
	if len(field) == 12 && (field == "Content-Type" || equalFoldASCII(field, "Content-Type")) && len(values) > 0 {
		h.SetContentType(r.c.defaultCharset(values[0]))
		return r
	}
	var buf [64]byte
	k, ok := canonicalHeader(buf[:0], field)
	if !ok || len(values) != 1 {
		h.Del(field)
		for _, v := range values {
			h.Add(field, v)
		}
		return r
	}
	h.SetCanonical(k, bytesconv.S2B(values[0]))
	return r
}

// Header is an alias of Set.
func (r *Response) Header(field string, values ...string) *Response { return r.Set(field, values...) }

// Get returns a response header, or "", as res.get(field). The value is
// valid until the header changes or the request ends.
func (r *Response) Get(field string) string {
	return bytesconv.B2S(r.c.peekResponseHeader(field))
}

// HeadersSent reports whether the response was sent, as res.headersSent.
func (r *Response) HeadersSent() bool { return r.c.sent }

// Locals returns the request's locals, as res.locals: values for the views
// rendered in this request. The map is reused by later requests: do not
// keep it past the request.
func (r *Response) Locals() map[string]any {
	if r.c.locals == nil {
		r.c.locals = make(map[string]any)
	}
	return r.c.locals
}

// App returns the app handling the request, as res.app.
func (r *Response) App() *App { return r.c.app }

// Req returns the request of this response, as res.req.
func (r *Response) Req() *Request { return &r.c.req }

// End ends the response without a body, as res.end().
func (r *Response) End() error {
	if r.c.sent {
		return r.c.fail(ErrHeadersSent)
	}
	r.c.sent = true
	return nil
}

func statusTextOrEmpty(code int) string { return status.Text(code) }
