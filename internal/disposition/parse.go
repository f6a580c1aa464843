package disposition

import (
	"strings"
	"unicode/utf8"
)

// Disposition is a parsed Content-Disposition: the lower-cased type and
// the parameters with lower-cased names.
type Disposition struct {
	Type   string
	Params map[string]string
}

// Parse is content-disposition's parse(header). Each byte of header is one
// character, as Node reads headers; the returned values are UTF-8 text of
// the JavaScript strings the module returns. A name ending in '*' (and
// having no other '*') is an RFC 5987 extended value, decoded from UTF-8 or
// ISO-8859-1 and stored under the name without the '*', where it wins over
// the plain parameter. A parameter named twice is an error.
func Parse(header string) (Disposition, error) {
	if header == "" {
		return Disposition{}, ErrArgumentRequired
	}
	i := 0
	for i < len(header) && tchar(header[i]) {
		i++
	}
	if i == 0 {
		return Disposition{}, ErrInvalidTypeFormat
	}
	d := Disposition{Type: lowerASCII(header[:i]), Params: map[string]string{}}
	i = skipOWS(header, i)
	if i < len(header) && header[i] != ';' {
		return Disposition{}, ErrInvalidTypeFormat
	}
	var names []string
	for i < len(header) {
		key, value, next, ok := param(header, i)
		if !ok {
			return Disposition{}, ErrInvalidParamFormat
		}
		i = next
		key = lowerASCII(key)
		for _, n := range names {
			if n == key {
				return Disposition{}, ErrDuplicateParam
			}
		}
		names = append(names, key)
		if strings.IndexByte(key, '*') == len(key)-1 {
			v, err := decodeExtended(value)
			if err != nil {
				return Disposition{}, err
			}
			set(d.Params, key[:len(key)-1], v)
			continue
		}
		if _, ok := d.Params[key]; ok {
			continue
		}
		if value[0] == '"' {
			value = unescape(value[1 : len(value)-1])
		}
		set(d.Params, key, latin1ToUTF8(value))
	}
	return d, nil
}

// set assigns like a plain JavaScript object: a "__proto__" key with a
// string value changes nothing.
func set(m map[string]string, k, v string) {
	if k != "__proto__" {
		m[k] = v
	}
}

func skipOWS(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// param matches PARAM_REGEXP at s[i:]:
// ;[\t ]*token[\t ]*=[\t ]*(quoted-string|token)[\t ]*
func param(s string, i int) (name, value string, next int, ok bool) {
	if s[i] != ';' {
		return "", "", 0, false
	}
	i = skipOWS(s, i+1)
	start := i
	for i < len(s) && tchar(s[i]) {
		i++
	}
	if i == start {
		return "", "", 0, false
	}
	name = s[start:i]
	i = skipOWS(s, i)
	if i >= len(s) || s[i] != '=' {
		return "", "", 0, false
	}
	i = skipOWS(s, i+1)
	start = i
	if i < len(s) && s[i] == '"' {
		for i++; ; i++ {
			if i >= len(s) {
				return "", "", 0, false
			}
			c := s[i]
			if c == '"' {
				i++
				break
			}
			if c == '\\' && i+1 < len(s) && 0x20 <= s[i+1] && s[i+1] <= 0x7e {
				i++
				continue
			}
			if !(c == 0x20 || c == '!' || 0x23 <= c && c <= 0x5b || 0x5d <= c && c <= 0x7e || c >= 0x80) {
				return "", "", 0, false
			}
		}
	} else {
		for i < len(s) && tchar(s[i]) {
			i++
		}
		if i == start {
			return "", "", 0, false
		}
	}
	return name, s[start:i], skipOWS(s, i), true
}

// unescape removes the backslash of each quoted pair.
func unescape(v string) string {
	if strings.IndexByte(v, '\\') < 0 {
		return v
	}
	b := make([]byte, 0, len(v))
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		b = append(b, v[i])
	}
	return string(b)
}

// latin1ToUTF8 converts a string of Latin-1 bytes to UTF-8 text.
func latin1ToUTF8(s string) string {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for j := 0; j < len(s); j++ {
		b = utf8.AppendRune(b, rune(s[j]))
	}
	return string(b)
}

