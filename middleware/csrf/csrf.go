// Package csrf is the csrf() middleware of Express 3.x, done as its
// successor csurf 1.11 does it, and safely: a secret per visitor is kept
// in the session (middleware/session or middleware/cookiesession) or in a
// signed cookie, each page gets tokens made from it (Token, which is
// req.csrfToken()), and a state-changing request must send one back in
// the _csrf body field or query parameter, or in a CSRF-Token,
// XSRF-Token, X-CSRF-Token or X-XSRF-Token header.
//
//	app.Use(session.New(session.Config{Secret: []string{"keyboard cat"}}))
//	app.Use(fast.URLEncoded())
//	app.Use(csrf.New())
//	app.Get("/form", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		res.SendString(`<input type="hidden" name="_csrf" value="` + csrf.Token(req) + `">`)
//	})
//	app.Post("/process", ...) // reached only with a valid token
//
// As csurf does:
//
//   - GET, HEAD and OPTIONS requests are not checked (IgnoreMethods);
//   - a request without a secret gets one (stored in the session's
//     csrfSecret, or in the _csrf cookie);
//   - a token is "salt-hash", hash = base64url(SHA-1(salt + "-" +
//     secret)); it is compared in constant time;
//   - a missing or wrong token is ErrBadToken: a 403 ForbiddenError
//     "invalid csrf token" whose code is EBADCSRFTOKEN, passed to next;
//   - without a session (or, in cookie mode, without cookie-parser's
//     secret) every request is the 500 error "misconfigured csrf".
//
// Safer than csurf (deprecated in 2022) where it was weak:
//
//   - in cookie mode the secret cookie is always signed with
//     cookie-parser's secret (csurf's signed: true): an unsigned cookie, as
//     a sibling subdomain can plant one with a matching token (the class of
//     CVE-2023-45141 in Fiber), is not a secret here, so the request gets
//     a new secret and the planted token fails;
//   - tokens are bound to the visitor's secret, so a token issued to
//     another visitor fails (the class of CVE-2023-45128), and the secret
//     itself, which the cookie carries, is not a token;
//   - a token whose salt holds bytes outside ASCII never verifies.
package csrf

import (
	"net/http"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/cookie"
	"github.com/fwgo/fw/middleware/cookiesession"
	"github.com/fwgo/fw/middleware/session"
)

// Config configures New.
type Config struct {
	// Cookie keeps the secret in a signed cookie instead of the session
	// (csurf's cookie option); cookie-parser's secret (middleware/
	// cookieparser) must be set. Optional. Default: nil (the session).
	Cookie *CookieConfig
	// Session returns the session that holds the secret under
	// "csrfSecret" (csurf's sessionKey). Optional. Default: the session
	// of middleware/session, else that of middleware/cookiesession.
	Session func(req *fast.Request) Bag
	// Value returns the token a request sent, "" for none. Optional.
	// Default: DefaultValue.
	Value func(req *fast.Request) string
	// IgnoreMethods lists the methods that are not checked, upper-case.
	// Optional. Default: GET, HEAD and OPTIONS (nil); an empty non-nil
	// list checks every method.
	IgnoreMethods []string
	// SaltLength is the length of a token's salt. Optional. Default: 8.
	SaltLength int
	// SecretLength is the number of random bytes of a secret. Optional.
	// Default: 18.
	SecretLength int
}

// CookieConfig configures the secret's cookie; its attributes are written
// as the cookie module writes them (csurf hands its options to
// cookie.serialize).
type CookieConfig struct {
	// Key is the cookie's name. Optional. Default: "_csrf".
	Key string
	// Path is the cookie's Path. Optional. Default: "/".
	Path string
	// Domain is the cookie's Domain. Optional. Default: none.
	Domain string
	// MaxAge is the Max-Age attribute, in seconds as the cookie module
	// takes it (csurf passes it on unchanged). Optional. Default: none.
	MaxAge int
	// HTTPOnly writes the HttpOnly flag. Optional. Default: false.
	HTTPOnly bool
	// Secure writes the Secure flag. Optional. Default: false.
	Secure bool
	// SameSite is "strict", "lax" or "none". Optional. Default: none.
	SameSite string
}

// Bag is where the secret lives: a session. *session.Session and
// *cookiesession.Session are Bags.
type Bag interface {
	Get(key string) any
	Set(key string, v any)
}

// TokenError is the error of a request without a valid token: a 403
// ForbiddenError "invalid csrf token" with code EBADCSRFTOKEN, as csurf's.
type TokenError struct{}

// Error returns "invalid csrf token".
func (*TokenError) Error() string { return "invalid csrf token" }

// StatusCode returns 403.
func (*TokenError) StatusCode() int { return http.StatusForbidden }

// ErrorName returns "ForbiddenError", the class of csurf's error.
func (*TokenError) ErrorName() string { return "ForbiddenError" }

// Code returns "EBADCSRFTOKEN", err.code in csurf.
func (*TokenError) Code() string { return "EBADCSRFTOKEN" }

// ErrBadToken is the error passed to next for a missing or invalid token;
// test for it with errors.Is.
var ErrBadToken error = &TokenError{}

// errMisconfigured is csurf's Error('misconfigured csrf').
var errMisconfigured = fast.NewHTTPError(500, "misconfigured csrf")

// sessionKey is where the secret is kept in a session.
const sessionKey = "csrfSecret"

type middleware struct {
	cookie       *CookieConfig
	bag          func(*fast.Request) Bag
	value        func(*fast.Request) string
	ignore       map[string]bool
	saltLength   int
	secretLength int
}

