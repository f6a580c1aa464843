package fast

import "github.com/fwgo/fw/internal/mediatype"

// SetCharset sets the response's charset, as assigning res.charset does in
// Express 3 (connect's patch of res.setHeader): from then on a
// Content-Type that is set (Set, Type ...) without a charset parameter
// gets "; charset=" + charset instead of its MIME type's default, and when
// the response is sent a Content-Type still without one gets it too (the
// application/octet-stream of Send([]byte), for one). A Content-Type that
// names a charset keeps it, and Send of a string, JSON and JSONP still
// send charset=utf-8, as in Express 3. "" restores the default. It chains.
// The charset lives until the request ends.
func (r *Response) SetCharset(charset string) *Response {
	r.c.legacy.charset, r.c.touched = charset, true
	return r
}

// Charset returns what SetCharset set, as reading res.charset; "" when
// unset.
func (r *Response) Charset() string { return r.c.legacy.charset }

// withCharset is connect's setCharset: v unchanged when it names a charset
// (or does not parse), otherwise with the charset parameter added.
func withCharset(v, charset string) string {
	if _, found, err := mediatype.Parameter(v, "charset"); found || err != nil {
		return v
	}
	out, err := mediatype.SetCharset(v, charset)
	if err != nil {
		return v
	}
	return out
}

// applyCharset adds res.charset to a Content-Type sent without a charset,
// when SetCharset was called.
func (c *state) applyCharset() {
	if c.legacy.charset == "" {
		return
	}
	h := &c.fctx.Response.Header
	if ct := h.ContentType(); len(ct) != 0 {
		if v := withCharset(string(ct), c.legacy.charset); v != string(ct) {
			h.SetContentType(v)
		}
	}
}
