// Package cookiesession is the cookie-session 2.1 middleware for fast:
// the session's values live in the cookie itself (base64 of their JSON),
// signed with Keygrip in a second cookie, so no server-side store is
// needed.
//
//	app.Use(cookiesession.New(cookiesession.Config{Keys: []string{"key1", "key2"}}))
//	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		sess := cookiesession.Get(req)
//		n, _ := sess.Get("views").(float64)
//		sess.Set("views", n+1)
//		res.SendString(fmt.Sprint(n + 1))
//	})
//
// This is Express 4's cookie-session 2.x, chosen over Express 3.x's
// bundled cookieSession() (connect 2.30): that one kept the session in a
// single cookie named "connect.sess" holding "s:j:<json>.<signature>"
// (cookie-signature), whose format is not compatible with this one. What
// the 3.x spec asks of cookieSession() holds here: a name (default
// "session" here), a secret or keys, cookie settings, secure cookies over
// HTTPS behind a proxy (through the app's "trust proxy", see
// req.Protocol), and Unset (req.session = null) clears the session and
// its cookie.
//
// As cookie-session does:
//
//   - the session is read lazily, the first time Get is called; a request
//     that never calls Get (or Replace, or Unset) sets no cookie;
//   - the cookie (Config.Name, "session") holds the base64 of the values'
//     JSON, and "<name>.sig" its Keygrip signature (HMAC-SHA1, URL-safe
//     base64) of "<name>=<value>" with the first key; a cookie whose
//     signature no key verifies is ignored (and its .sig cookie cleared),
//     one signed with an older key is re-signed with the first;
//   - at the end of the request the cookie is written when the session
//     changed, unless it is new and empty; Unset writes an empty, expired
//     cookie (and .sig);
//   - cookies are written as the cookies 0.9 module writes them: lower-case
//     attributes, path=/ by default, an expires (never a max-age),
//     httponly by default, and secure automatically on HTTPS requests;
//     Secure on a plain HTTP request writes no cookie (the module throws
//     "Cannot send secure cookie over unencrypted connection" and
//     cookie-session ignores the error).
//
// cookie-session writes the cookie when the response headers are written;
// fast writes a response when the handler chain returns (see fast's
// package documentation), so the cookie is written when the handlers after
// the middleware return.
//
// The session is visible to the client (it is only base64): do not put
// secrets in it. A cookie is limited to about 4 KB by browsers.
package cookiesession

