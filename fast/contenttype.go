package fast

import (
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
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
// transforms cost hundreds of instructions. Keys are compared by content
// (a string may be a view of pooled memory, reused with other bytes at the
// same address), and stored as copies, except string constants
// (bytesconv.ReadOnly), kept as they are: their bytes never change, so the
// check of a constant set again finds it by address (bytesconv.Same).
type ctCache struct {
	def ctPair // withDefaultCharset, of values that passed validHeaderValue
	utf ctPair // setCharset(v, "utf-8")
	// utf8 is a value that setCharset(v, "utf-8") leaves as it is (or ""),
	// the last one met by utf8Charset or set by setContentType (res.set's
	// shortcut in state.set leaves it as it is). res.send of a string
	// compares the header with def[0], the value res.set set last, before
	// forceUTF8 compares it with utf8.
	utf8 string
}

// ctEntry is one transform: in gives out; same is set when out == in.
// utf8 is set, for a def entry, when out is its own setCharset(out,
// "utf-8"). For an out of 16 to 32 bytes (most Content-Types), words is set
// and head and tail hold its first and last 16 bytes, for is.
type ctEntry struct {
	in, out    string
	same, utf8 bool
	words      bool
	head, tail [16]byte
}

// is reports string(b) == e.out. With words it compares two 16-byte
// arrays, which the compiler does in line with four word loads, where the
// runtime's memequal costs about 45 instructions for 25 bytes.
func (e *ctEntry) is(b []byte) bool {
	n := len(b)
	if n != len(e.out) {
		return false
	}
	if !e.words {
		return string(b) == e.out
	}
	return *(*[16]byte)(b) == e.head && *(*[16]byte)(b[n-16:]) == e.tail
}

type ctPair [2]ctEntry

// get returns the entry for in, or nil. The entry is valid until the next
// put.
func (e *ctPair) get(in string) *ctEntry {
	if e[0].in == in && e[0].out != "" {
		return &e[0]
	}
	if e[1].in == in && e[1].out != "" {
		e[0], e[1] = e[1], e[0]
		return &e[0]
	}
	return nil
}

func (e *ctPair) put(in, out string) *ctEntry {
	e[1] = e[0]
	if !bytesconv.ReadOnly(in) {
		in = strings.Clone(in)
	}
	e[0] = ctEntry{in: in, out: out, same: out == in}
	if e[0].same {
		e[0].out = e[0].in
	}
	if n := len(out); n >= 16 && n <= 32 {
		e[0].words = true
		copy(e[0].head[:], out)
		copy(e[0].tail[:], out[n-16:])
	}
	return &e[0]
}

// setContentType is res.set('Content-Type', v) once the name is known:
// Node's checks of the value, then the charset its MIME type has. A value
// seen before by this context passed the checks and has its transform
// cached.
func (c *state) setContentType(field, v string) error {
	if hit := c.ct.def.get(v); hit != nil {
		if err := c.ready(); err != nil {
			return err
		}
		c.fctx.Response.Header.SetContentType(hit.out)
		if hit.utf8 && !bytesconv.Same(c.ct.utf8, hit.out) {
			c.ct.utf8 = hit.out
		}
		return nil
	}
	if err := c.checkSetHeader(true, field, []string{v}); err != nil {
		return err
	}
	out := withDefaultCharset(v)
	e := c.ct.def.put(v, out)
	if u, err := mediatype.SetCharset(e.out, "utf-8"); err == nil && u == e.out {
		e.utf8 = true
		c.ct.utf8 = e.out
	}
	c.fctx.Response.Header.SetContentType(out)
	return nil
}

// utf8Charset is Express's setCharset(v, "utf-8") through the cache; same
// reports that the result is v.
func (c *state) utf8Charset(v string) (out string, same bool, err error) {
	if v == c.ct.utf8 && v != "" {
		return v, true, nil
	}
	if hit := c.ct.utf.get(v); hit != nil {
		return hit.out, hit.same, nil
	}
	out, err = mediatype.SetCharset(v, "utf-8")
	if err != nil {
		return "", false, err
	}
	e := c.ct.utf.put(v, out)
	if e.same {
		c.ct.utf8 = e.in
	}
	return out, out == v, nil
}
