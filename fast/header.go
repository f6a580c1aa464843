package fast

import (
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
)

// Header names are put in fasthttp's canonical form (Upper-Case-After-Dash)
// here, so that lookups use PeekCanonical and skip fasthttp's general
// normalization, which costs several hundred instructions a call.

// headerClass classifies the bytes of a header name for canonicalHeader:
// hcToken marks the bytes allowed (RFC 7230 tchar), hcLower and hcUpper the
// ASCII letters; the high byte is the letter class that must not follow
// the byte in canonical form (upper case after a letter or digit, lower
// case at the start and after a dash).
var headerClass = func() (t [256]uint16) {
	for c := 0; c < 256; c++ {
		var cls uint16
		switch {
		case 'a' <= c && c <= 'z':
			cls = hcToken | hcLower
		case 'A' <= c && c <= 'Z':
			cls = hcToken | hcUpper
		case '0' <= c && c <= '9' || c < 0x80 && strings.IndexByte("!#$%&'*+-.^_`|~", byte(c)) >= 0:
			cls = hcToken
		}
		bad := uint16(hcUpper)
		if c == '-' {
			bad = hcLower
		}
		t[c] = cls | bad<<8
	}
	return t
}()

const (
	hcToken = 1 << iota
	hcLower
	hcUpper
)

// canonicalHeader returns key in canonical form (Upper-Case-After-Dash):
// key itself when it already is (the common case, read in one pass), else
// a copy appended to dst. ok is false when key is empty or not a valid
// header name. The result must not be modified.
func canonicalHeader(dst []byte, key string) ([]byte, bool) {
	switch key {
	case "":
		return dst, false
	case "Content-Type", "Cache-Control", "Location", "Vary", "Link", "Content-Length", "Content-Disposition":
		// The names handlers set most, already canonical.
		return bytesconv.S2B(key), true
	}
	valid, bad, notAfter := uint16(hcToken), uint16(0), uint16(hcLower)
	for i := 0; i < len(key); i++ {
		t := headerClass[key[i]]
		valid &= t
		bad |= t & notAfter
		notAfter = t >> 8
	}
	if valid == 0 {
		return dst, false
	}
	if bad == 0 {
		return bytesconv.S2B(key), true
	}
	upper := true
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case upper && 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		case !upper && 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		upper = c == '-'
		dst = append(dst, c)
	}
	return dst, true
}

// peekRequestHeader returns a request header by name, case-insensitively.
func (c *state) peekRequestHeader(name string) []byte {
	var buf [64]byte
	if k, ok := canonicalHeader(buf[:0], name); ok {
		return c.fctx.Request.Header.PeekCanonical(k)
	}
	return c.fctx.Request.Header.Peek(name)
}

// peekResponseHeader returns a response header by name, case-insensitively.
func (c *state) peekResponseHeader(name string) []byte {
	var buf [64]byte
	if k, ok := canonicalHeader(buf[:0], name); ok {
		return c.fctx.Response.Header.PeekCanonical(k)
	}
	return c.fctx.Response.Header.Peek(name)
}

// Canonical names of the headers the core reads and writes.
var (
	hIfNoneMatch     = []byte("If-None-Match")
	hIfModifiedSince = []byte("If-Modified-Since")
	hCacheControl    = []byte("Cache-Control")
	hETag            = []byte("Etag")
	hLastModified    = []byte("Last-Modified")
	hXPoweredBy      = []byte("X-Powered-By")
	hAllow           = []byte("Allow")
	hReferer         = []byte("Referer")
	hReferrer        = []byte("Referrer")
	vPoweredBy       = []byte(poweredBy)
)

// load64 reads eight bytes as a little-endian word; the compiler makes it
// one load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
