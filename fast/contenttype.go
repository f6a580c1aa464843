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
	def ctPair // withDefaultCharset, of values that passed validHeaderValue
	utf ctPair // setCharset(v, "utf-8")
}

// ctEntry is one transform: in gives out; same is set when out == in.
type ctEntry struct {
	in, out string
	same    bool
}

type ctPair [2]ctEntry

func (e *ctPair) get(in string) (ctEntry, bool) {
	if e[0].in == in && e[0].out != "" {
		return e[0], true
	}
	if e[1].in == in && e[1].out != "" {
		e[0], e[1] = e[1], e[0]
		return e[0], true
	}
	return ctEntry{}, false
}

func (e *ctPair) put(in, out string) {
	e[1] = e[0]
	e[0] = ctEntry{in: strings.Clone(in), out: out, same: out == in}
	if e[0].same {
		e[0].out = e[0].in
	}
}

// setContentType is res.set('Content-Type', v) once the name is known:
// Node's checks of the value, then the charset its MIME type has. A value
// seen before by this context passed the checks and has its transform
// cached.
func (c *state) setContentType(field, v string) error {
	if hit, ok := c.ct.def.get(v); ok {
		if err := c.ready(); err != nil {
			return err
		}
		c.fctx.Response.Header.SetContentType(hit.out)
		return nil
	}
	if err := c.checkSetHeader(true, field, []string{v}); err != nil {
		return err
	}
	out := withDefaultCharset(v)
	c.ct.def.put(v, out)
	c.fctx.Response.Header.SetContentType(out)
	return nil
}

// utf8Charset is Express's setCharset(v, "utf-8") through the cache; same
// reports that the result is v.
func (c *state) utf8Charset(v string) (out string, same bool, err error) {
	if hit, ok := c.ct.utf.get(v); ok {
		return hit.out, hit.same, nil
	}
	out, err = mediatype.SetCharset(v, "utf-8")
	if err != nil {
		return "", false, err
	}
	c.ct.utf.put(v, out)
	return out, out == v, nil
}
