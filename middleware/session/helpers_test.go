package session_test

import "net/url"

// signedCookie returns the cookie value express-session writes for id
// signed with secret: encodeURIComponent("s:" + sign(id, secret)).
func signedCookie(id, secret string) string {
	return url.QueryEscape("s:" + sign(id, secret))
}
