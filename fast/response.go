package fast

import (
	"errors"
	"strconv"

	"github.com/fwgo/fw/internal/bytesconv"
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
	if equalFoldASCII(field, "Content-Type") && len(values) > 0 {
		h.SetContentType(withDefaultCharset(values[0]))
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

// Send sends a response, as res.send(body): a string is sent as text/html
// unless a Content-Type is set (its charset becomes utf-8), a []byte as
// application/octet-stream unless set, nil as an empty body. An ETag is
// added per the "etag" setting, a fresh conditional GET becomes 304, and
// HEAD gets the headers only. It returns ErrHeadersSent when the response
// was already sent. For dynamic strings and byte slices, SendString and
// SendBytes avoid the allocation Go makes to put them in an interface.
func (r *Response) Send(body any) error {
	switch b := body.(type) {
	case string:
		return r.SendString(b)
	case []byte:
		return r.SendBytes(b)
	case nil:
		return r.send(nil, false, false)
	case int:
		// res.send(status), deprecated in Express: status and its text.
		if r.Get("Content-Type") == "" {
			r.c.fctx.Response.Header.Set("Content-Type", "text/plain; charset=utf-8")
		}
		r.Status(b)
		return r.SendString(statusText(b))
	}
	return sendJSON(r, body)
}

// sendJSON sends any other value as JSON; the full encoder replaces it.
var sendJSON = func(r *Response, body any) error {
	return errors.New("fast: res.Send of a " + typeName(body) + " is not supported yet")
}

// SendString sends s as Send does for a string, without allocating.
func (r *Response) SendString(s string) error {
	if r.c.sent {
		return ErrHeadersSent
	}
	h := &r.c.fctx.Response.Header
	if ct := h.ContentType(); len(ct) == 0 {
		h.SetContentType("text/html; charset=utf-8")
	} else {
		h.SetContentType(withCharset(bytesconv.B2S(ct), "utf-8"))
	}
	r.c.fctx.Response.SetBodyString(s)
	return r.send(r.c.fctx.Response.Body(), true, true)
}

// SendBytes sends b as Send does for a []byte, without allocating. b is
// copied.
func (r *Response) SendBytes(b []byte) error {
	if r.c.sent {
		return ErrHeadersSent
	}
	h := &r.c.fctx.Response.Header
	if len(h.ContentType()) == 0 {
		h.SetContentType("application/octet-stream")
	}
	r.c.fctx.Response.SetBody(b)
	return r.send(r.c.fctx.Response.Body(), true, false)
}

// send finishes res.send: ETag, freshness, status stripping. The body is
// already in the response when hasBody is set.
func (r *Response) send(body []byte, hasBody, _ bool) error {
	c := r.c
	if c.sent {
		return ErrHeadersSent
	}
	resp := &c.fctx.Response
	if !hasBody {
		resp.ResetBody()
	}
	if hasBody && c.settings.etag != etagOff && len(resp.Header.PeekCanonical(hETag)) == 0 {
		c.setETag(body)
	}
	if c.req.fresh() {
		resp.SetStatusCode(304)
	}
	switch resp.StatusCode() {
	case 204, 304:
		resp.Header.Del("Content-Type")
		resp.Header.Del("Content-Length")
		resp.Header.Del("Transfer-Encoding")
		resp.ResetBody()
	case 205:
		resp.Header.Del("Transfer-Encoding")
		resp.ResetBody()
	}
	c.sent = true
	return nil
}

// SendStatus sets the status and sends its text as the body, as
// res.sendStatus(code): Node's reason phrase, or the number for a code
// Node does not name.
func (r *Response) SendStatus(code int) error {
	if r.c.sent {
		return ErrHeadersSent
	}
	r.Status(code)
	r.c.fctx.Response.Header.SetContentType("text/plain; charset=utf-8")
	return r.SendString(statusText(code))
}

// End ends the response without a body, as res.end().
func (r *Response) End() error {
	if r.c.sent {
		return ErrHeadersSent
	}
	r.c.sent = true
	return nil
}

func statusTextOrEmpty(code int) string { return statusTexts(code) }

// withDefaultCharset adds the charset a MIME type has when value has none,
// as res.set('Content-Type', value) does.
func withDefaultCharset(value string) string {
	if hasCharsetParam(value) {
		return value
	}
	typ := value
	for i := 0; i < len(value); i++ {
		if value[i] == ';' {
			typ = value[:i]
			break
		}
	}
	if mimeCharsetUTF8(typ) {
		return value + "; charset=utf-8"
	}
	return value
}

func itoaStatus(code int) string { return strconv.Itoa(code) }
