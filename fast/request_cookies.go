package fast

import (
	"iter"

	"github.com/fwgo/fw/internal/cookie"
	"github.com/fwgo/fw/parsers"
)

// Cookies is req.cookies or req.signedCookies: the cookies of the request
// as the cookie-parser middleware (middleware/cookieparser) leaves them. A
// value is one of three kinds, as in Express:
//
//   - a string: the cookie's value, percent-decoded when it holds '%';
//   - a JSON cookie: a value "j:<json>" whose JSON is valid and truthy,
//     which Express replaces by JSON.parse(json); Get returns the JSON text
//     and Value the parsed value;
//   - false, in SignedCookies only: a signed cookie ("s:" prefix) that no
//     secret verifies; Has reports it, Get does not.
//
// A Cookies and its strings are views of request memory, valid until the
// request ends. Without the middleware, Cookies is empty (Express's
// req.cookies is then undefined).
type Cookies struct {
	pairs []cookie.Pair
}

// Cookies returns req.cookies: the cookies of the Cookie header (its lines
// joined with "; ", as Node joins them), the first occurrence of a name
// winning, without the signed ones when cookie-parser has secrets.
// The Cookies and their strings are valid until the request ends.
func (r *Request) Cookies() Cookies { return Cookies{pairs: r.cookies} }

// SignedCookies returns req.signedCookies: the "s:" cookies, unsigned with
// the first secret that verifies them, or false when none does. It is empty
// when cookie-parser has no secret.
// The Cookies and their strings are valid until the request ends.
func (r *Request) SignedCookies() Cookies { return Cookies{pairs: r.signedCookies} }

// Secret returns req.secret: the first secret given to cookie-parser, or ""
// without one. res.cookie signs with it. The string is the caller's, as
// given to ParseCookies, not request memory.
func (r *Request) Secret() string {
	if len(r.c.secrets) == 0 {
		return ""
	}
	return r.c.secrets[0]
}

// ParseCookies fills Cookies, SignedCookies and Secret from the Cookie
// header, as the cookieParser(secrets) middleware does; middleware/cookieparser
// calls it. As there, it does nothing when the cookies were already parsed
// for this request. secrets must not be modified afterwards: the request
// keeps the slice (res.cookie signs with secrets[0]). It allocates nothing
// once the request's buffers have grown.
func (r *Request) ParseCookies(secrets []string) {
	if r.cookiesParsed {
		return
	}
	r.cookiesParsed = true
	c := r.c
	c.touched = true
	c.secrets = secrets
	header, _ := c.requestHeader(hCookie)
	if header == "" {
		return
	}
	r.cookies, r.signedCookies, c.scratch = cookie.ParseRequest(r.cookies[:0], r.signedCookies[:0], c.scratch, header, secrets)
}

func (cs Cookies) find(name string) *cookie.Pair {
	for i := range cs.pairs {
		if cs.pairs[i].Name == name {
			return &cs.pairs[i]
		}
	}
	return nil
}

// Get returns the value of the cookie named name: its string, or the JSON
// text of a JSON cookie (without the "j:" prefix). ok is false when there
// is no such cookie, and for a signed cookie whose signature failed. The
// string is a view of request memory, valid until the request ends.
func (cs Cookies) Get(name string) (string, bool) {
	p := cs.find(name)
	if p == nil || p.Kind == cookie.False {
		return "", false
	}
	return p.Value, true
}

// Has reports whether name is a key of the object, a failed signed cookie
// (false) included.
func (cs Cookies) Has(name string) bool { return cs.find(name) != nil }

// IsJSON reports whether the cookie named name is a JSON cookie.
func (cs Cookies) IsJSON(name string) bool {
	p := cs.find(name)
	return p != nil && p.Kind == cookie.JSON
}

// Value returns the cookie named name as Express holds it: a string, the
// parsed JSON of a JSON cookie (a value of the parsers package's model:
// *Object, []any, float64, bool or string; parsing allocates), or false for
// a signed cookie whose signature failed. ok is false when there is no such
// cookie. A string value is a view of request memory, valid until the
// request ends; a JSON cookie's parsed value is newly allocated.
func (cs Cookies) Value(name string) (any, bool) {
	p := cs.find(name)
	if p == nil {
		return nil, false
	}
	return pairValue(p), true
}

func pairValue(p *cookie.Pair) any {
	switch p.Kind {
	case cookie.JSON:
		v, err := parsers.ParseJSON([]byte(p.Value))
		if err != nil {
			// JSONCookies kept only values that parse.
			return p.Value
		}
		return v
	case cookie.False:
		return false
	}
	return p.Value
}

// Len returns the number of cookies.
func (cs Cookies) Len() int { return len(cs.pairs) }

// All iterates over the cookies in the order of the header, with Get's
// values (a failed signed cookie gives ""). Express's Object.keys would list
// names that are array indices ("1", "42") first. Names and values are
// valid until the request ends.
func (cs Cookies) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := range cs.pairs {
			p := &cs.pairs[i]
			v := p.Value
			if p.Kind == cookie.False {
				v = ""
			}
			if !yield(p.Name, v) {
				return
			}
		}
	}
}

// Object returns the cookies as a new Object holding Value's values, in
// the order JSON.stringify(req.cookies) lists them. Its names and string
// values are views of request memory, valid until the request ends.
func (cs Cookies) Object() *Object {
	o := &Object{}
	for i := range cs.pairs {
		o.Set(cs.pairs[i].Name, pairValue(&cs.pairs[i]))
	}
	return o
}

// MarshalJSON writes the cookies as JSON.stringify(req.cookies) does.
func (cs Cookies) MarshalJSON() ([]byte, error) {
	return parsers.AppendJSON(nil, cs.Object())
}
