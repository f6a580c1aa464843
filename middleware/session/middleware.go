// Package session is the express-session 1.19 middleware for fast:
// server-side sessions identified by a signed cookie (connect.sid), kept
// in a Store (MemoryStore by default; implement Store for Redis, SQL ...).
//
//	app.Use(session.New(session.Config{Secret: []string{"keyboard cat"}}))
//	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		sess := session.Get(req)
//		views, _ := sess.Get("views").(float64) // numbers come back as float64
//		sess.Set("views", views+1)
//		res.SendString(fmt.Sprint(views + 1))
//	})
//
// As express-session does:
//
//   - the session ID travels in a cookie (Config.Name, "connect.sid") whose
//     value is "s:" + ID + "." + its HMAC-SHA256 signature with the first
//     secret (cookie-signature, the signing of cookie-parser); a cookie
//     that is not signed with one of the secrets is ignored;
//   - an ID the store does not know, such as one a client made up or one
//     that expired, is never used: the request gets a new session under a
//     new, random ID (GenerateID: 24 bytes from crypto/rand), so a client
//     cannot choose its session ID (the class of CVE-2024-38513);
//   - Regenerate gives the session a new ID and destroys the old one, the
//     defence against session fixation at login;
//   - the session is saved at the end of the request when it was modified,
//     or always (resave) unless NoResave; a new session that was not
//     modified is saved, and its cookie set, only without
//     NoSaveUninitialized; the cookie is set on a new or modified session,
//     or on every response with Rolling, or when a session with an expiry
//     was modified; a Secure cookie is not set on a request that is not
//     secure;
//   - requests whose original path does not start with the cookie's Path
//     get no session.
//
// express-session saves the session and sets the cookie while the
// response is being written. fast writes a response when the handler
// chain returns (see fast's package documentation), so both happen when
// the handlers after the middleware return, before the response leaves;
// changes made after res.Send in the same handler are saved too. A store
// error at that point cannot reach next any more: it is logged
// (Config.ErrorLog) and the connection is closed after the response,
// where express-session passes it to next after the headers were sent,
// which makes Express destroy the connection before the response's last
// byte.
//
// Not supported: express-session's cookie option as a function, the
// deprecated cookie.expires option (use MaxAge), store readiness events
// (a store reports failures as errors), and the fallback that reads the
// session ID from req.signedCookies and req.cookies.
package session

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/cookie"
	"github.com/fwgo/fw/parsers"
)

// Config configures New.
type Config struct {
	// Name is the name of the session ID cookie. Optional. Default:
	// "connect.sid".
	Name string
	// Secret lists the secrets the session ID cookie is signed with: the
	// first signs, all verify (rotation). Optional. Default: the secret
	// given to middleware/cookieparser (req.secret); a request without
	// either fails with "secret option required for sessions".
	Secret []string
	// Store keeps the sessions. Optional. Default: a new MemoryStore,
	// which is for development only (see MemoryStore).
	Store Store
	// Cookie sets the session cookie's attributes. Optional. Default:
	// Path "/", HttpOnly, no expiry.
	Cookie CookieConfig
	// GenID returns a new session ID. It must be unguessable. Optional.
	// Default: GenerateID.
	GenID func(req *fast.Request) string
	// Proxy says how a request is known to be secure for a Secure cookie.
	// Optional. Default: ProxyApp.
	Proxy Proxy
	// NoResave leaves a loaded session that was not modified unsaved
	// (resave: false); a Toucher store is then touched instead. Optional.
	// Default: false, so every loaded session is saved back
	// (express-session's resave: true, its default).
	NoResave bool
	// NoSaveUninitialized leaves a new session that was not modified
	// unsaved and without a cookie (saveUninitialized: false), which is
	// what login sessions and cookie-consent rules want. Optional.
	// Default: false (saveUninitialized: true, express-session's
	// default).
	NoSaveUninitialized bool
	// Rolling sets the cookie on every response, restarting its max age.
	// Optional. Default: false.
	Rolling bool
	// UnsetDestroy destroys the session in the store when Unset was
	// called (unset: 'destroy'). Optional. Default: false (unset:
	// 'keep': the stored session stays, unchanged).
	UnsetDestroy bool
	// ErrorLog receives the errors met after the handlers returned (a
	// store that fails to save). Optional. Default: a line on os.Stderr.
	ErrorLog func(err error)
}

// Proxy says how the middleware decides that a request is secure.
type Proxy int

