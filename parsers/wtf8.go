package parsers

import (
	"unicode/utf8"

	"github.com/fwgo/fw/internal/ecma"
)

// JavaScript strings are sequences of UTF-16 code units and may hold lone
// surrogates. This package stores them as Go strings in WTF-8: valid UTF-8,
// except that a lone surrogate is written as the three bytes UTF-8 would use
// for its code point (ED A0..BF 80..BF). A surrogate pair is always joined
// into one four-byte character. AppendQuote writes lone surrogates back as
// \udXXX escapes, which is what JSON.stringify does.

// appendUnit appends one UTF-16 code unit to dst in WTF-8. A low surrogate
// that follows a high surrogate already at the end of dst (written by an
// earlier call) is joined with it into one supplementary character. Callers
// must only pass a dst whose last three bytes, when they form a WTF-8 high
// surrogate, belong to the same string.
func appendUnit(dst []byte, u uint16) []byte {
	if u >= 0xDC00 && u <= 0xDFFF {
		if n := len(dst); n >= 3 {
			if hi, ok := surrogateAt(dst, n-3); ok && hi < 0xDC00 {
				r := 0x10000 + (rune(hi)-0xD800)<<10 + (rune(u) - 0xDC00)
				return utf8.AppendRune(dst[:n-3], r)
			}
		}
	}
	if u >= 0xD800 && u <= 0xDFFF {
		return append(dst, 0xED, 0xA0|byte(u>>6&0x1F), 0x80|byte(u&0x3F))
	}
	return utf8.AppendRune(dst, rune(u))
}

// utf16Len returns the number of UTF-16 code units of the WTF-8 text s, as
// JavaScript's length would report it. Invalid bytes count one unit each
// (they stand for U+FFFD).
func utf16Len[T string | []byte](s T) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			n++
			i++
			continue
		}
		if _, ok := surrogateAt(s, i); ok {
			n++
			i += 3
			continue
		}
		r, size := decodeRune(s, i)
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
		i += size
	}
	return n
}

// utf16Units decodes the WTF-8 text s into UTF-16 code units, the form in
// which V8 slices strings for its error messages.
func utf16Units[T string | []byte](s T) []uint16 {
	units := make([]uint16, 0, len(s))
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			units = append(units, uint16(c))
			i++
			continue
		}
		if cp, ok := surrogateAt(s, i); ok {
			units = append(units, cp)
			i += 3
			continue
		}
		r, size := decodeRune(s, i)
		if r >= 0x10000 {
			r -= 0x10000
			units = append(units, uint16(0xD800+(r>>10)), uint16(0xDC00+(r&0x3FF)))
		} else {
			units = append(units, uint16(r))
		}
		i += size
	}
	return units
}

// appendUnitsUTF8 appends UTF-16 units as UTF-8, writing U+FFFD for each
// lone surrogate, which is what Node writes when it sends such a string.
func appendUnitsUTF8(dst []byte, units []uint16) []byte {
	for i := 0; i < len(units); i++ {
		u := units[i]
		switch {
		case u >= 0xD800 && u < 0xDC00 && i+1 < len(units) && units[i+1] >= 0xDC00 && units[i+1] <= 0xDFFF:
			r := 0x10000 + (rune(u)-0xD800)<<10 + (rune(units[i+1]) - 0xDC00)
			dst = utf8.AppendRune(dst, r)
			i++
		case u >= 0xD800 && u <= 0xDFFF:
			dst = utf8.AppendRune(dst, utf8.RuneError)
		default:
			dst = utf8.AppendRune(dst, rune(u))
		}
	}
	return dst
}

// wellFormed returns s with every lone surrogate replaced by U+FFFD: the
// bytes Node sends for a JavaScript string.
func wellFormed(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == 0xED {
			if _, ok := surrogateAt(s, i); ok {
				return string(appendUnitsUTF8(nil, utf16Units(s)))
			}
		}
	}
	return s
}

func decodeRune[T string | []byte](s T, i int) (rune, int) {
	switch v := any(s).(type) {
	case string:
		return utf8.DecodeRuneInString(v[i:])
	case []byte:
		return utf8.DecodeRune(v[i:])
	}
	return utf8.RuneError, 1
}

// toWTF8 returns b with every byte sequence that is neither UTF-8 nor a
// WTF-8 surrogate replaced as Node's UTF-8 decoder replaces it.
func toWTF8(b []byte) []byte {
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
			continue
		}
		if _, ok := surrogateAt(b, i); ok {
			out = append(out, b[i:i+3]...)
			i += 3
			continue
		}
		if n := validPrefix(b[i:]); n > 0 {
			out = append(out, b[i:i+n]...)
			i += n
			continue
		}
		out = append(out, "\uFFFD"...)
		i += ecma.MaximalSubpart(b[i:])
	}
	return out
}
