package negotiate

import (
	"math"
	"strconv"
)

// isSpace reports whether b is white space to JavaScript's \s and trim, in a
// Latin-1 string: TAB, LF, VT, FF, CR, SPACE and NO-BREAK SPACE.
func isSpace(b byte) bool {
	return b == ' ' || '\t' <= b && b <= '\r' || b == 0xa0
}

// trim is JavaScript's String.prototype.trim on a Latin-1 string.
func trim(s string) string {
	i, j := 0, len(s)
	for i < j && isSpace(s[i]) {
		i++
	}
	for j > i && isSpace(s[j-1]) {
		j--
	}
	return s[i:j]
}

func skipSpace(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// hasLineBreak reports whether s holds a character JavaScript's '.' does
// not match, in a Latin-1 string: LF or CR.
func hasLineBreak(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' || s[i] == '\r' {
			return true
		}
	}
	return false
}

// lowerByte is JavaScript's toLowerCase for one Latin-1 character: ASCII
// letters and À-Þ (but not ×) move to their lower case.
func lowerByte(c byte) byte {
	if 'A' <= c && c <= 'Z' || 0xc0 <= c && c <= 0xde && c != 0xd7 {
		return c + 0x20
	}
	return c
}

// equalFold reports whether a.toLowerCase() === b.toLowerCase() for
// Latin-1 strings.
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] && lowerByte(a[i]) != lowerByte(b[i]) {
			return false
		}
	}
	return true
}

// parseFloat is JavaScript's parseFloat on a Latin-1 string: leading white
// space skipped, then the longest prefix that is a decimal literal or
// [+-]Infinity; NaN when there is none.
func parseFloat(s string) float64 {
	i := skipSpace(s, 0)
	s = s[i:]
	j := 0
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	if len(s)-j >= 8 && s[j:j+8] == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	n := decimalPrefix(s[j:])
	if n == 0 {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s[:j+n], 64) // out of range gives ±Inf or ±0, as in JavaScript
	return f
}

// decimalPrefix returns the length of the longest prefix of s that is an
// unsigned decimal literal (digits, an optional fraction, an optional
// exponent), or 0.
func decimalPrefix(s string) int {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intDigits := i
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if intDigits == 0 && j == i+1 {
			return 0
		}
		i = j
	} else if intDigits == 0 {
		return 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k > j {
			i = k
		}
	}
	return i
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
