// Package basicauth is the basicAuth() middleware of Express 3.x (connect
// 2.30's basicAuth, the basic-auth-connect 1.0 module) for fast: HTTP
// Basic authentication that sets req.user (here User) to the
// authenticated user.
//
//	app.Use(basicauth.New("tj", "wahoo"))
//	app.Use(basicauth.Func(func(user, pass string) bool { ... }))
//	app.Use(basicauth.Async(func(user, pass string, done func(error, any)) {
//		u, err := users.Authenticate(user, pass)
//		done(err, u)
//	}))
//
// As connect does, a request that already has a user passes on; a request
// without an Authorization header, or whose credentials are refused, is
// answered 401 "Unauthorized" with WWW-Authenticate: Basic
// realm="Authorization Required" (or the configured realm) and no
// Content-Type; an Authorization header that is not "Basic <credentials>"
// (split at spaces into exactly two parts, "Basic" case-sensitive) or
// whose decoded credentials hold no ':' is a 400 error passed to next.
// Credentials are decoded as Node decodes them: lenient base64 (either
// alphabet, other bytes skipped, stopping at the first '=') and UTF-8 with
// U+FFFD for ill-formed bytes.
//
// Unlike connect, which compares with ==, New compares both the user name
// and the password in constant time, and always both (no short-circuit),
// so that timing tells neither whether the user exists nor how much of a
// password matched (jshttp/basic-auth#28).
package basicauth

import (
	"crypto/sha256"
	"crypto/subtle"

	"github.com/fwgo/fw/fast"
)

// Config configures the middleware.
type Config struct {
	// Realm is the realm of the WWW-Authenticate challenge, written
	// between double quotes as given. Optional. Default:
	// "Authorization Required".
	Realm string
}

// DefaultRealm is connect's default realm.
const DefaultRealm = "Authorization Required"

// errBadRequest is the 400 error connect passes to next.
func errBadRequest() error { return fast.NewHTTPError(400, "Bad Request") }

// New returns basicAuth(username, password): only that user name with that
// password is let through, and User is the user name. The comparison takes
// the same time whatever the credentials sent. Only the first config is
// used.
func New(username, password string, config ...Config) fast.Handler {
	wantUser := sha256.Sum256([]byte(username))
	wantPass := sha256.Sum256([]byte(password))
	return Func(func(user, pass string) bool {
		u := sha256.Sum256([]byte(user))
		p := sha256.Sum256([]byte(pass))
		// Both comparisons always run; & does not short-circuit.
		return subtle.ConstantTimeCompare(u[:], wantUser[:])&subtle.ConstantTimeCompare(p[:], wantPass[:]) == 1
	}, config...)
}

// Func returns basicAuth(callback) with a synchronous callback: the
// request passes, with User set to the user name, when check returns
// true. check runs on the request's goroutine and must be safe for
// concurrent use. Only the first config is used.
func Func(check func(user, pass string) bool, config ...Config) fast.Handler {
	if check == nil {
		panic("basicauth: nil check function")
	}
	m := newMiddleware(config)
	return func(req *fast.Request, res *fast.Response, next fast.Next) {
		user, pass, ok := m.credentials(req, res, next)
		if !ok {
			return
		}
		if !check(user, pass) {
			m.unauthorized(res)
			return
		}
		SetUser(req, user)
		next()
	}
}

// Async returns basicAuth(callback) with the asynchronous callback
// (user, pass, fn): check calls done(err, user) once, from any goroutine,
// possibly after check returned; the handler waits for it (or for the
// server to shut down). A nil error with a truthy user (not nil, false,
// "" or a zero number) lets the request pass with User set to that user;
// anything else is answered 401. Calls of done after the first are
// ignored. Only the first config is used.
func Async(check func(user, pass string, done func(err error, user any)), config ...Config) fast.Handler {
	if check == nil {
		panic("basicauth: nil check function")
	}
	m := newMiddleware(config)
	return func(req *fast.Request, res *fast.Response, next fast.Next) {
		user, pass, ok := m.credentials(req, res, next)
		if !ok {
			return
		}
		r := newResult()
		check(user, pass, r.done)
		select {
		case <-r.ch:
		case <-serverDone(req):
			return // the server is shutting down
		}
		if r.err != nil || !truthy(r.user) {
			m.unauthorized(res)
			return
		}
		SetUser(req, r.user)
		next()
	}
}

type middleware struct {
	challenge string // the WWW-Authenticate value
}

func newMiddleware(config []Config) *middleware {
	realm := DefaultRealm
	if len(config) > 0 && config[0].Realm != "" {
		realm = config[0].Realm
	}
	return &middleware{challenge: `Basic realm="` + realm + `"`}
}

// credentials reads the request's credentials as connect does. When it
// returns ok false, the request was answered or passed on.
func (m *middleware) credentials(req *fast.Request, res *fast.Response, next fast.Next) (user, pass string, ok bool) {
	if truthy(User(req)) {
		next()
		return "", "", false
	}
	authorization := req.Get("Authorization")
	if authorization == "" {
		m.unauthorized(res)
		return "", "", false
	}
	user, pass, ok = splitConnect(authorization)
	if !ok {
		next(errBadRequest())
		return "", "", false
	}
	return user, pass, true
}

// unauthorized answers 401 as connect does.
func (m *middleware) unauthorized(res *fast.Response) {
	res.Status(401).Set("WWW-Authenticate", m.challenge)
	_ = res.End("Unauthorized")
}

// serverDone returns the channel closed when the server shuts down, or nil
// (which never fires) for a request context without a server.
func serverDone(req *fast.Request) (ch <-chan struct{}) {
	defer func() {
		if recover() != nil {
			ch = nil
		}
	}()
	return req.Ctx().Done()
}
