package ecma

import "unicode"

// IsSpace reports whether c is white space to JavaScript's trim and \s in a
// Latin-1 string: TAB, LF, VT, FF, CR, SPACE and NO-BREAK SPACE (0xA0).
func IsSpace(c byte) bool {
	return c == ' ' || '\t' <= c && c <= '\r' || c == 0xA0
}

// IsSpaceRune reports whether r is white space to JavaScript's trim and
// \s: the Latin-1 ones, the line and paragraph separators, the byte order
// mark and every space separator (Unicode category Zs).
func IsSpaceRune(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x2028, 0x2029, 0xFEFF:
		return true
	}
	return r > 0xFF && unicode.Is(unicode.Zs, r)
}

// Trim is String.prototype.trim on a Latin-1 string; the result shares s's
// memory.
func Trim(s string) string {
	i, j := 0, len(s)
	for i < j && IsSpace(s[i]) {
		i++
	}
	for j > i && IsSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

// SkipSpace returns the index of the first byte of s at or after i that is
// not white space (IsSpace), or len(s).
func SkipSpace(s string, i int) int {
	for i < len(s) && IsSpace(s[i]) {
		i++
	}
	return i
}
