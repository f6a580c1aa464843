package fast

import (
	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/etag"
)

// Send sends a response, as res.send(body):
//
//   - a string is sent as text/html unless a Content-Type is set (whose
//     charset then becomes utf-8);
//   - a []byte as application/octet-stream unless a Content-Type is set;
//   - nil (JavaScript's null) as an empty body, and Undefined (res.send()
//     without a body) as no body: no ETag, and Content-Length only as the
//     server adds it;
//   - an int is the deprecated res.send(status): the status with its
//     reason phrase as a text/plain body;
//   - anything else (bool, other numbers, maps, slices, structs,
//     *parsers.Object ...) is sent as JSON, as res.json does.
//
// An ETag is added per the "etag" setting, a fresh conditional GET or HEAD
// becomes 304, 204 and 304 lose their body and content headers, 205 its
// body, and HEAD gets the headers only.
//
// Send returns ErrHeadersSent when the response was already sent, and the
// other errors Express would throw: an invalid Content-Type, a status
// outside 100 to 999, a value JSON cannot encode.
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
		return r.sendNull()
	case undefined:
		return r.sendUndefined()
	case int:
		return r.sendStatusBody(b)
	}
	return r.JSON(body)
}

// SendString sends s as Send does for a string, without allocating.
func (r *Response) SendString(s string) error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	fctx := c.fctx
	resp := &fctx.Response
	if ct := resp.Header.ContentType(); len(ct) == 0 {
		resp.Header.SetContentType("text/html; charset=utf-8")
	} else if e := &c.ct.def[0]; !e.utf8 || !e.is(ct) { // else utf-8 already
		if err := c.forceUTF8(); err != nil {
			return err
		}
	}
	resp.SetBodyString(s)
	// finishSend's common case, repeated here to spare a call on the
	// path of most responses (TestFinishSendShortcut checks both).
	if c.settings.etag == etagOff && c.methodIdx == methodGet && c.plainStatus(resp) {
		rh := &fctx.Request.Header
		if len(rh.PeekCanonical(hIfNoneMatch)) == 0 && len(rh.PeekCanonical(hIfModifiedSince)) == 0 {
			c.implicitCL = true
			c.sent = true
			return nil
		}
	}
	return c.finishSend(true, len(s))
}

// SendBytes sends b as Send does for a []byte, without allocating. b is
// copied.
func (r *Response) SendBytes(b []byte) error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	h := &c.fctx.Response.Header
	if len(h.ContentType()) == 0 {
		h.SetContentType("application/octet-stream")
	}
	c.fctx.Response.SetBody(b)
	return c.finishSend(true, len(b))
}

// sendText is res.send(string) for a body already built in r.body: JSON,
// JSONP, status texts.
func (r *Response) sendText(body []byte) error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	if len(c.fctx.Response.Header.ContentType()) == 0 {
		c.fctx.Response.Header.SetContentType("text/html; charset=utf-8")
	} else if err := c.forceUTF8(); err != nil {
		return err
	}
	c.fctx.Response.SetBody(body)
	return c.finishSend(true, len(body))
}

// forceUTF8 sets the charset of the Content-Type to utf-8, as res.send
// does for a string with setCharset.
func (c *state) forceUTF8() error {
	h := &c.fctx.Response.Header
	ct := bytesconv.B2S(h.ContentType())
	v, same, err := c.utf8Charset(ct)
	if err != nil {
		return c.fail(jsTypeError(err.Error()))
	}
	if !same {
		h.SetContentType(v)
	}
	return nil
}

// sendNull is res.send(null): an empty string body, with its ETag and
// Content-Length, and a Content-Type only if one was set (whose charset
// becomes utf-8).
func (r *Response) sendNull() error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	if len(c.fctx.Response.Header.ContentType()) != 0 {
		if err := c.forceUTF8(); err != nil {
			return err
		}
	}
	c.fctx.Response.ResetBody()
	return c.finishSend(true, 0)
}

// sendUndefined is res.send() and res.send(undefined): no body, no ETag;
// the server writes Content-Length: 0 except for HEAD, as Node does.
func (r *Response) sendUndefined() error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	c.fctx.Response.ResetBody()
	return c.finishSend(false, 0)
}

// sendStatusBody is the deprecated res.send(status).
func (r *Response) sendStatusBody(code int) error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	h := &c.fctx.Response.Header
	if len(h.ContentType()) == 0 {
		h.SetContentType("text/plain; charset=utf-8")
	}
	c.res.setStatus(code)
	// statuses.message[code]: undefined for an unknown code, which
	// res.send(undefined) sends as no body.
	if t := statusTextOrEmpty(code); t != "" {
		return r.SendString(t)
	}
	return r.sendUndefined()
}

// SendStatus sets the status and sends its text as the body, as
// res.sendStatus(code): Node's reason phrase, or the number for a code Node
// does not name, as text/plain. It allocates nothing for a named status.
func (r *Response) SendStatus(code int) error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	c.res.setStatus(code)
	c.fctx.Response.Header.SetContentType("text/plain; charset=utf-8")
	return r.SendString(statusText(code))
}

