package fast

import (
	"strings"

	"github.com/fwgo/fw/internal/mediatype"
	"github.com/fwgo/fw/internal/mime"
)

// hasCharsetParam is Express's charsetRegExp, /;\s*charset\s*=/.
func hasCharsetParam(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] != ';' {
			continue
		}
		j := i + 1
		for j < len(v) && isJSSpace(v[j]) {
			j++
		}
		if strings.HasPrefix(v[j:], "charset") {
			k := j + len("charset")
			for k < len(v) && isJSSpace(v[k]) {
				k++
			}
			if k < len(v) && v[k] == '=' {
				return true
			}
		}
	}
	return false
}

// isJSSpace is the ASCII part of JavaScript's \s.
func isJSSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// withDefaultCharset adds the charset a MIME type has when value has none,
// as res.set('Content-Type', value) does with mime.charsets.lookup.
func withDefaultCharset(value string) string {
	if hasCharsetParam(value) {
		return value
	}
	typ, _, _ := strings.Cut(value, ";")
	if cs, ok := mime.Send.Charset(typ); ok {
		return value + "; charset=" + strings.ToLower(cs)
	}
	return value
}

// ctCache remembers the last Content-Type transforms of a context: the
// values handlers set are nearly always the same few constants, and the
// transforms cost hundreds of instructions. Keys are compared by content.
type ctCache struct {
	def ctPair // withDefaultCharset
	utf ctPair // setCharset(v, "utf-8")
}

type ctEntry struct{ in, out string }

type ctPair [2]ctEntry

func (e *ctPair) get(in string) (string, bool) {
	if e[0].in == in && e[0].out != "" {
		return e[0].out, true
	}
	if e[1].in == in && e[1].out != "" {
		e[0], e[1] = e[1], e[0]
		return e[0].out, true
	}
	return "", false
}

func (e *ctPair) put(in, out string) {
	e[1] = e[0]
	e[0] = ctEntry{strings.Clone(in), out}
	if out == in {
		e[0].out = e[0].in
	}
}

// defaultCharset is withDefaultCharset through the cache.
func (c *state) defaultCharset(v string) string {
	if out, ok := c.ct.def.get(v); ok {
		return out
	}
	out := withDefaultCharset(v)
	c.ct.def.put(v, out)
	return out
}

// utf8Charset is Express's setCharset(v, "utf-8") through the cache.
func (c *state) utf8Charset(v string) (string, error) {
	if out, ok := c.ct.utf.get(v); ok {
		return out, nil
	}
	out, err := mediatype.SetCharset(v, "utf-8")
	if err != nil {
		return "", err
	}
	c.ct.utf.put(v, out)
	return out, nil
}
