package session

import (
	"errors"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// Session is req.session: the values of one visitor's session, its ID and
// its cookie. Values are kept as express-session keeps them: the session
// is stored as JSON, so a value set in one request comes back in the next
// as JSON.parse gives it (a float64 for a number, a *fast.Object for an
// object, a []any for an array); within a request, Get returns what Set
// stored.
//
// The session is saved at the end of the request (when the handlers after
// the middleware have returned) if it was modified, or always unless
// Config.NoResave is set; modification is detected, as express-session
// detects it, by comparing the JSON of the values, so changing a value in
// place (a map, a *fast.Object) counts.
//
// A Session belongs to its request: it is not safe for concurrent use and
// must not be kept after the request.
type Session struct {
	st     *reqState
	id     string
	cookie *Cookie
	values *parsers.Object
}

// ErrNotFound is returned by Reload when the store no longer has the
// session, with express-session's message.
var ErrNotFound = errors.New("failed to load session")

// ID returns the session ID (req.sessionID).
func (s *Session) ID() string { return s.id }

// Cookie returns the session's cookie settings (req.session.cookie); they
// may be changed, and a change is written to the cookie when it is set.
func (s *Session) Cookie() *Cookie { return s.cookie }

// Get returns a value of the session, or nil.
func (s *Session) Get(key string) any {
	v, _ := s.values.Get(key)
	return v
}

// Lookup returns a value of the session and whether the key is set.
func (s *Session) Lookup(key string) (any, bool) { return s.values.Get(key) }

// Set sets a value of the session. key must not be "cookie", which is
// the cookie's place in the stored session (express-session would
// overwrite the cookie): Set panics for it.
func (s *Session) Set(key string, v any) {
	if key == "cookie" {
		panic(`session: "cookie" is reserved for the session cookie`)
	}
	s.values.Set(key, v)
}

// Delete removes a value of the session.
func (s *Session) Delete(key string) { s.values.Delete(key) }

// Values returns the session's values as an object, in JavaScript key
// order. Changing it changes the session.
func (s *Session) Values() *fast.Object { return s.values }

// Regenerate replaces the session with a new, empty one under a new ID,
// destroying the old one in the store (req.session.regenerate): call it
// when the visitor's privileges change, at login, so that an ID an
// attacker planted before the login (session fixation) is worth nothing.
// The Session value itself becomes the new session. The error is the
// store's; the new session is in place even then, as in express-session.
func (s *Session) Regenerate() error {
	st := s.st
	err := st.m.store.Destroy(st.req.Ctx(), s.id)
	st.generateInto(s)
	return err
}

// Destroy deletes the session from the store and from the request
// (req.session.destroy): Get(req) is then nil, nothing is saved and no
// cookie is set.
func (s *Session) Destroy() error {
	st := s.st
	if st.sess == s {
		st.sess = nil
	}
	return st.m.store.Destroy(st.req.Ctx(), s.id)
}

// Save writes the session to the store now (req.session.save), as it
// would be at the end of the request; it is then not saved again unless
// it changes. Call it before a redirect when the next request must see
// the session.
func (s *Session) Save() error {
	st := s.st
	data, hash, err := s.encode()
	if err != nil {
		return err
	}
	st.savedHash, st.saved = hash, true
	return st.m.store.Set(st.req.Ctx(), s.id, data, s.cookie.Expires())
}

// Reload replaces the session's values and cookie with those in the
// store (req.session.reload); ErrNotFound when the store has none.
func (s *Session) Reload() error {
	st := s.st
	data, err := st.m.store.Get(st.req.Ctx(), s.id)
	if err != nil {
		return err
	}
	if data == nil {
		return ErrNotFound
	}
	values, ck, err := decode(data)
	if err != nil {
		return err
	}
	s.values, s.cookie = values, ck
	return nil
}

// MarshalJSON returns JSON.stringify(req.session): the session as it is
// stored, {"cookie":{...}, ...values}.
func (s *Session) MarshalJSON() ([]byte, error) {
	data, _, err := s.encode()
	return data, err
}

// Touch restarts the cookie's max age (req.session.touch); the middleware
// does it at the end of each request.
func (s *Session) Touch() { s.cookie.resetMaxAge() }

// encode returns the session as express-session stores it, and the JSON
// of its values alone, which tells whether it changed.
func (s *Session) encode() (data, hash []byte, err error) {
	hash, err = fast.AppendJSON(nil, s.values)
	if err != nil {
		return nil, nil, err
	}
	data = append(make([]byte, 0, len(hash)+192), `{"cookie":`...)
	data = s.cookie.appendJSON(data)
	if len(hash) > 2 {
		data = append(append(data, ','), hash[1:]...) // hash[1:] is `"key":value...}`
	} else {
		data = append(data, '}')
	}
	return data, hash, nil
}

// decode parses a stored session.
func decode(data []byte) (*parsers.Object, *Cookie, error) {
	v, err := parsers.ParseJSON(data)
	if err != nil {
		return nil, nil, err
	}
	obj, ok := v.(*parsers.Object)
	if !ok {
		return nil, nil, errors.New("session: stored session is not a JSON object")
	}
	var ck *Cookie
	if c, ok := obj.Get("cookie"); ok {
		co, _ := c.(*parsers.Object)
		ck = cookieFromJSON(co)
	} else {
		ck = cookieFromJSON(nil)
	}
	obj.Delete("cookie")
	return obj, ck, nil
}
