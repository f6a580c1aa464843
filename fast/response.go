package fast

import (
	"github.com/fwgo/fw/internal/status"
)

// Response is Express's res for one request. Like Request, it is valid
// until the handler chain returns, and is not safe for concurrent use.
//
// The response is buffered: it is written to the connection when the
// handler chain returns. "Sending" (Send, End, SendStatus ...) completes
// it; HeadersSent then reports true and later header changes are refused.
//
// Setters (Status, Set, Append, Type, Vary, Links, Location, Cookie,
// ClearCookie, Attachment) return the Response to chain calls; a setter
// that fails changes nothing and records the error Express would throw (see
// Err). Terminal methods (Send and its typed forms, JSON, JSONP,
// SendStatus, End, Redirect, Format) return that error. Before the
// response is sent, a recorded error stands for Express's throw: later
// response calls refuse with it, and when the handler calls next or
// returns, it is passed to next, reaching the error handlers and then the
// final handler, as Express's catch passes a throw on (Recover is the
// try/catch). After the response was sent, an error closes the
// connection, as Express destroys the socket.
//
// NOTE: every field must be cleared in reset.
type Response struct {
	c *state

	body []byte      // encoded JSON and other bodies built here; SetBody copies them
	aux  []byte      // a second buffer (JSONP's wrapper, redirect bodies)
	enc  jsonEncoder // res.json's encoder

	// zeroStatus records Status(0), which fasthttp reads back as 200.
	zeroStatus bool
}

// ErrHeadersSent is returned when a response is sent twice, or a header is
// set after sending, as Node raises ERR_HTTP_HEADERS_SENT.
var ErrHeadersSent = &HTTPError{Status: 500, Name: "Error [ERR_HTTP_HEADERS_SENT]",
	Message: "Cannot set headers after they are sent to the client"}

// ErrWriteAfterEnd is returned by End with data after the response was
// sent, as Node raises ERR_STREAM_WRITE_AFTER_END.
var ErrWriteAfterEnd = &HTTPError{Name: "Error [ERR_STREAM_WRITE_AFTER_END]", Message: "write after end"}

func (r *Response) reset() {
	if cap(r.body) > maxKeptBody {
		r.body = nil
	}
	if cap(r.aux) > maxKeptBody {
		r.aux = nil
	}
	r.body, r.aux = r.body[:0], r.aux[:0]
	r.enc.release()
	r.zeroStatus = false
}

// maxKeptBody is the largest body buffer a pooled Response keeps for the
// next request.
const maxKeptBody = 64 << 10

// Status sets the status code, as res.status(code); it chains. The code is
// checked when the response is sent: outside 100 to 999 sending fails with
// Node's RangeError. After sending it changes nothing.
func (r *Response) Status(code int) *Response {
	if !r.c.sent && r.c.failErr == nil {
		r.setStatus(code)
	}
	return r
}

func (r *Response) setStatus(code int) {
	r.c.fctx.Response.SetStatusCode(code)
	r.zeroStatus = code == 0
}

// StatusCode returns the status code, as res.statusCode.
func (r *Response) StatusCode() int {
	if r.zeroStatus {
		return 0
	}
	return r.c.fctx.Response.StatusCode()
}

// HeadersSent reports whether the response was sent, as res.headersSent.
func (r *Response) HeadersSent() bool { return r.c.sent }

// Err returns the first error a response method of this request met (a
// failed setter, a second send ...), or nil. Before the response is sent
// such an error is pending, as Express's throw: the response methods called
// after it refuse with it, and when the handler calls next or returns, the
// error is passed to next (the error handlers, then the final handler).
// Recover clears it.
func (r *Response) Err() error { return r.c.failErr }

// Recover returns the pending error of a failed call and clears it, as a
// try/catch around that call: the error does not reach next, and the
// response can be used again. After the response was sent it returns the
// error without clearing it (the connection is closed all the same).
func (r *Response) Recover() error {
	err := r.c.failErr
	if !r.c.sent {
		r.c.failErr = nil
	}
	return err
}

// Locals returns the request's locals, as res.locals: values for the views
// rendered in this request. The map is reused by later requests: do not
// keep it past the request.
func (r *Response) Locals() map[string]any {
	r.c.touched = true // the caller may write into the map
	if r.c.locals == nil {
		r.c.locals = make(map[string]any)
	}
	return r.c.locals
}

// App returns the app handling the request, as res.app.
func (r *Response) App() *App { return r.c.app }

// Req returns the request of this response, as res.req.
func (r *Response) Req() *Request { return &r.c.req }

// End ends the response, as res.end([data]): with data, the strings are
// the body, sent as they are (no Content-Type, no ETag); Content-Length is
// set, except for HEAD, whose body is never sent. A second End without
// data does nothing, as in Node; with data it is ErrWriteAfterEnd.
func (r *Response) End(data ...string) error {
	c := r.c
	if c.sent {
		if len(data) == 0 {
			return nil
		}
		return c.fail(ErrWriteAfterEnd)
	}
	if c.failErr != nil {
		return c.failErr
	}
	resp := &c.fctx.Response
	switch {
	case len(data) == 0 || c.fctx.IsHead():
		// Node neither sends nor counts the body of a HEAD response.
	case len(data) == 1:
		resp.SetBodyString(data[0])
	default:
		resp.ResetBody()
		for _, d := range data {
			resp.AppendBodyString(d)
		}
	}
	return c.endResponse()
}

// endResponse is Node's writeHead at res.end: the status must be valid.
// On success the response is sent.
func (c *state) endResponse() error {
	if code := c.res.StatusCode(); code < 100 || code > 999 {
		return c.fail(invalidStatusError(code))
	}
	if c.legacy.charset != "" {
		c.applyCharset() // res.charset (legacy_charset.go)
	}
	c.sent = true
	return nil
}

func statusTextOrEmpty(code int) string { return status.Text(code) }
