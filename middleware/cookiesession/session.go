package cookiesession

import (
	"encoding/base64"
	"strconv"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// Session is req.session of cookie-session: values kept in the cookie
// itself, as the base64 of their JSON. Values come back, in the next
// request, as JSON.parse gives them (a float64 for a number, a
// *fast.Object for an object). A Session belongs to its request.
type Session struct {
	values *parsers.Object
	isNew  bool
	val    string // the cookie value it was read from
}

// Get returns a value, or nil.
func (s *Session) Get(key string) any {
	v, _ := s.values.Get(key)
	return v
}

// Lookup returns a value and whether it is set.
func (s *Session) Lookup(key string) (any, bool) { return s.values.Get(key) }

// Set sets a value.
func (s *Session) Set(key string, v any) { s.values.Set(key, v) }

// Delete removes a value.
func (s *Session) Delete(key string) { s.values.Delete(key) }

// Values returns the values as an object; changing it changes the
// session.
func (s *Session) Values() *fast.Object { return s.values }

// IsNew reports whether the session was created in this request rather
// than read from the cookie (req.session.isNew).
func (s *Session) IsNew() bool { return s.isNew }

// IsPopulated reports whether the session holds values
// (req.session.isPopulated).
func (s *Session) IsPopulated() bool { return s.values.Len() > 0 }

// IsChanged reports whether the session differs from the cookie it was
// read from, or is new (req.session.isChanged).
func (s *Session) IsChanged() bool {
	if s.isNew {
		return true
	}
	v, err := s.serialize()
	return err != nil || v != s.val
}

// MarshalJSON returns JSON.stringify(req.session).
func (s *Session) MarshalJSON() ([]byte, error) { return fast.AppendJSON(nil, s.values) }

// serialize is cookie-session's encode: the base64 of the JSON.
func (s *Session) serialize() (string, error) {
	b, err := fast.AppendJSON(nil, s.values)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// deserialize is Session.deserialize: base64 decoded as Node decodes it
// (either alphabet, other bytes skipped, stopping at '='), UTF-8, then
// JSON.parse. The session takes the enumerable properties of what was
// parsed, as cookie-session's for...in copies them: an object's members,
// an array's or a string's indices; keys that a Session or any object
// already has (isNew, constructor, toString, __proto__ ...) are skipped.
func deserialize(str string) (*Session, error) {
	v, err := parsers.ParseJSON(nodeBase64(str))
	if err != nil {
		return nil, err
	}
	values := &parsers.Object{}
	switch x := v.(type) {
	case *parsers.Object:
		for k, val := range x.All() {
			if !inherited[k] {
				values.Set(k, val)
			}
		}
	case []any:
		for i, val := range x {
			values.Set(strconv.Itoa(i), val)
		}
	case string:
		i := 0
		for _, r := range x {
			values.Set(strconv.Itoa(i), string(r))
			i++
		}
	}
	return &Session{values: values, val: str}, nil
}

// inherited are the property names a cookie-session Session has before
// it copies the parsed values (its own and Object.prototype's).
var inherited = map[string]bool{
	"_ctx": true, "isChanged": true, "isNew": true, "isPopulated": true, "constructor": true,
	"__proto__": true, "__defineGetter__": true, "__defineSetter__": true, "__lookupGetter__": true,
	"__lookupSetter__": true, "hasOwnProperty": true, "isPrototypeOf": true,
	"propertyIsEnumerable": true, "toLocaleString": true, "toString": true, "valueOf": true,
}

// nodeBase64 decodes as Node's Buffer.from(s, 'base64').
func nodeBase64(s string) []byte {
	out := make([]byte, 0, len(s)*3/4+3)
	var acc uint32
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		var v byte
		switch {
		case c >= 'A' && c <= 'Z':
			v = c - 'A'
		case c >= 'a' && c <= 'z':
			v = c - 'a' + 26
		case c >= '0' && c <= '9':
			v = c - '0' + 52
		case c == '+' || c == '-':
			v = 62
		case c == '/' || c == '_':
			v = 63
		case c == '=':
			i = len(s)
			continue
		default:
			continue
		}
		acc = acc<<6 | uint32(v)
		n++
		if n == 4 {
			out = append(out, byte(acc>>16), byte(acc>>8), byte(acc))
			acc, n = 0, 0
		}
	}
	switch n {
	case 2:
		out = append(out, byte(acc>>4))
	case 3:
		out = append(out, byte(acc>>10), byte(acc>>2))
	}
	return out
}