// decodeExtended is decodefield: charset'language'value, with %XX escapes,
// decoded from UTF-8 or ISO-8859-1.
func decodeExtended(s string) (string, error) {
	q1 := strings.IndexByte(s, '\'')
	if q1 <= 0 {
		return "", ErrInvalidExtended
	}
	q2 := strings.IndexByte(s[q1+1:], '\'')
	if q2 < 0 {
		return "", ErrInvalidExtended
	}
	q2 += q1 + 1
	charset, lang, encoded := s[:q1], s[q1+1:q2], s[q2+1:]
	for i := 0; i < len(charset); i++ {
		c := charset[i]
		if !(isAlnum(c) || strings.IndexByte("!#$%&+-^_`{}~", c) >= 0) {
			return "", ErrInvalidExtended
		}
	}
	if !isLanguage(lang) || encoded == "" {
		return "", ErrInvalidExtended
	}
	raw := make([]byte, 0, len(encoded))
	for i := 0; i < len(encoded); i++ {
		c := encoded[i]
		switch {
		case c == '%':
			if i+2 >= len(encoded) || !isHex(encoded[i+1]) || !isHex(encoded[i+2]) {
				return "", ErrInvalidExtended
			}
			raw = append(raw, unhex(encoded[i+1])<<4|unhex(encoded[i+2]))
			i += 2
		case isAlnum(c) || strings.IndexByte("!#$&+.^_`|~-", c) >= 0:
			raw = append(raw, c)
		default:
			return "", ErrInvalidExtended
		}
	}
	switch lowerASCII(charset) {
	case "iso-8859-1":
		for i, c := range raw {
			if !(0x20 <= c && c <= 0x7e || c >= 0xa0) {
				raw[i] = '?'
			}
		}
		return latin1ToUTF8(string(raw)), nil
	case "utf-8":
		return decodeUTF8(raw), nil
	}
	return "", ErrUnsupportedCharset
}

// isLanguage matches ([A-Za-z]{2,3}(-[A-Za-z]{3}){0,3}|[A-Za-z]{4,8}|).
func isLanguage(s string) bool {
	n := 0
	for n < len(s) && isAlpha(s[n]) {
		n++
	}
	if n == len(s) {
		return n == 0 || 2 <= n && n <= 8
	}
	if n < 2 || n > 3 {
		return false
	}
	for parts := 0; n < len(s); parts++ {
		if parts == 3 || s[n] != '-' || len(s) < n+4 ||
			!isAlpha(s[n+1]) || !isAlpha(s[n+2]) || !isAlpha(s[n+3]) {
			return false
		}
		n += 4
	}
	return true
}

func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || '0' <= c && c <= '9' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// decodeUTF8 decodes b as Node's Buffer#toString('utf8') does: each
// maximal ill-formed subsequence becomes one U+FFFD (the WHATWG rule).
func decodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		c := b[i]
		if c < 0x80 {
			out = append(out, c)
			i++
			continue
		}
		var need int
		lo, hi := byte(0x80), byte(0xbf)
		switch {
		case 0xc2 <= c && c <= 0xdf:
			need = 1
		case c == 0xe0:
			need, lo = 2, 0xa0
		case 0xe1 <= c && c <= 0xec || c == 0xee || c == 0xef:
			need = 2
		case c == 0xed:
			need, hi = 2, 0x9f
		case c == 0xf0:
			need, lo = 3, 0x90
		case 0xf1 <= c && c <= 0xf3:
			need = 3
		case c == 0xf4:
			need, hi = 3, 0x8f
		default:
			out = utf8.AppendRune(out, utf8.RuneError)
			i++
			continue
		}
		j := i + 1
		for k := 0; k < need; k++ {
			if j >= len(b) || b[j] < lo || b[j] > hi {
				break
			}
			lo, hi = 0x80, 0xbf
			j++
		}
		if j-i == need+1 {
			out = append(out, b[i:j]...)
		} else {
			out = utf8.AppendRune(out, utf8.RuneError)
		}
		i = j
	}
	return string(out)
}
