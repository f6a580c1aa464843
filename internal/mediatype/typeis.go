package mediatype

import (
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/mime"
)

// maxNormalized bounds a normalized media type: media-typer allows 127
// characters on each side of the '/'.
const maxNormalized = 127 + 1 + 127

// normalizeValue is type-is's tryNormalizeType: the Content-Type checked
// with media-typer 0.3.0's parse and formatted back without parameters,
// lower-cased ("type/subtype" or "type/subtype+suffix"). It writes the
// result to buf and returns a view of it, or the matching substring of value
// when value already holds it; ok is false for an empty or invalid value.
func normalizeValue(buf *[maxNormalized]byte, value string) (norm string, ok bool) {
	if value == "" {
		return "", false
	}
	end := strings.IndexByte(value, ';')
	if end < 0 {
		end = len(value)
	}
	for i := end; i < len(value); {
		_, _, next, ok := mediaTyperParams.param(value, i)
		if !ok {
			return "", false
		}
		i = next
	}
	// typeRegExp: ^ *(type)\/(subtype) *$ on the lower-cased text.
	start := 0
	for start < end && value[start] == ' ' {
		start++
	}
	stop := end
	for stop > start && value[stop-1] == ' ' {
		stop--
	}
	t := value[start:stop]
	slash := strings.IndexByte(t, '/')
	if slash < 0 || !isTypeName(t[:slash]) {
		return "", false
	}
	sub := t[slash+1:]
	if !isSubtypeWithSuffix(sub) {
		return "", false
	}
	// Split the suffix at the last '+'; format then wants a subtype without
	// '+' and drops an empty suffix.
	suffix := ""
	if plus := strings.LastIndexByte(sub, '+'); plus >= 0 {
		sub, suffix = sub[:plus], sub[plus+1:]
		if strings.IndexByte(sub, '+') >= 0 || suffix != "" && !isTypeName(suffix) {
			return "", false
		}
	}
	n := copy(buf[:], t[:slash+1])
	n += copy(buf[n:], sub)
	if suffix != "" {
		buf[n] = '+'
		n++
		n += copy(buf[n:], suffix)
	}
	for i := 0; i < n; i++ {
		if c := buf[i]; 'A' <= c && c <= 'Z' {
			buf[i] = c + 'a' - 'A'
		}
	}
	norm = bytesconv.B2S(buf[:n])
	if t == norm {
		return t, true
	}
	return norm, true
}

// isTypeName is media-typer's [A-Za-z0-9][A-Za-z0-9!#$&^_-]{0,126}.
func isTypeName(s string) bool {
	if len(s) == 0 || len(s) > 127 || !isAlnum(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !typeNameChar[s[i]] {
			return false
		}
	}
	return true
}

// isSubtypeWithSuffix is media-typer's [A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}.
func isSubtypeWithSuffix(s string) bool {
	if len(s) == 0 || len(s) > 127 || !isAlnum(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !subtypeChar[s[i]] {
			return false
		}
	}
	return true
}

var (
	typeNameChar = newClass([2]byte{'0', '9'}, [2]byte{'A', 'Z'}, [2]byte{'a', 'z'},
		one('!'), one('#'), one('$'), one('&'), one('^'), one('_'), one('-'))
	subtypeChar = newClass([2]byte{'0', '9'}, [2]byte{'A', 'Z'}, [2]byte{'a', 'z'},
		one('!'), one('#'), one('$'), one('&'), one('^'), one('_'), one('-'), one('.'), one('+'))
)

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// Normalize is type-is's normalize(t): "urlencoded" becomes
// "application/x-www-form-urlencoded", "multipart" becomes "multipart/*",
// "+suffix" becomes "*/*+suffix", a name without '/' is looked up as an
// extension in the mime-types table (false when unknown), and anything else
// is returned unchanged (not lower-cased). Only "+suffix" allocates.
func Normalize(t string) (string, bool) {
	switch t {
	case "urlencoded":
		return "application/x-www-form-urlencoded", true
	case "multipart":
		return "multipart/*", true
	}
	if t != "" && t[0] == '+' {
		return "*/*" + t, true
	}
	if strings.IndexByte(t, '/') < 0 {
		return mime.Types.Lookup(t)
	}
	return t, true
}

// Match is type-is's match(expected, actual): both must be exactly
// "type/subtype"; expected's type may be "*", its subtype "*" or "*+suffix"
// (matching any subtype ending in "+suffix"). The comparison is
// case-sensitive; actual is normally a normalized, lower-case type.
func Match(expected, actual string) bool {
	ea, eb, ok := splitTwo(expected)
	if !ok {
		return false
	}
	aa, ab, ok := splitTwo(actual)
	if !ok {
		return false
	}
	if ea != "*" && ea != aa {
		return false
	}
	if strings.HasPrefix(eb, "*+") {
		return len(eb) <= len(ab)+1 && eb[1:] == ab[len(ab)-(len(eb)-1):]
	}
	return eb == "*" || eb == ab
}

// splitTwo splits s at its only '/', failing when s has no '/' or several,
// like JavaScript's s.split('/').length === 2.
func splitTwo(s string) (a, b string, ok bool) {
	i := strings.IndexByte(s, '/')
	if i < 0 || strings.IndexByte(s[i+1:], '/') >= 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

// Is is type-is's is(value, types): value is a Content-Type header. It
// returns false when value is empty or not a valid media type. With no
// types it returns value normalized (lower-case type/subtype[+suffix],
// parameters dropped). Otherwise it returns the first of types that matches
// after Normalize: the type exactly as the caller gave it (so "json" gives
// "json"), except that a type starting with '+' or containing '*' gives the
// normalized value; false when none matches.
//
// Express's req.is(types) is: null when HasBody is false, else Is. A match
// against a fixed type or extension name allocates nothing; returning the
// normalized value allocates unless value already holds it (no parameters,
// lower case, no surrounding spaces), in which case the result is a
// substring of value and shares its lifetime: copy it before keeping it
// past the request when value is a view of request memory.
func Is(value string, types ...string) (string, bool) {
	var buf [maxNormalized]byte
	norm, ok := normalizeValue(&buf, value)
	if !ok {
		return "", false
	}
	if len(types) == 0 {
		return own(norm, value), true
	}
	for _, t := range types {
		if t != "" && t[0] == '+' {
			// Match(Normalize(t), norm) without building "*/*" + t.
			_, sub, _ := splitTwo(norm)
			if strings.IndexByte(t, '/') >= 0 || len(t)+1 > len(sub)+1 || t != sub[len(sub)-len(t):] {
				continue
			}
			return own(norm, value), true
		}
		expected, ok := Normalize(t)
		if !ok || !Match(expected, norm) {
			continue
		}
		if t[0] == '+' || strings.IndexByte(t, '*') >= 0 {
			return own(norm, value), true
		}
		return t, true
	}
	return "", false
}

// own returns norm as a string that does not alias the stack buffer: the
// substring of value when norm is one, else a copy.
func own(norm, value string) string {
	if i := strings.Index(value, norm); i >= 0 {
		return value[i : i+len(norm)]
	}
	return strings.Clone(norm)
}