// New returns csurf(options). Only the first config is used.
func New(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	m := &middleware{bag: c.Session, value: c.Value, saltLength: c.SaltLength, secretLength: c.SecretLength}
	if c.Cookie != nil {
		ck := *c.Cookie
		if ck.Key == "" {
			ck.Key = "_csrf"
		}
		if ck.Path == "" {
			ck.Path = "/"
		}
		m.cookie = &ck
	}
	if m.bag == nil {
		m.bag = defaultBag
	}
	if m.value == nil {
		m.value = DefaultValue
	}
	if m.saltLength <= 0 {
		m.saltLength = 8
	}
	if m.secretLength <= 0 {
		m.secretLength = 18
	}
	ignore := c.IgnoreMethods
	if ignore == nil {
		ignore = []string{"GET", "HEAD", "OPTIONS"}
	}
	m.ignore = map[string]bool{}
	for _, s := range ignore {
		m.ignore[upper(s)] = true
	}
	return m.handle
}

// defaultBag finds the session of middleware/session, then that of
// middleware/cookiesession.
func defaultBag(req *fast.Request) Bag {
	if s := session.Get(req); s != nil {
		return s
	}
	if s := cookiesession.Get(req); s != nil {
		return s
	}
	return nil
}

type stateKey struct{}

// reqState is req.csrfToken's closure.
type reqState struct {
	m      *middleware
	req    *fast.Request
	secret string
	token  string
}

func (m *middleware) handle(req *fast.Request, res *fast.Response, next fast.Next) {
	if !m.configured(req) {
		next(errMisconfigured)
		return
	}
	st := &reqState{m: m, req: req}
	secret, ok := m.getSecret(req)
	if !ok {
		next(errMisconfigured)
		return
	}
	st.secret = secret
	req.Ctx().SetUserValue(stateKey{}, st)
	if st.secret == "" {
		st.secret = newSecret(m.secretLength)
		if err := m.setSecret(req, res, st.secret); err != nil {
			next(err)
			return
		}
	}
	if !m.ignore[req.Method()] && !verify(st.secret, m.value(req)) {
		next(ErrBadToken)
		return
	}
	next()
}

// configured is csurf's verifyConfiguration.
func (m *middleware) configured(req *fast.Request) bool {
	if m.cookie != nil {
		return req.Secret() != ""
	}
	return m.bag(req) != nil
}

// getSecret returns the visitor's secret ("" when none yet); ok is false
// when there is no session to hold it.
func (m *middleware) getSecret(req *fast.Request) (string, bool) {
	if m.cookie != nil {
		v, _ := req.SignedCookies().Get(m.cookie.Key)
		return v, true
	}
	bag := m.bag(req)
	if bag == nil {
		return "", false
	}
	s, _ := bag.Get(sessionKey).(string)
	return s, true
}

// setSecret stores a new secret in the session, or in the signed cookie.
func (m *middleware) setSecret(req *fast.Request, res *fast.Response, secret string) error {
	if m.cookie == nil {
		bag := m.bag(req)
		if bag == nil {
			return errMisconfigured
		}
		bag.Set(sessionKey, secret)
		return nil
	}
	ck := m.cookie
	opt := cookie.Options{Path: ck.Path, Domain: ck.Domain, HTTPOnly: ck.HTTPOnly, Secure: ck.Secure, SameSite: ck.SameSite}
	if ck.MaxAge != 0 {
		opt.MaxAge, opt.HasMaxAge = float64(ck.MaxAge), true
	}
	line, err := cookie.Serialize(ck.Key, "s:"+cookie.Sign(secret, req.Secret()), &opt)
	if err != nil {
		return err
	}
	res.Append("Set-Cookie", line)
	return res.Err()
}

// Token returns a token for the request, as req.csrfToken(): the same
// token for the rest of the request while the secret does not change
// (in session mode the secret is read again from the session, which may
// have been regenerated: a new secret is then made and stored). It
// returns "" when the csrf middleware did not run for the request or no
// session is left to hold the secret.
func Token(req *fast.Request) string {
	st, _ := req.Ctx().UserValue(stateKey{}).(*reqState)
	if st == nil {
		return ""
	}
	m := st.m
	sec := st.secret
	if m.cookie == nil {
		s, ok := m.getSecret(req)
		if !ok {
			return ""
		}
		sec = s
	}
	if st.token != "" && sec == st.secret {
		return st.token
	}
	if sec == "" {
		sec = newSecret(m.secretLength)
		if err := m.setSecret(req, req.Res(), sec); err != nil {
			return ""
		}
	}
	st.secret = sec
	st.token = tokenize(sec, newSalt(m.saltLength))
	return st.token
}

// DefaultValue is csurf's defaultValue: the _csrf member of the parsed
// body, then the _csrf query parameter, then the CSRF-Token, XSRF-Token,
// X-CSRF-Token and X-XSRF-Token headers; the first that is present and
// not empty is taken. A _csrf that is not a string (an array, an object)
// is taken too, and fails.
func DefaultValue(req *fast.Request) string {
	if o, ok := req.Body().(*fast.Object); ok {
		if v, taken := member(o, "_csrf"); taken {
			return v
		}
	}
	if v, taken := member(req.Query(), "_csrf"); taken {
		return v
	}
	for _, h := range []string{"Csrf-Token", "Xsrf-Token", "X-Csrf-Token", "X-Xsrf-Token"} {
		if v := req.Get(h); v != "" {
			return v
		}
	}
	return ""
}

// member returns obj[key] when it is truthy: its string, or "" (a value
// that never verifies) for another truthy value.
func member(o *fast.Object, key string) (string, bool) {
	if o == nil {
		return "", false
	}
	v, ok := o.Get(key)
	if !ok {
		return "", false
	}
	switch x := v.(type) {
	case string:
		return x, x != ""
	case nil:
		return "", false
	case bool:
		return "", x
	case float64:
		return "", x != 0 && x == x
	}
	return "", true
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}
