package fast

import (
	"math"
	"reflect"
	"unicode/utf8"
)

// JSON sends v as JSON, as res.json(body): encoded as JSON.stringify does
// (see AppendJSON) with the app's "json replacer" and "json spaces"
// settings, '<', '>' and '&' escaped as \u003c \u003e \u0026 when "json
// escape" is on, and sent as res.send sends a string with Content-Type
// application/json; charset=utf-8 unless a Content-Type is set (whose
// charset then becomes utf-8). Undefined, or a value the replacer makes
// undefined, sends an empty body.
//
// It returns the errors Send returns, and the TypeError of a value that
// cannot be encoded. A struct passed by value is copied into an interface
// by Go (one allocation); the encoding itself allocates nothing for
// structs, slices and pointers of basic types.
func (r *Response) JSON(v any) error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	body, defined, err := r.stringify(v)
	if err != nil {
		return c.fail(err)
	}
	if len(c.fctx.Response.Header.ContentType()) == 0 {
		c.fctx.Response.Header.SetContentType("application/json; charset=utf-8")
	}
	if !defined {
		return r.sendUndefined()
	}
	return r.sendText(body)
}

// JSONP sends v as JSON with JSONP callback support, as res.jsonp(body).
// The callback is the query parameter named by the "jsonp callback name"
// setting ("callback"), its first value when repeated; without one,
// JSONP is JSON (with X-Content-Type-Options: nosniff when it sets the
// Content-Type). With one, the body is
//
//	/**/ typeof cb === 'function' && cb(<json>);
//
// sent as text/javascript; charset=utf-8 with X-Content-Type-Options:
// nosniff, the callback stripped of every character but letters, digits,
// '_', '$', '.', '[' and ']', and U+2028 and U+2029 escaped in the JSON.
func (r *Response) JSONP(v any) error {
	c := r.c
	if err := c.ready(); err != nil {
		return err
	}
	body, defined, err := r.stringify(v)
	if err != nil {
		return c.fail(err)
	}
	callback, hasCallback := c.jsonpCallback()
	h := &c.fctx.Response.Header
	if len(h.ContentType()) == 0 {
		h.Set("X-Content-Type-Options", "nosniff")
		h.SetContentType("application/json; charset=utf-8")
	}
	if !hasCallback || callback == "" {
		if !defined {
			return r.sendUndefined()
		}
		return r.sendText(body)
	}
	h.Set("X-Content-Type-Options", "nosniff")
	h.SetContentType("text/javascript; charset=utf-8")
	out := r.aux[:0]
	out = append(out, "/**/ typeof "...)
	out = appendCallbackName(out, callback)
	out = append(out, " === 'function' && "...)
	out = appendCallbackName(out, callback)
	out = append(out, '(')
	if defined {
		out = appendEscapedLineSeparators(out, body)
	}
	out = append(out, ')', ';')
	r.aux = out
	return r.sendText(out)
}

// stringify encodes v for res.json with the app's JSON settings into the
// response's buffer. defined is false for an undefined result.
func (r *Response) stringify(v any) (body []byte, defined bool, err error) {
	s := r.c.settings
	body, defined, err = r.enc.stringify(r.body[:0], v, s.json)
	r.enc.release()
	if err != nil || !defined {
		return nil, defined, err
	}
	if s.jsonEscape {
		body = escapeHTMLChars(body)
	}
	r.body = body
	return body, true, nil
}

// escapeHTMLChars writes '<', '>' and '&' as \u003c \u003e \u0026, as the
// "json escape" setting does. They only occur inside JSON strings.
func escapeHTMLChars(b []byte) []byte {
	n := 0
	for _, ch := range b {
		if ch == '<' || ch == '>' || ch == '&' {
			n++
		}
	}
	if n == 0 {
		return b
	}
	const hex = "0123456789abcdef"
	end := len(b) + 5*n
	b = append(b, make([]byte, 5*n)...)
	j := end
	for i := len(b) - 5*n - 1; i >= 0; i-- {
		ch := b[i]
		if ch == '<' || ch == '>' || ch == '&' {
			j -= 6
			b[j], b[j+1], b[j+2], b[j+3], b[j+4], b[j+5] = '\\', 'u', '0', '0', hex[ch>>4], hex[ch&15]
			continue
		}
		j--
		b[j] = ch
	}
	return b
}

