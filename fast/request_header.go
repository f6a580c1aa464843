package fast

import (
	"bytes"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
)

// Canonical names of the request headers req.* reads.
var (
	hAcceptCharset   = []byte("Accept-Charset")
	hAcceptEncoding  = []byte("Accept-Encoding")
	hAcceptLanguage  = []byte("Accept-Language")
	hContentLength   = []byte("Content-Length")
	hContentType     = []byte("Content-Type")
	hCookie          = []byte("Cookie")
	hHost            = []byte("Host")
	hRange           = []byte("Range")
	hTransferEnc     = []byte("Transfer-Encoding")
	hXForwardedFor   = []byte("X-Forwarded-For")
	hXForwardedHost  = []byte("X-Forwarded-Host")
	hXForwardedProto = []byte("X-Forwarded-Proto")
	hXRequestedWith  = []byte("X-Requested-With")
)

// nodeKeepsFirst reports whether Node's http module keeps only the first
// line of a repeated request header (key in canonical form), as
// IncomingMessage's matchKnownFields does; every other header but Cookie
// has its lines joined with ", ", and Cookie with "; ".
func nodeKeepsFirst(key []byte) bool {
	switch string(key) {
	case "Content-Type", "Content-Length", "User-Agent", "Referer", "Host",
		"Authorization", "Proxy-Authorization", "If-Modified-Since",
		"If-Unmodified-Since", "From", "Location", "Max-Forwards",
		"Retry-After", "Etag", "Last-Modified", "Server", "Age", "Expires":
		return true
	}
	return false
}

// requestHeader returns req.headers[name] for a header name in canonical
// form, as Node builds it: the first line of a header Node keeps once, the
// lines of any other joined with ", " ("; " for Cookie). present is false
// when the request has no such header. A joined value is built in the
// request's scratch memory; every result is valid until the request ends.
func (c *state) requestHeader(key []byte) (value string, present bool) {
	h := &c.fctx.Request.Header
	if string(key) == "Content-Length" && !c.sentContentLength() {
		// fasthttp sets Content-Length: 0 on a request that had none once
		// it has read its (empty) body.
		return "", false
	}
	if nodeKeepsFirst(key) {
		v := h.PeekCanonical(key)
		if string(key) == "Content-Type" || string(key) == "User-Agent" {
			// Also for an empty v: the last line may be the empty one.
			v = nodeFirstLine(h, key, v)
		}
		if len(v) > 0 {
			return bytesconv.B2S(v), true
		}
		if string(key) == "Content-Length" {
			return "", false
		}
		return "", len(h.PeekAll(bytesconv.B2S(key))) > 0
	}
	if string(key) == "Transfer-Encoding" {
		// fasthttp drops "Transfer-Encoding: identity" and rewrites
		// "Chunked" as "chunked"; Node keeps the line as sent.
		if first, _, n := rawLines(h.RawHeaders(), key); n > 0 {
			return bytesconv.B2S(first), true
		}
	}
	all := h.PeekAll(bytesconv.B2S(key))
	switch len(all) {
	case 0:
		return "", false
	case 1:
		return bytesconv.B2S(all[0]), true
	}
	sep := ", "
	if string(key) == "Cookie" {
		sep = "; "
	}
	start := len(c.scratch)
	for i, v := range all {
		if i > 0 {
			c.scratch = append(c.scratch, sep...)
		}
		c.scratch = append(c.scratch, v...)
	}
	return bytesconv.B2S(c.scratch[start:]), true
}

// headerByName is requestHeader for a name in any case. A name that is
// not a valid header name is never present.
func (c *state) headerByName(name string) (string, bool) {
	var buf [64]byte
	k, ok := canonicalHeader(buf[:0], name)
	if !ok {
		return "", false
	}
	return c.requestHeader(k)
}

// nodeFirstLine returns Node's value of header key (Content-Type or
// User-Agent, canonical), whose value in fasthttp is v: fasthttp keeps the
// last of repeated lines of these two, Node the first. While v is still
// the last received line (no handler changed the header), the first line
// is read from the received header block; otherwise v is the answer. The
// scan stops at the first line of key when it holds v, as it does for a
// header sent once: the whole block is read only when the first line
// differs from v. The result aliases h's memory.
func nodeFirstLine(h *fasthttp.RequestHeader, key, v []byte) []byte {
	first, rest, ok := nextRawLine(h.RawHeaders(), key)
	if !ok || string(first) == string(v) {
		return v
	}
	if _, last, n := rawLines(rest, key); n > 0 && string(last) == string(v) {
		return first
	}
	return v
}

// nextRawLine returns the value of the first line of header key (any
// case) in raw, a received header block or what is left of one, trimmed of
// spaces and tabs as Node trims it, and the rest of raw after that line.
func nextRawLine(raw, key []byte) (v, rest []byte, ok bool) {
	for len(raw) > len(key) {
		line := raw
		if end := bytes.IndexByte(raw, '\n'); end >= 0 {
			line, raw = raw[:end], raw[end+1:]
		} else {
			raw = nil
		}
		if len(line) > len(key) && line[len(key)] == ':' && (line[0]|0x20) == (key[0]|0x20) &&
			equalFoldASCII(bytesconv.B2S(line[:len(key)]), bytesconv.B2S(key)) {
			return trimRawValue(line[len(key)+1:]), raw, true
		}
	}
	return nil, nil, false
}

// trimRawValue trims a raw header value of spaces and tabs, and of the
// line's CR, as Node trims a value.
func trimRawValue(v []byte) []byte {
	for len(v) > 0 && (v[0] == ' ' || v[0] == '\t') {
		v = v[1:]
	}
	for len(v) > 0 && (v[len(v)-1] == ' ' || v[len(v)-1] == '\t' || v[len(v)-1] == '\r') {
		v = v[:len(v)-1]
	}
	return v
}

// rawLines finds the lines of header key (any case) in a received header
// block: the first and last values, trimmed as nextRawLine trims them, and
// how many there are.
func rawLines(raw, key []byte) (first, last []byte, n int) {
	for {
		v, rest, ok := nextRawLine(raw, key)
		if !ok {
			return first, last, n
		}
		if n == 0 {
			first = v
		}
		last, raw = v, rest
		n++
	}
}

// sentContentLength reports whether the client sent a Content-Length
// header: fasthttp keeps the header block as received, which tells it from
// the Content-Length: 0 it sets itself. A request built in memory, without
// a received header block, is taken at its word.
func (c *state) sentContentLength() bool {
	h := &c.fctx.Request.Header
	raw := h.RawHeaders()
	if len(raw) == 0 {
		return len(h.PeekCanonical(hContentLength)) > 0
	}
	const name = "content-length:"
	for len(raw) >= len(name) {
		if equalFoldASCII(bytesconv.B2S(raw[:len(name)]), name) {
			return true
		}
		i := bytes.IndexByte(raw, '\n')
		if i < 0 {
			break
		}
		raw = raw[i+1:]
	}
	return false
}
