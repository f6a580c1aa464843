package cookie

// tokenChars marks the characters of cookie's name pattern,
// /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/ (an RFC 6265 token).
var tokenChars = makeSet("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

// valueChars marks the cookie-octets of cookie's value pattern:
// \x21 \x23-\x2B \x2D-\x3A \x3C-\x5B \x5D-\x7E.
var valueChars = func() (t [256]bool) {
	for c := 0x21; c <= 0x7E; c++ {
		t[c] = c != '"' && c != ',' && c != ';' && c != '\\'
	}
	return t
}()

// pathChars marks cookie's path pattern, /^[\u0020-\u003A\u003D-\u007E]*$/:
// printable ASCII and space, without ';' and '<'.
var pathChars = func() (t [256]bool) {
	for c := 0x20; c <= 0x7E; c++ {
		t[c] = c != ';' && c != '<'
	}
	return t
}()

func makeSet(chars string) (t [256]bool) {
	for i := 0; i < len(chars); i++ {
		t[chars[i]] = true
	}
	return t
}

func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !tokenChars[s[i]] {
			return false
		}
	}
	return true
}

// isCookieValue matches /^("?)[cookie-octets]*\1$/: cookie-octets, all
// or none of them within one pair of double quotes.
func isCookieValue(v []byte) bool {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
	}
	for _, c := range v {
		if !valueChars[c] {
			return false
		}
	}
	return true
}

func isPath(s string) bool {
	for i := 0; i < len(s); i++ {
		if !pathChars[s[i]] {
			return false
		}
	}
	return true
}

// isDomain matches cookie's domain pattern, case-insensitively:
// /^([.]?[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)([.][a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/
// an optional leading dot, then labels of 1 to 63 letters, digits and
// inner hyphens, separated by single dots.
func isDomain(s string) bool {
	if len(s) > 0 && s[0] == '.' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for {
		n := 0
		for n < len(s) && s[n] != '.' {
			n++
		}
		if !isLabel(s[:n]) {
			return false
		}
		if n == len(s) {
			return true
		}
		s = s[n+1:]
	}
}

func isLabel(l string) bool {
	if len(l) == 0 || len(l) > 63 || !isAlnum(l[0]) || !isAlnum(l[len(l)-1]) {
		return false
	}
	for i := 1; i < len(l)-1; i++ {
		if !isAlnum(l[i]) && l[i] != '-' {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	c |= 0x20
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
}
