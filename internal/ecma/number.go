package ecma

import (
	"math"
	"strconv"
	"strings"
)

// ParseFloat is parseFloat(s) on a Latin-1 string: leading white space
// skipped, then the longest prefix that is a decimal literal or
// [+-]Infinity; NaN when there is none. Out-of-range values give ±Inf or
// ±0, as in JavaScript.
func ParseFloat(s string) float64 {
	s = s[SkipSpace(s, 0):]
	j := 0
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	if strings.HasPrefix(s[j:], "Infinity") {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	n := decimalPrefix(s[j:])
	if n == 0 {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s[:j+n], 64)
	return f
}

// ParseInt is parseInt(s, 10) on a UTF-8 string: leading white space
// (IsSpaceRune) skipped, an optional sign, then the leading decimal digits;
// NaN when there are none. Very long digit runs give ±Inf, as in
// JavaScript.
func ParseInt(s string) float64 {
	s = strings.TrimLeftFunc(s, IsSpaceRune)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	end := 0
	for end < len(s) && isDigit(s[end]) {
		end++
	}
	if end == 0 {
		return math.NaN()
	}
	f, _ := strconv.ParseFloat(s[:end], 64)
	if neg {
		f = -f
	}
	return f
}

// IsNumber reports whether Number(s) is not NaN, for a Latin-1 string:
// JavaScript's StringNumericLiteral (decimal, 0x, 0o and 0b literals,
// [+-]Infinity) surrounded by white space; an empty or blank string is 0.
func IsNumber(s string) bool {
	s = Trim(s)
	if s == "" {
		return true
	}
	if len(s) > 2 && s[0] == '0' {
		var digit func(byte) bool
		switch s[1] {
		case 'x', 'X':
			digit = func(c byte) bool { return isDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f' }
		case 'o', 'O':
			digit = func(c byte) bool { return '0' <= c && c <= '7' }
		case 'b', 'B':
			digit = func(c byte) bool { return c == '0' || c == '1' }
		}
		if digit != nil {
			for i := 2; i < len(s); i++ {
				if !digit(s[i]) {
					return false
				}
			}
			return true
		}
	}
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	if s == "Infinity" {
		return true
	}
	n := decimalPrefix(s)
	return n > 0 && n == len(s)
}

// decimalPrefix returns the length of the longest prefix of s that is an
// unsigned decimal literal other than Infinity (digits, an optional
// fraction, an optional exponent), or 0.
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
