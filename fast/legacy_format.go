package fast

import "strings"

// legacyFormatType sets the Content-Type res.format of Express 3 sets for
// the chosen key: its media type and, for a text type (connect's mime
// charsets.lookup), "; charset=UTF-8"; no other charset is added
// (res.charset aside).
func (c *state) legacyFormatType(key string) error {
	typ := normalizeType(key)
	if strings.HasPrefix(typ, "text/") {
		typ += "; charset=UTF-8"
	}
	if err := c.checkSetHeader(true, "Content-Type", []string{typ}); err != nil {
		return err
	}
	if c.legacy.charset != "" {
		typ = withCharset(typ, c.legacy.charset)
	}
	c.fctx.Response.Header.SetContentType(typ)
	return nil
}