// finishSend ends res.send once the body, of n bytes, is in place:
// Content-Length, the ETag, freshness, the status rules, then Node's status
// check.
//
// Content-Length is left unset, and c.implicitCL set, when fasthttp's
// Response.Write will set it to the same value: an in-memory body of a
// response that is not to HEAD and whose status has a body (2xx to 9xx but
// 204, 205 and 304). Response.Write calls SetContentLength(len(body)) for
// every such response, so the bytes on the wire are the same; everything in
// fw that reads the header first calls materializeLength.
func (c *state) finishSend(hasBody bool, n int) error {
	resp := &c.fctx.Response
	if hasBody && c.settings.etag != etagOff && len(resp.Header.PeekCanonical(hETag)) == 0 {
		c.setETag(resp.Body())
	}
	// The common case, as fresh and finishStatus take it: a GET without
	// If-None-Match and If-Modified-Since (so not fresh), answered with a
	// body kept by its status (2xx but 204 and 205), in memory.
	if hasBody && c.methodIdx == methodGet && c.plainStatus(resp) {
		h := &c.fctx.Request.Header
		if len(h.PeekCanonical(hIfNoneMatch)) == 0 && len(h.PeekCanonical(hIfModifiedSince)) == 0 {
			c.implicitCL = true
			c.sent = true
			return nil
		}
	}
	st := resp.StatusCode()
	if c.fresh(st) {
		resp.SetStatusCode(304)
		st = 304
	}
	return c.finishStatus(st, hasBody, n)
}

// plainStatus reports whether resp, whose body is in memory, goes out as it
// is: a 2xx status that keeps its body (not 204 or 205), not Status(0),
// not skipped, no res.charset to apply.
func (c *state) plainStatus(resp *fasthttp.Response) bool {
	st := resp.StatusCode()
	return uint(st-200) < 100 && uint(st-204) > 1 && !c.res.zeroStatus && c.legacy.charset == "" &&
		!resp.SkipBody && !resp.IsBodyStream()
}

// finishStatus is finishSend after freshness, for a status st: the status
// rules, Content-Length, then Node's status check.
func (c *state) finishStatus(st int, hasBody bool, n int) error {
	resp := &c.fctx.Response
	switch st {
	case 204, 304:
		resp.Header.SetNoDefaultContentType(true)
		resp.Header.Del("Content-Type")
		resp.Header.Del("Content-Length")
		resp.Header.Del("Transfer-Encoding")
		resp.ResetBody()
		hasBody = false
	case 205:
		resp.Header.Del("Transfer-Encoding")
		resp.ResetBody()
		resp.Header.SetContentLength(0)
		hasBody = false
	}
	if !c.res.zeroStatus && st >= 100 && st <= 999 && c.legacy.charset == "" {
		if hasBody {
			if st >= 200 && c.methodIdx != methodHead && !resp.SkipBody && !resp.IsBodyStream() {
				c.implicitCL = true
			} else {
				resp.Header.SetContentLength(n)
			}
		}
		c.sent = true // endResponse's common case
		return nil
	}
	if hasBody {
		resp.Header.SetContentLength(n)
	}
	return c.endResponse()
}

// materializeLength sets the Content-Length that res.send left to
// fasthttp's Response.Write (see finishSend), as Response.Write would:
// the length of the in-memory body. Anything in fw that reads
// Content-Length or Transfer-Encoding of a sent response, or hands the
// header to other code (the net/http middleware bridge), calls it first.
func (c *state) materializeLength() {
	if !c.implicitCL {
		return
	}
	c.implicitCL = false
	resp := &c.fctx.Response
	if !resp.IsBodyStream() {
		resp.Header.SetContentLength(len(resp.Body()))
	}
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
	if c.top.legacy != nil { // Express 3's format (legacy_etag.go)
		h.SetCanonical(hETag, appendLegacyETag(buf[:0], body, s.etag == etagWeak))
		return
	}
	h.SetCanonical(hETag, etag.AppendBody(buf[:0], body, s.etag == etagWeak))
}

// passPending returns the pending error and clears it: it is being passed
// to next, as Express's throw is.
func (c *state) passPending() error {
	err := c.failErr
	c.failErr = nil
	return err
}

// ready returns nil when the response may still change: after sending it
// records and returns ErrHeadersSent, and while the error of a failed call
// is pending it returns that error (the call would not have run after
// Express's throw).
func (c *state) ready() error {
	if c.sent {
		return c.fail(ErrHeadersSent)
	}
	return c.failErr
}

// fail records an error a response method met and returns it. Before the
// response is sent the error is pending, as a thrown error in Express: later
// response calls refuse with it, and it is passed to next when the handler
// calls next or returns (see passPending). After the response was sent,
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

// undefined is the type of Undefined.
type undefined struct{}

// Undefined stands for JavaScript's undefined where Express tells it from
// null: Send(Undefined) is res.send() (no body, no ETag), JSON(Undefined)
// is res.json(undefined) (an empty body), JSONP(Undefined) calls the
// callback with no argument, and a JSON replacer returning Undefined drops
// the member, as JSON.stringify does.
var Undefined any = undefined{}
