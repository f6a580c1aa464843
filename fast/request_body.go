package fast

import (
	"io"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/parsers"
)

// Body returns req.body: nil (Express's undefined) until a body parser
// runs; after one ran, what it parsed, or an empty *Object ({}) when it
// parsed nothing (no body, another Content-Type, an error). JSON gives the
// parsers package's value model (*Object, []any, string, float64, bool,
// nil), URLEncoded an *Object, Text a string and Raw a []byte. The value,
// and everything it points to, is valid until the request ends: Raw's
// bytes may be fasthttp's request buffer; the other parsers' values are
// newly allocated. Copy what you keep.
func (r *Request) Body() any { return r.c.body }

// SetBody sets req.body, as assigning it does in Express. Body parsers
// that run afterwards keep a value that is not falsy (nil, false, "", 0)
// when they parse nothing.
func (r *Request) SetBody(v any) { r.c.body, r.c.bodyUsed = v, true }

// BodyParsed reports whether a body parser (or Bind) has taken the
// request's body, body-parser's req._body flag: later body parsers skip
// the request.
func (r *Request) BodyParsed() bool { return r.c.bodyParsed }

// BodyReader returns the raw request body as a stream, as reading req
// itself does in Node: the bytes on the wire, still compressed if they
// were. Once it is called, body parsers meet an unreadable stream (500
// "stream is not readable"), and a body already taken by a parser or by
// Bind reads as empty. The reader is valid until the request ends. It
// allocates nothing.
//
// A body the handlers leave unread is read off (up to 1 MiB) after the
// response is made, so that the connection can serve its next request;
// past that, the connection is closed after the response.
func (r *Request) BodyReader() io.Reader {
	c := r.c
	c.bodyUsed = true
	if c.bodyRead {
		c.bodyReader.Reset(nil)
		return &c.bodyReader
	}
	c.bodyRead = true
	if s := c.fctx.RequestBodyStream(); s != nil {
		return s
	}
	c.bodyReader.Reset(c.fctx.Request.Body())
	return &c.bodyReader
}

// prefetchMax is the largest body fasthttp reads ahead into its own buffer
// before the handler runs when it streams request bodies.
const prefetchMax = 8 << 10

// bodyInput describes the request's body to the parsers, from the current
// headers (a middleware may have changed them, as in Express). It
// allocates nothing.
func (c *state) bodyInput() *parsers.Input {
	c.bodyUsed = true
	in := &c.bodyIn
	h := &c.fctx.Request.Header
	ct := h.ContentType()
	in.ContentEncoding = c.contentEncoding()
	in.Body, in.Stream = nil, nil
	in.Req = &c.req
	cl := h.ContentLength()
	in.Chunked = cl == -1
	in.ContentLength = -1
	if cl > 0 || cl == 0 && c.hadBodyHeader() {
		in.ContentLength = int64(cl)
	}
	if in.HasBody() {
		// Node keeps the first of repeated Content-Type lines, fasthttp
		// the last. Without a body the parsers never read the type.
		ct = nodeFirstLine(h, hContentType, ct)
	}
	in.ContentType = bytesconv.B2S(ct)
	return in
}

// contentEncoding returns the Content-Encoding header as Node gives it:
// repeated lines joined with ", ".
func (c *state) contentEncoding() string {
	h := &c.fctx.Request.Header
	v := h.ContentEncoding()
	if len(v) == 0 {
		return ""
	}
	all := h.PeekAll("Content-Encoding")
	if len(all) < 2 {
		return bytesconv.B2S(v)
	}
	start := len(c.scratch)
	for i, x := range all {
		if i > 0 {
			c.scratch = append(c.scratch, ", "...)
		}
		c.scratch = append(c.scratch, x...)
	}
	return bytesconv.B2S(c.scratch[start:])
}

// takeBody hands the body to a parser: in memory when fasthttp has it
// there (a server that does not stream, or a body small enough to have been
// read ahead), else as fasthttp's body stream, which the parser reads up
// to its limit. A body already taken is the error body-parser gives for a
// consumed stream.
func (c *state) takeBody(in *parsers.Input) error {
	if c.bodyRead {
		return parsers.ErrNotReadable()
	}
	c.bodyRead, c.bodyUsed = true, true
	req := &c.fctx.Request
	if fr := c.framing(); req.IsBodyStream() && (fr < 0 || fr > prefetchMax) {
		in.Stream = req.BodyStream()
		return nil
	}
	in.Body = req.Body()
	return nil
}

// setBytesBody sets req.body to a Buffer.
func (c *state) setBytesBody(b []byte) { c.body, c.bodyUsed = b, true }

// hadBodyHeader reports whether the request came with a Content-Length or
// a Transfer-Encoding header. fasthttp reports Content-Length 0 both for a
// request that had neither (no body, for type-is) and, when it reads whole
// bodies, for an empty chunked body (an empty body).
func (c *state) hadBodyHeader() bool {
	raw := c.fctx.Request.Header.RawHeaders()
	if len(raw) == 0 {
		// No received header block (App.ServeHTTP, a request built in
		// memory): the header fields set are all there is.
		return c.sentContentLength()
	}
	return hasRawHeader(raw, "content-length") || hasRawHeader(raw, "transfer-encoding")
}

// hasRawHeader reports whether the raw request headers contain a line for
// name (lower case).
func hasRawHeader(raw []byte, name string) bool {
	for len(raw) > 0 {
		end := 0
		for end < len(raw) && raw[end] != '\n' {
			end++
		}
		line := raw[:end]
		if len(line) > len(name) && line[len(name)] == ':' && equalFoldASCII(bytesconv.B2S(line[:len(name)]), name) {
			return true
		}
		if end == len(raw) {
			break
		}
		raw = raw[end+1:]
	}
	return false
}

// noteBodyError records that a parser stopped reading the body before its
// end: it was too large, or the stream failed.
func (c *state) noteBodyError(err error) {
	if e, ok := err.(*parsers.Error); ok && (e.Type == "entity.too.large" || e.Type == "request.aborted") {
		c.bodyOver, c.bodyUsed = true, true
	}
}
