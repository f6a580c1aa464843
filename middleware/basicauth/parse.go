package basicauth

import "strings"

// Parse parses an Authorization header value as the basic-auth 2.0
// module's parse(string) does (morgan's :remote-user token uses it): the
// scheme "Basic" in any case, then one or more spaces and a token of
// base64 characters ([A-Za-z0-9._~+/-] then '='s), surrounded by optional
// spaces; the token is decoded as Node decodes base64 and UTF-8, and split
// at its first ':'. ok is false (basic-auth's undefined) when the header
// does not have that form, when the decoded text has no ':', or when the
// password holds a line terminator (\n, \r, U+2028, U+2029), which the
// module's regular expression refuses.
//
// This is the strict parser of the basic-auth module; the middleware
// (New, Func, Async) reads the header as connect's basicAuth does, which
// is more lenient (see New).
func Parse(header string) (user, pass string, ok bool) {
	s := strings.TrimLeft(header, " ")
	if len(s) < 5 || !asciiFold(s[:5], "basic") {
		return "", "", false
	}
	s = s[5:]
	t := strings.TrimLeft(s, " ")
	if len(t) == len(s) {
		return "", "", false // at least one space after the scheme
	}
	t = strings.TrimRight(t, " ")
	i := 0
	for i < len(t) && isToken68(t[i]) {
		i++
	}
	if i == 0 {
		return "", "", false
	}
	j := i
	for j < len(t) && t[j] == '=' {
		j++
	}
	if j != len(t) {
		return "", "", false
	}
	text := decodeCredentials(t)
	user, pass, ok = strings.Cut(text, ":")
	if !ok || hasLineTerminator(pass) {
		return "", "", false
	}
	return user, pass, true
}

// isToken68 reports whether c is in basic-auth's [A-Za-z0-9._~+/-].
func isToken68(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '.' || c == '_' || c == '~' || c == '+' || c == '/' || c == '-'
}

// hasLineTerminator reports whether s holds a character JavaScript's '.'
// does not match.
func hasLineTerminator(s string) bool {
	return strings.ContainsAny(s, "\n\r\u2028\u2029")
}

// splitConnect reads an Authorization value as connect 2.30's basicAuth
// (basic-auth-connect 1.0) does: the value split at every ' ' must give
// exactly two parts, the first "Basic" (case-sensitive); the second is
// decoded as Node decodes base64 and UTF-8 and must hold a ':', where the
// user ends. ok is false for what it answers 400 to.
func splitConnect(authorization string) (user, pass string, ok bool) {
	scheme, token, found := strings.Cut(authorization, " ")
	if !found || strings.IndexByte(token, ' ') >= 0 || scheme != "Basic" {
		return "", "", false
	}
	user, pass, ok = strings.Cut(decodeCredentials(token), ":")
	if !ok {
		return "", "", false
	}
	return user, pass, true
}

// asciiFold reports whether s equals lower (lower-case ASCII) with ASCII
// letters in any case, as a regular expression's [Bb] classes match.
func asciiFold(s, lower string) bool {
	if len(s) != len(lower) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i]|0x20 != lower[i] {
			return false
		}
	}
	return true
}
