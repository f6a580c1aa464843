package fast

import (
	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/etag"
)

// Send sends a response, as res.send(body): a string is sent as text/html
// unless a Content-Type is set (whose charset then becomes utf-8), a []byte
// as application/octet-stream unless set, nil as an empty body, an int as
// the deprecated res.send(status); other values go to JSON. An ETag is added
// per the "etag" setting, a fresh conditional GET becomes 304, 204 and 304
// lose their body and content headers, and HEAD gets the headers only.
//
// Send returns ErrHeadersSent when the response was already sent, and the
// error Express would throw for an invalid Content-Type. An error a handler
// ignores still reaches the final handler when the chain ends unanswered,
// as Express's throw reaches it through next(err).
//
// A string or []byte held in a variable is copied into an interface by Go
// before Send sees it (one small allocation); SendString and SendBytes
// avoid it.
func (r *Response) Send(body any) error {
	switch b := body.(type) {
	case string:
		return r.SendString(b)
	case []byte:
		return r.SendBytes(b)
	case nil:
		return r.sendEmpty()
	case int:
		return r.sendStatusBody(b)
	}
	return sendJSON(r, body)
}

// sendJSON sends any other value as res.json does; the JSON encoder sets it.
var sendJSON = func(r *Response, body any) error {
	return r.c.fail(&HTTPError{Status: 500, Name: "TypeError", Message: "fast: res.Send of a " + typeName(body) + " needs the JSON encoder"})
}

// SendString sends s as Send does for a string, without allocating.
func (r *Response) SendString(s string) error {
	c := r.c
	if c.sent {
		return c.fail(ErrHeadersSent)
	}
	h := &c.fctx.Response.Header
	if ct := h.ContentType(); len(ct) == 0 {
		h.SetContentType("text/html; charset=utf-8")
	} else {
		v, err := c.utf8Charset(bytesconv.B2S(ct))
		if err != nil {
			return c.fail(&HTTPError{Status: 500, Name: "TypeError", Message: err.Error(), Err: err})
		}
		if !bytesconv.Same(v, bytesconv.B2S(ct)) {
			h.SetContentType(v)
		}
	}
	c.fctx.Response.SetBodyString(s)
	return c.finishSend(true)
}

// SendBytes sends b as Send does for a []byte, without allocating. b is
// copied.
func (r *Response) SendBytes(b []byte) error {
	c := r.c
	if c.sent {
		return c.fail(ErrHeadersSent)
	}
	h := &c.fctx.Response.Header
	if len(h.ContentType()) == 0 {
		h.SetContentType("application/octet-stream")
	}
	c.fctx.Response.SetBody(b)
	return c.finishSend(true)
}

// sendEmpty is res.send(null) and res.send(): an empty body; only a body
// given as a value gets an ETag and Content-Length.
func (r *Response) sendEmpty() error {
	c := r.c
	if c.sent {
		return c.fail(ErrHeadersSent)
	}
	c.fctx.Response.ResetBody()
	return c.finishSend(false)
}

// sendStatusBody is the deprecated res.send(status).
func (r *Response) sendStatusBody(code int) error {
	if r.c.sent {
		return r.c.fail(ErrHeadersSent)
	}
	if len(r.c.fctx.Response.Header.ContentType()) == 0 {
		r.c.fctx.Response.Header.SetContentType("text/plain; charset=utf-8")
	}
	r.c.fctx.Response.SetStatusCode(code)
	return r.SendString(statusText(code))
}

// SendStatus sets the status and sends its text as the body, as
// res.sendStatus(code): Node's reason phrase, or the number for a code Node
// does not name.
func (r *Response) SendStatus(code int) error {
	c := r.c
	if c.sent {
		return c.fail(ErrHeadersSent)
	}
	c.fctx.Response.SetStatusCode(code)
	c.fctx.Response.Header.SetContentType("text/plain; charset=utf-8")
	return r.SendString(statusText(code))
}

// finishSend ends res.send once the body is in place: the ETag, freshness,
// and the status rules.
func (c *state) finishSend(hasBody bool) error {
	resp := &c.fctx.Response
	if hasBody && c.settings.etag != etagOff && len(resp.Header.PeekCanonical(hETag)) == 0 {
		c.setETag(resp.Body())
	}
	if c.req.Fresh() {
		resp.SetStatusCode(304)
	}
	switch resp.StatusCode() {
	case 204, 304:
		resp.Header.SetNoDefaultContentType(true)
		resp.Header.Del("Content-Type")
		resp.Header.Del("Transfer-Encoding")
		resp.ResetBody()
	case 205:
		resp.Header.Del("Transfer-Encoding")
		resp.ResetBody()
	}
	c.sent = true
	return nil
}

// setETag sets the ETag of body per the "etag" setting.
func (c *state) setETag(body []byte) {
	s := c.settings
	h := &c.fctx.Response.Header
	switch s.etag {
	case etagCustom:
		if v := s.etagFn(body); v != "" {
			h.SetCanonical(hETag, bytesconv.S2B(v))
		}
		return
	case etagOff:
		return
	}
	var buf [64]byte
	h.SetCanonical(hETag, etag.AppendBody(buf[:0], body, s.etag == etagWeak))
}

// fail records an error a response method met, for the final handler if
// the chain ends unanswered, and returns it. After the response was sent,
// the connection is closed, as Express destroys the socket.
func (c *state) fail(err error) error {
	if c.failErr == nil {
		c.failErr = err
	}
	if c.sent {
		c.closed = true
	}
	return err
}