const (
	// ProxyApp uses req.Secure(), which follows the app's "trust proxy"
	// setting (express-session's proxy option left undefined).
	ProxyApp Proxy = iota
	// ProxyTrust trusts the first X-Forwarded-Proto value (proxy: true).
	ProxyTrust
	// ProxyNone counts only TLS connections as secure (proxy: false).
	ProxyNone
)

// DefaultName is the default session cookie name.
const DefaultName = "connect.sid"

type middleware struct {
	name     string
	secrets  []string
	store    Store
	toucher  Toucher
	cookie   CookieConfig
	genid    func(*fast.Request) string
	proxy    Proxy
	resave   bool
	saveNew  bool
	rolling  bool
	destroy  bool
	errorLog func(error)
}

// New returns session(options). It panics, with a "session:" prefix, on
// an empty secret in Secret. Only the first config is used.
func New(config ...Config) fast.Handler {
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	m := &middleware{
		name:     c.Name,
		secrets:  append([]string(nil), c.Secret...),
		store:    c.Store,
		cookie:   c.Cookie,
		genid:    c.GenID,
		proxy:    c.Proxy,
		resave:   !c.NoResave,
		saveNew:  !c.NoSaveUninitialized,
		rolling:  c.Rolling,
		destroy:  c.UnsetDestroy,
		errorLog: c.ErrorLog,
	}
	for _, s := range m.secrets {
		if s == "" {
			panic("session: empty secret")
		}
	}
	if m.name == "" {
		m.name = DefaultName
	}
	if m.store == nil {
		m.store = NewMemoryStore()
	}
	m.toucher, _ = m.store.(Toucher)
	if m.genid == nil {
		m.genid = GenerateID
	}
	if m.cookie.Path == "" {
		m.cookie.Path = "/"
	}
	if m.errorLog == nil {
		m.errorLog = func(err error) { fmt.Fprintln(os.Stderr, "session:", err) }
	}
	return m.handle
}

// errNoSecret is the error a request meets without a secret.
var errNoSecret = fast.NewHTTPError(500, "secret option required for sessions")

type stateKey struct{}

// reqState is the middleware's state for one request.
type reqState struct {
	m            *middleware
	req          *fast.Request
	sess         *Session // req.session; nil once destroyed or unset
	id           string   // req.sessionID
	cookieID     string   // the ID the request's cookie carried
	originalID   string
	originalHash []byte
	savedHash    []byte
	saved        bool
	secrets      []string
}

func stateOf(req *fast.Request) *reqState {
	st, _ := req.Ctx().UserValue(stateKey{}).(*reqState)
	return st
}

// Get returns req.session: the request's session, or nil when the session
// middleware did not run for it (or the request's path is outside the
// cookie's Path), or the session was destroyed or unset.
func Get(req *fast.Request) *Session {
	if st := stateOf(req); st != nil {
		return st.sess
	}
	return nil
}

// Unset removes the session from the request, as assigning req.session =
// null does: it is not saved, its cookie is not set, and with
// Config.UnsetDestroy it is destroyed in the store.
func Unset(req *fast.Request) {
	if st := stateOf(req); st != nil {
		st.sess = nil
	}
}

func (m *middleware) handle(req *fast.Request, res *fast.Response, next fast.Next) {
	if Get(req) != nil {
		next()
		return
	}
	if !strings.HasPrefix(originalPath(req), m.cookie.Path) {
		next()
		return
	}
	secrets := m.secrets
	if len(secrets) == 0 {
		if s := req.Secret(); s != "" {
			secrets = []string{s}
		} else {
			next(errNoSecret)
			return
		}
	}
	st := &reqState{m: m, req: req, secrets: secrets}
	st.cookieID = cookieID(req, m.name, secrets)
	st.id = st.cookieID
	req.Ctx().SetUserValue(stateKey{}, st)
	if st.cookieID == "" {
		st.generate()
	} else if err := st.load(); err != nil {
		next(err)
		st.commit()
		return
	}
	next()
	st.commit()
}

// originalPath is parseurl.original(req).pathname || '/'.
func originalPath(req *fast.Request) string {
	u := req.OriginalURL()
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	if strings.Contains(u, "://") {
		if i := strings.Index(u, "://"); i >= 0 {
			rest := u[i+3:]
			if j := strings.IndexByte(rest, '/'); j >= 0 {
				u = rest[j:]
			} else {
				u = ""
			}
		}
	}
	if u == "" {
		return "/"
	}
	return u
}