// appendEscapedLineSeparators appends body with U+2028 and U+2029 written
// as \u2028 and \u2029, which JavaScript source cannot hold in strings.
func appendEscapedLineSeparators(dst, body []byte) []byte {
	for {
		i := indexLineSeparator(body)
		if i < 0 {
			return append(dst, body...)
		}
		dst = append(dst, body[:i]...)
		if body[i+2] == 0xA8 {
			dst = append(dst, `\u2028`...)
		} else {
			dst = append(dst, `\u2029`...)
		}
		body = body[i+3:]
	}
}

func indexLineSeparator(b []byte) int {
	for i := 0; i+2 < len(b); i++ {
		if b[i] == 0xE2 && b[i+1] == 0x80 && (b[i+2] == 0xA8 || b[i+2] == 0xA9) {
			return i
		}
	}
	return -1
}

// appendCallbackName appends the characters of name that JSONP keeps:
// /[^\[\]\w$.]/g removed.
func appendCallbackName(dst []byte, name string) []byte {
	for i := 0; i < len(name); i++ {
		switch ch := name[i]; {
		case 'a' <= ch && ch <= 'z', 'A' <= ch && ch <= 'Z', '0' <= ch && ch <= '9',
			ch == '_', ch == '$', ch == '.', ch == '[', ch == ']':
			dst = append(dst, ch)
		}
	}
	return dst
}

// jsonpCallback returns req.query[name] for the "jsonp callback name"
// setting when it is a string, or the first element when it is an array
// whose first element is a string.
func (c *state) jsonpCallback() (string, bool) {
	return c.req.QueryValue(c.settings.jsonpCallback)
}

// resolveJSONSettings turns the "json spaces" and "json replacer"
// settings into JSON.stringify's arguments. A replacer that is neither a
// func(key string, value any) any nor a list of property names is an error.
func resolveJSONSettings(spaces, replacer any) (jsonOptions, error) {
	opts := jsonOptions{indent: jsonGap(spaces)}
	switch r := replacer.(type) {
	case nil:
	case bool:
		if r {
			return opts, errJSONReplacer
		}
	case func(key string, value any) any:
		opts.replacer = r
	case []string:
		opts.listed = true
		for _, k := range r {
			if !contains(opts.allow, k) {
				opts.allow = append(opts.allow, k)
			}
		}
	default:
		return opts, errJSONReplacer
	}
	return opts, nil
}

var errJSONReplacer = jsTypeError(`"json replacer" must be a func(key string, value any) any or a []string`)

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsonGap is JSON.stringify's gap for the space argument v: a number
// gives that many spaces (at most 10, none below 1), a string its first
// ten UTF-16 code units, anything else no indentation.
func jsonGap(v any) string {
	if s, ok := v.(string); ok {
		units := 0
		for i, r := range s {
			n := utf16Len(r)
			if units+n > 10 {
				if units == 9 && n == 2 {
					// JavaScript keeps a lone high surrogate, which Node
					// writes as U+FFFD.
					return s[:i] + "\uFFFD"
				}
				return s[:i]
			}
			units += n
		}
		return s
	}
	rv := reflect.ValueOf(v)
	var n float64
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n = float64(rv.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n = float64(rv.Uint())
	case reflect.Float32, reflect.Float64:
		n = rv.Float()
		if math.IsNaN(n) {
			n = 0
		}
	default:
		return ""
	}
	if n < 1 {
		return ""
	}
	return "          "[:int(min(10, n))]
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}
