package fast

// Header names are put in fasthttp's canonical form (Upper-Case-After-Dash)
// here, so that lookups use PeekCanonical and skip fasthttp's general
// normalization, which costs several hundred instructions a call.

// headerTokenTable marks the bytes allowed in a header name (RFC 7230
// tchar).
var headerTokenTable = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range "!#$%&'*+-.^_`|~" {
		t[c] = true
	}
	return t
}()

// canonicalHeader appends key in canonical form to dst. ok is false when
// key is empty or not a valid header name.
func canonicalHeader(dst []byte, key string) ([]byte, bool) {
	if key == "" {
		return dst, false
	}
	upper := true
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !headerTokenTable[c] {
			return dst, false
		}
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
