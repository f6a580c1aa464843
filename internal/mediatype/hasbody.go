package mediatype

// HasBody is type-is's hasBody(req): true when the request has a
// Transfer-Encoding header, or a Content-Length header whose value is a
// number to JavaScript (isNaN is false; an empty or blank value counts as 0,
// and "0x1f", "1e3" or " 12 " are numbers). Pass the presence of each header
// and the Content-Length value as received.
func HasBody(hasTransferEncoding bool, contentLength string, hasContentLength bool) bool {
	return hasTransferEncoding || hasContentLength && isNumber(contentLength)
}

// isNumber reports whether Number(s) is not NaN, for a Latin-1 string:
// JavaScript's StringNumericLiteral, surrounded by white space.
func isNumber(s string) bool {
	s = trim(s)
	if s == "" {
		return true
	}
	if len(s) > 2 && s[0] == '0' {
		var digit func(byte) bool
		switch s[1] {
		case 'x', 'X':
			digit = func(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c|0x20 && c|0x20 <= 'f' }
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

// decimalPrefix returns the length of the longest prefix of s that is a
// StrUnsignedDecimalLiteral other than Infinity (digits, an optional
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
