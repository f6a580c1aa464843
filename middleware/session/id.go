package session

import (
	"crypto/rand"
	"encoding/base64"
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/cookie"
)

// GenerateID returns a new session ID as express-session's default genid
// does (uid-safe's uid(24)): 24 random bytes from crypto/rand in base64url
// without padding, 32 characters. It panics if the system's random source
// fails (a session ID must never be predictable).
func GenerateID(*fast.Request) string {
	var b [24]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("session: crypto/rand failed: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// cookieID reads the session ID from the request's Cookie header, as
// express-session's getcookie does: the cookie named name whose value is
// "s:" followed by the ID signed with one of the secrets; an unsigned
// value or a bad signature gives no ID. (express-session also falls back
// to req.signedCookies and req.cookies from cookie-parser; fast fills
// those from the same header, so only a cookie signed with cookie-parser's
// secret but not the session's would differ, and it is not accepted.)
func cookieID(req *fast.Request, name string, secrets []string) string {
	header := req.Get("Cookie")
	if header == "" {
		return ""
	}
	raw, ok := cookieValue(header, name)
	if !ok || !strings.HasPrefix(raw, "s:") {
		return ""
	}
	for _, s := range secrets {
		if v, ok := cookie.Unsign(raw[2:], s); ok {
			return strings.Clone(v)
		}
	}
	return ""
}

// cookieValue returns the decoded value of the first cookie named name, as
// cookie.parse(header)[name] gives it.
func cookieValue(header, name string) (string, bool) {
	pairs, _ := cookie.Parse(nil, nil, header)
	for _, p := range pairs {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}
