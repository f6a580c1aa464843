package negotiate

import ()

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