// generate creates a new session for the request (store.generate plus
// the middleware's bookkeeping).
func (st *reqState) generate() {
	s := &Session{st: st}
	st.generateInto(s)
	st.originalID = s.id
	st.originalHash = []byte("{}")
}

// generateInto makes s a new session with a new ID and the configured
// cookie, as store.generate does (Regenerate uses it too, without
// resetting what the session is compared with, as express-session).
func (st *reqState) generateInto(s *Session) {
	m := st.m
	s.st = st
	s.id = m.genid(st.req)
	s.values = &parsers.Object{}
	s.cookie = newCookie(&m.cookie)
	if m.cookie.SecureAuto || strings.EqualFold(m.cookie.SameSite, "auto") {
		secure := st.secure()
		if m.cookie.SecureAuto {
			s.cookie.Secure, s.cookie.secureSet = secure, true
		}
		if strings.EqualFold(m.cookie.SameSite, "auto") {
			s.cookie.SameSite = "lax"
			if secure {
				s.cookie.SameSite = "none"
			}
		}
	}
	st.sess = s
	st.id = s.id
}

// load fetches the session of the cookie's ID; an unknown ID gets a new
// session.
func (st *reqState) load() error {
	data, err := st.m.store.Get(st.req.Ctx(), st.cookieID)
	if err != nil {
		return err
	}
	if data == nil {
		st.generate()
		return nil
	}
	values, ck, err := decode(data)
	if err != nil {
		return err
	}
	s := &Session{st: st, id: st.cookieID, cookie: ck, values: values}
	st.sess = s
	st.originalID = s.id
	st.originalHash, err = fast.AppendJSON(nil, values)
	if err != nil {
		return err
	}
	if !st.m.resave {
		st.savedHash, st.saved = st.originalHash, true
	}
	return nil
}

// secure is express-session's issecure.
func (st *reqState) secure() bool {
	if st.req.Ctx().IsTLS() {
		return true
	}
	switch st.m.proxy {
	case ProxyNone:
		return false
	case ProxyApp:
		return st.req.Secure()
	}
	h := st.req.Get("X-Forwarded-Proto")
	if i := strings.IndexByte(h, ','); i >= 0 {
		h = h[:i]
	}
	return strings.EqualFold(strings.TrimSpace(h), "https")
}

// commit is what express-session does when the response ends and when
// its headers are written: destroy an unset session, touch, save or
// touch in the store, and set the cookie.
func (st *reqState) commit() {
	m := st.m
	s := st.sess
	if s == nil {
		// express-session's shouldDestroy: unset (or destroyed, which
		// destroys again) with unset: 'destroy'.
		if st.id != "" && m.destroy {
			if err := m.store.Destroy(st.req.Ctx(), st.id); err != nil {
				st.fail(err)
			}
		}
		return
	}
	s.Touch()
	data, hash, err := s.encode()
	if err != nil {
		st.fail(err)
		return
	}
	modified := st.originalID != s.id || !bytes.Equal(st.originalHash, hash)
	isSaved := st.originalID == s.id && st.saved && bytes.Equal(st.savedHash, hash)
	var save bool
	if !m.saveNew && !st.saved && st.cookieID != s.id {
		save = modified
	} else {
		save = !isSaved
	}
	ctx := st.req.Ctx()
	switch {
	case save:
		if err := m.store.Set(ctx, s.id, data, s.cookie.Expires()); err != nil {
			st.fail(err)
		}
	case m.toucher != nil && st.cookieID == s.id:
		if err := m.toucher.Touch(ctx, s.id, data, s.cookie.Expires()); err != nil {
			st.fail(err)
		}
	}
	var setCookie bool
	if st.cookieID != s.id {
		setCookie = m.saveNew || modified
	} else {
		setCookie = m.rolling || s.cookie.hasExpires && modified
	}
	if !setCookie || s.cookie.Secure && !st.secure() {
		return
	}
	value := "s:" + cookie.Sign(s.id, st.secrets[0])
	line, err := s.cookie.serialize(nil, m.name, value)
	if err != nil {
		st.fail(err)
		return
	}
	ctx.Response.Header.AddBytesV("Set-Cookie", line)
}

// fail reports an error met after the handlers returned.
func (st *reqState) fail(err error) {
	st.m.errorLog(err)
	st.req.Ctx().SetConnectionClose()
}
