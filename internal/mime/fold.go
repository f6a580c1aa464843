package mime

import (
	"unicode/utf8"

	"github.com/fwgo/fw/internal/bytesconv"
)

// keyBufLen bounds the keys of every table; a longer key cannot match.
const keyBufLen = 96

const (
	_ = uint(keyBufLen - sendTypeMaxKey)
	_ = uint(keyBufLen - sendExtensionMaxKey)
	_ = uint(keyBufLen - typesTypeMaxKey)
	_ = uint(keyBufLen - typesExtensionMaxKey)
	_ = uint(keyBufLen - typesCharsetMaxKey)
)

// foldKey returns s as JavaScript's toLowerCase would give it, as far as the
// result can equal an ASCII table key. ok is false when it cannot: a
// character whose lower case is not ASCII, or a result longer than buf. The
// result is s itself when s is already lower-case ASCII, else a view of buf
// that is valid until buf is reused.
func foldKey(buf *[keyBufLen]byte, s string) (key string, ok bool) {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= utf8.RuneSelf || 'A' <= c && c <= 'Z' {
			break
		}
		i++
	}
	if i == len(s) {
		return s, true
	}
	if i > len(buf) {
		return "", false
	}
	n := copy(buf[:], s[:i])
	for i < len(s) {
		c := s[i]
		if c >= utf8.RuneSelf {
			// Of all non-ASCII characters only KELVIN SIGN lower-cases to
			// ASCII alone ("k"); U+0130 gives "i" plus U+0307.
			if c != 0xe2 || len(s) < i+3 || s[i+1] != 0x84 || s[i+2] != 0xaa {
				return "", false
			}
			c = 'k'
			i += 2
		} else if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if n == len(buf) {
			return "", false
		}
		buf[n] = c
		n++
		i++
	}
	return bytesconv.B2S(buf[:n]), true
}

// isSpace reports whether r is white space or a line terminator for
// JavaScript's \s and String.prototype.trim.
func isSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680,
		0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return 0x2000 <= r && r <= 0x200a
}

// essence returns what /^\s*([^;\s]*)(?:;|\s|$)/ captures from a media type
// string: the text after leading white space, up to a semicolon, white space
// or the end. mime 1.6.0 and mime-types 2.1.35 both extract the type so.
func essence(s string) string {
	start := 0
	for start < len(s) {
		r, size := rune(s[start]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[start:])
		}
		if !isSpace(r) {
			break
		}
		start += size
	}
	for end := start; end < len(s); {
		r, size := rune(s[end]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[end:])
		}
		if r == ';' || isSpace(r) {
			return s[start:end]
		}
		end += size
	}
	return s[start:]
}
