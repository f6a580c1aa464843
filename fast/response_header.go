package fast

import (
	"slices"
	"strconv"

	"github.com/fwgo/fw/internal/bytesconv"
)

// Set sets a response header, as res.set(field, value) (alias Header): one
// value makes one header line, several make several lines (Express's array
// form), none removes the header. A Content-Type without a charset gets the
// one its MIME type has (text types: utf-8), as Express does; Content-Type
// takes exactly one value.
//
// It chains. It fails, changing nothing, as Node's setHeader throws: after
// the response was sent (ErrHeadersSent), for a field that is not an HTTP
// token, and for a value holding a control character other than tab; the
// error is recorded (see Response). The header name is written in canonical
// case ("X-Foo"). It allocates nothing for a single value.
func (r *Response) Set(field string, values ...string) *Response {
	r.c.set(field, values)
	return r
}

// set is res.set(field, values); a failure is recorded and returned.
func (c *state) set(field string, values []string) error {
	if field == "Content-Type" && len(values) == 1 && c.legacy.charset == "" {
		// The common call, as the general path below takes it; first
		// the value set last, which passed the checks then (a constant
		// is found by its address, see ctCache).
		v := values[0]
		if e := &c.ct.def[0]; (bytesconv.Same(e.in, v) || e.in == v) && e.out != "" && !c.sent && c.failErr == nil {
			// The []byte form: one call less in fasthttp (the String
			// form wraps it); fasthttp copies the bytes.
			c.fctx.Response.Header.SetContentTypeBytes(bytesconv.S2B(e.out))
			return nil
		}
		return c.setContentType(field, values[0])
	}
	return c.setAny(field, values)
}

// setAny is set for any field.
func (c *state) setAny(field string, values []string) error {
	var buf [64]byte
	k, ok := canonicalHeader(buf[:0], field)
	if ok && isContentType(k) {
		if len(values) != 1 {
			return c.fail(jsTypeError("Content-Type cannot be set to an Array"))
		}
		if c.legacy.charset != "" { // res.charset (legacy_charset.go)
			if err := c.checkSetHeader(ok, field, values); err != nil {
				return err
			}
			c.fctx.Response.Header.SetContentType(withCharset(values[0], c.legacy.charset))
			return nil
		}
		return c.setContentType(field, values[0])
	}
	if err := c.checkSetHeader(ok, field, values); err != nil {
		return err
	}
	c.setHeader(k, values)
	return nil
}

// Header is an alias of Set, as res.header.
func (r *Response) Header(field string, values ...string) *Response { return r.Set(field, values...) }

// SetMap sets several headers, as res.set(object): each as SetAny does (a
// string, a []string for several lines, or another value coerced as
// JavaScript's String), in the sorted order of the field names (Go maps
// have no order). It stops at the first field that fails.
func (r *Response) SetMap(fields map[string]any) *Response {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if r.c.set(k, coerceValues(fields[k])) != nil {
			break
		}
	}
	return r
}

// Append adds values to a response header, as res.append(field, value):
// the header keeps the lines it has and gains one line per value; a header
// that is absent or empty is set as Set does. A Content-Type that already
// has a value cannot take more (Express's array TypeError). It chains and
// fails as Set does.
func (r *Response) Append(field string, values ...string) *Response {
	c := r.c
	var buf [64]byte
	k, ok := canonicalHeader(buf[:0], field)
	if !ok || len(c.peekFirst(k)) == 0 {
		c.set(field, values)
		return r
	}
	if isContentType(k) {
		c.fail(jsTypeError("Content-Type cannot be set to an Array"))
		return r
	}
	if c.checkSetHeader(ok, field, values) == nil {
		h := &c.fctx.Response.Header
		for _, v := range values {
			h.AddBytesKV(k, bytesconv.S2B(v))
		}
	}
	return r
}

// Get returns the first value of a response header, matched
// case-insensitively, or "" when it is absent, as res.get(field). For a
// header of several lines (Set-Cookie ...) Values returns them all. The
// value is valid until the header changes or the request ends.
func (r *Response) Get(field string) string {
	var buf [64]byte
	k, ok := canonicalHeader(buf[:0], field)
	if !ok {
		return ""
	}
	return bytesconv.B2S(r.c.peekFirst(k))
}