import (
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// Config configures New; the cookie settings are cookie-session's options.
type Config struct {
	// Name is the name of the cookie. Optional. Default: "session".
	Name string
	// Keys sign and verify the cookie: the first signs, all verify.
	// Required unless Secret is set or Unsigned. Optional. Default: none.
	Keys []string
	// Secret is the single key used when Keys is empty. Optional.
	// Default: "".
	Secret string
	// Unsigned writes and reads the cookie without a signature (signed:
	// false): the client can then change the session at will. Optional.
	// Default: false (signed).
	Unsigned bool
	// NoOverwrite keeps earlier Set-Cookie lines of the same name
	// (overwrite: false). Optional. Default: false (they are replaced).
	NoOverwrite bool
	// MaxAge makes the cookie expire MaxAge after the response (written
	// as an expires attribute). Optional. Default: 0, a browser-session
	// cookie.
	MaxAge time.Duration
	// Expires is a fixed expiry. Optional. Default: none.
	Expires time.Time
	// Path is the cookie's path. Optional. Default: "/".
	Path string
	// Domain is the cookie's domain. Optional. Default: none.
	Domain string
	// Secure writes the secure flag; on a request that is not HTTPS no
	// cookie is written (see the package documentation). Optional.
	// Default: false, which still writes secure on HTTPS requests.
	Secure bool
	// NoHTTPOnly leaves the httponly flag out. Optional. Default: false
	// (httponly).
	NoHTTPOnly bool
	// SameSite is "strict", "lax" or "none". Optional. Default: none.
	SameSite string
	// Partitioned writes the partitioned flag. Optional. Default: false.
	Partitioned bool
	// Priority is "low", "medium" or "high". Optional. Default: none.
	Priority string
}

// Options are the cookie settings of one request, req.sessionOptions: a
// handler may change them (a "remember me" MaxAge) before the cookie is
// written.
type Options struct {
	MaxAge      time.Duration
	Expires     time.Time
	Path        string
	Domain      string
	Secure      bool
	HTTPOnly    bool
	SameSite    string
	Partitioned bool
	Priority    string
	Overwrite   bool
	Signed      bool
}

type middleware struct {
	name string
	keys keygrip
	opts Options
}

// New returns cookieSession(options). It panics with cookie-session's
// ".keys required." when the cookie is signed and neither Keys nor Secret
// is given. Only the first config is used.
func New(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	m := &middleware{name: c.Name}
	if m.name == "" {
		m.name = "session"
	}
	m.keys = append(keygrip(nil), c.Keys...)
	if len(m.keys) == 0 && c.Secret != "" {
		m.keys = keygrip{c.Secret}
	}
	if len(m.keys) == 0 && !c.Unsigned {
		panic("cookiesession: .keys required.")
	}
	m.opts = Options{
		MaxAge: c.MaxAge, Expires: c.Expires, Path: c.Path, Domain: c.Domain, Secure: c.Secure,
		HTTPOnly: !c.NoHTTPOnly, SameSite: c.SameSite, Partitioned: c.Partitioned, Priority: c.Priority,
		Overwrite: !c.NoOverwrite, Signed: !c.Unsigned,
	}
	if m.opts.Path == "" {
		m.opts.Path = "/"
	}
	return m.handle
}

type stateKey struct{}

// reqState is the middleware's state for one request.
type reqState struct {
	m     *middleware
	req   *fast.Request
	opts  Options
	sess  *Session
	state int // untouched, live (sess), unset
}

const (
	untouched = iota
	live
	unset
)

func stateOf(req *fast.Request) *reqState {
	st, _ := req.Ctx().UserValue(stateKey{}).(*reqState)
	return st
}

func (m *middleware) handle(req *fast.Request, res *fast.Response, next fast.Next) {
	st := &reqState{m: m, req: req, opts: m.opts}
	req.Ctx().SetUserValue(stateKey{}, st)
	next()
	st.commit()
}

// Get returns req.session, reading it from the cookie on first use (a new,
// empty session when there is none or it does not verify); nil after
// Unset, or when the middleware did not run.
func Get(req *fast.Request) *Session {
	st := stateOf(req)
	if st == nil {
		return nil
	}
	switch st.state {
	case live:
		return st.sess
	case unset:
		return nil
	}
	st.state = live
	if s := st.read(); s != nil {
		st.sess = s
	} else {
		st.sess = &Session{values: &parsers.Object{}, isNew: true}
	}
	return st.sess
}

// Replace replaces the session with a new one holding values, as
// assigning an object to req.session does; nil values is Unset.
func Replace(req *fast.Request, values *fast.Object) {
	st := stateOf(req)
	if st == nil {
		return
	}
	if values == nil {
		st.state, st.sess = unset, nil
		return
	}
	st.state = live
	st.sess = &Session{values: values, isNew: true}
}

// Unset clears the session, as req.session = null: its cookie is
// replaced by an empty, expired one.
func Unset(req *fast.Request) { Replace(req, nil) }

// SessionOptions returns the cookie settings of this request
// (req.sessionOptions); changes apply to the cookie written at the end of
// the request. nil when the middleware did not run.
func SessionOptions(req *fast.Request) *Options {
	if st := stateOf(req); st != nil {
		return &st.opts
	}
	return nil
}

// read is tryGetSession: the session of the request's cookie, or nil.
func (st *reqState) read() *Session {
	str := st.get(st.m.name)
	if str == "" {
		return nil
	}
	s, err := deserialize(str)
	if err != nil {
		return nil
	}
	return s
}

// get is cookies.get(name, sessionOptions): the cookie's value, verified
// against name.sig when signed.
func (st *reqState) get(name string) string {
	header := st.req.Get("Cookie")
	if header == "" {
		return ""
	}
	value, ok := getCookie(header, name)
	if !ok || !st.opts.Signed {
		return value
	}
	sigName := name + ".sig"
	remote, ok := getCookie(header, sigName)
	if !ok || remote == "" {
		return ""
	}
	data := name + "=" + value
	switch i := st.m.keys.index(data, remote); {
	case i < 0:
		st.set(&setCookie{name: sigName, path: "/", httpOnly: true}, false, false)
		return ""
	case i > 0:
		st.set(&setCookie{name: sigName, value: st.m.keys.sign(data), path: "/", httpOnly: true}, false, false)
	}
	return value
}

// set is cookies.set(name, value, opts) for a prepared cookie: expiry of
// an empty value, the secure rules, the Set-Cookie line and, when signed,
// its .sig line. Errors are the ones the module throws.
func (st *reqState) set(c *setCookie, signed, overwrite bool) error {
	if c.value == "" {
		c.expires = time.UnixMilli(0)
	}
	if err := c.check(); err != nil {
		return err
	}
	secure := st.req.Protocol() == "https"
	if !secure && c.secure {
		return errInsecure
	}
	c.secure = c.secure || secure
	push(st.req, c, overwrite)
	if signed {
		c.value = st.m.keys.sign(c.name + "=" + c.value)
		c.name += ".sig"
		push(st.req, c, overwrite)
	}
	return nil
}

// commit writes the cookie when the session was unset, or changed and not
// new-and-empty, as cookie-session's header listener does; errors are
// ignored, as there.
func (st *reqState) commit() {
	o := &st.opts
	c := &setCookie{
		name: st.m.name, path: o.Path, domain: o.Domain, priority: o.Priority, sameSite: o.SameSite,
		secure: o.Secure, httpOnly: o.HTTPOnly, partitioned: o.Partitioned, expires: o.Expires,
	}
	if o.MaxAge != 0 {
		c.expires = time.UnixMilli(time.Now().UnixMilli() + o.MaxAge.Milliseconds())
	}
	switch st.state {
	case unset:
		_ = st.set(c, o.Signed, o.Overwrite)
	case live:
		s := st.sess
		if (!s.isNew || s.IsPopulated()) && s.IsChanged() {
			v, err := s.serialize()
			if err != nil {
				return
			}
			c.value = v
			_ = st.set(c, o.Signed, o.Overwrite)
		}
	}
}