// Values returns every line of a response header, in order, or nil, as
// res.get(field) returns an array. The strings are valid until the header
// changes or the request ends.
func (r *Response) Values(field string) []string {
	var buf [64]byte
	k, ok := canonicalHeader(buf[:0], field)
	if !ok {
		return nil
	}
	r.c.lengthRead(k)
	h := &r.c.fctx.Response.Header
	var out []string
	if string(k) == "Set-Cookie" {
		for _, v := range h.Cookies() {
			out = append(out, bytesconv.B2S(v))
		}
		return out
	}
	for _, v := range h.PeekAll(bytesconv.B2S(k)) {
		if len(v) == 0 && string(k) == "Content-Length" {
			continue // fasthttp's empty slot for an unset length
		}
		out = append(out, bytesconv.B2S(v))
	}
	return out
}

// peekFirst returns the first value of the response header with canonical
// name k.
func (c *state) peekFirst(k []byte) []byte {
	c.lengthRead(k)
	h := &c.fctx.Response.Header
	if string(k) == "Set-Cookie" {
		for _, v := range h.Cookies() {
			return v
		}
		return nil
	}
	return h.PeekCanonical(k)
}

// lengthRead materializes the Content-Length res.send left implicit before
// the header with canonical name k is read, when k is Content-Length or
// Transfer-Encoding (which setting the length removes).
func (c *state) lengthRead(k []byte) {
	if c.implicitCL && (string(k) == "Content-Length" || string(k) == "Transfer-Encoding") {
		c.materializeLength()
	}
}

// checkSetHeader is the validation of Node's setHeader: not after sending,
// a token name, values without control characters. A failure is recorded
// and returned.
func (c *state) checkSetHeader(token bool, field string, values []string) error {
	if err := c.ready(); err != nil {
		return err
	}
	if !token {
		return c.fail(&HTTPError{Name: "TypeError [ERR_INVALID_HTTP_TOKEN]",
			Message: "Header name must be a valid HTTP token [\"" + field + "\"]"})
	}
	for _, v := range values {
		if !validHeaderValue(v) {
			return c.fail(&HTTPError{Name: "TypeError [ERR_INVALID_CHAR]",
				Message: "Invalid character in header content [\"" + field + "\"]"})
		}
	}
	return nil
}

// setHeader replaces the header with canonical name k by values, one line
// each. Set-Cookie lines are all kept, in order.
func (c *state) setHeader(k []byte, values []string) {
	h := &c.fctx.Response.Header
	if len(values) == 1 && string(k) != "Set-Cookie" {
		h.SetCanonical(k, bytesconv.S2B(values[0]))
		return
	}
	h.DelBytes(k)
	for _, v := range values {
		h.AddBytesKV(k, bytesconv.S2B(v))
	}
}

func isContentType(k []byte) bool { return string(k) == "Content-Type" }

// validHeaderValue is Node's checkInvalidHeaderChar negated: tab, printable
// ASCII and bytes from 0x80 only. Words of eight bytes without a byte below
// 0x20 or a DEL pass at once; a word with one (a tab, or an invalid byte)
// is decided byte by byte.
func validHeaderValue(v string) bool {
	const ones = 0x0101010101010101
	i := 0
	for ; i+8 <= len(v); i += 8 {
		x := load64(v[i : i+8])
		// A byte below 0x20 borrows into its high bit, which x lacks; a DEL
		// is the zero byte of x^0x7f.., found the same way.
		y := x ^ 0x7f*ones
		if ((x-0x20*ones)&^x|(y-ones)&^y)&(0x80*ones) != 0 {
			break
		}
	}
	for ; i < len(v); i++ {
		if b := v[i]; b < 0x20 && b != '\t' || b == 0x7f {
			return false
		}
	}
	return true
}

// jsTypeError is a JavaScript TypeError with no HTTP status: the final
// handler answers it with the response's status when that is a 4xx or 5xx,
// else 500, as finalhandler does.
func jsTypeError(msg string) *HTTPError { return &HTTPError{Name: "TypeError", Message: msg} }

// invalidStatusError is the RangeError Node's writeHead throws.
func invalidStatusError(code int) *HTTPError {
	return &HTTPError{Name: "RangeError [ERR_HTTP_INVALID_STATUS_CODE]",
		Message: "Invalid status code: " + strconv.Itoa(code)}
}
