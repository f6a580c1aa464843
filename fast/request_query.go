package fast

import (
	"fmt"
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/uri"
	"github.com/fwgo/fw/parsers"
)

// Query returns the parsed query string, as req.query: an empty object
// when the URL has none. It is parsed once per request, on first use, from
// the URL the client sent (req.originalUrl), with the "query parser" of
// the app serving the request as it was when that app's router was created
// (Express installs its query middleware with the setting of that moment):
//
//	"extended" (default)  qs.parse(str, {allowPrototypes: true, arrayLimit: 1000})
//	"simple" or true      Node's querystring.parse
//	false                 no parsing: always {}
//	func(string) *Object  the function's result (nil gives {})
//	func(string) any      the function's result when it is an *Object, else {}
//	nil                   what Express does when "query parser fn" is
//	                      missing: qs.parse(str, {allowPrototypes: true})
//
// The Object may be modified; it is not pooled and may be kept after the
// request ends. Parsing allocates; QueryValue reads one key without
// allocating.
func (r *Request) Query() *Object {
	if r.query == nil {
		r.c.touched = true
		r.query = r.c.queryParser().parse(queryString(r.c.uriStr))
	}
	return r.query
}

// QueryValue returns the string value of one query key without parsing the
// whole query string: it is what Query would hold for key, read as follows.
//
//   - A string value (?a=1): that string, ok true.
//   - An array (?a=1&a=2, or ?a[]=1 with the extended parser): its first
//     element when that is a string, ok true.
//   - Anything else (absent, a nested object such as ?a[b]=1 gives for "a",
//     an array whose first element is not a string): "", false.
//
// The answer is always the one Query's object gives (keys and values are
// decoded as its parser decodes them); once Query has been called, the
// object is read, with any change made to it. For plain keys with the
// "extended", "simple" and nil parsers it scans the raw query string and
// allocates nothing (a decoded value is written to the request's scratch
// memory); bracket syntax, more than 999 '&', a decoding the fast scan
// cannot reproduce and custom parser functions make it fall back to Query.
// The string is valid until the request ends.
func (r *Request) QueryValue(key string) (string, bool) {
	if r.query == nil {
		qp := r.c.queryParser()
		if v, found, ok := qp.lookup(r.c, queryString(r.c.uriStr), key); ok {
			return v, found
		}
	}
	return firstString(r.Query(), key)
}

// firstString is QueryValue's reading of o[key].
func firstString(o *Object, key string) (string, bool) {
	v, ok := o.Get(key)
	if !ok {
		return "", false
	}
	switch x := v.(type) {
	case string:
		return x, true
	case []any:
		if len(x) > 0 {
			if s, ok := x[0].(string); ok {
				return s, true
			}
		}
	}
	return "", false
}

// queryString returns the query of a request target as parseurl finds it:
// the text after the first '?', up to a '#'; "" when there is none.
func queryString(target string) string {
	q := strings.IndexByte(target, '?')
	if q < 0 {
		return ""
	}
	if h := strings.IndexByte(target, '#'); h >= 0 && h < q {
		return ""
	}
	s := target[q+1:]
	if h := strings.IndexByte(s, '#'); h >= 0 {
		s = s[:h]
	}
	return s
}

// queryKind is a compiled "query parser" setting.
type queryKind uint8

const (
	queryQS     queryKind = iota // qs with the options in qs
	querySimple                  // Node's querystring
	queryNone                    // false: {}
	queryFunc                    // a user function
)

// queryParser is a compiled "query parser" setting ("query parser fn").
type queryParser struct {
	kind queryKind
	qs   parsers.QS
	fn   func(string) *Object
}

var (
	queryExtended = &queryParser{kind: queryQS, qs: parsers.QueryQS}
	// queryMissing is Express's query middleware without a parser
	// function: qs.parse with allowPrototypes and qs's own defaults.
	queryMissing = &queryParser{kind: queryQS, qs: parsers.QS{ArrayLimit: 20, Depth: 5, ParameterLimit: parsers.DefaultParameterLimit}}
	querySimpleP = &queryParser{kind: querySimple}
	queryNoneP   = &queryParser{kind: queryNone}
)

// compileQueryParser compiles a "query parser" value as Express's
// compileQueryParser does; nil stands for a missing "query parser fn".
func compileQueryParser(v any) (*queryParser, error) {
	switch x := v.(type) {
	case nil:
		return queryMissing, nil
	case bool:
		if x {
			return querySimpleP, nil
		}
		return queryNoneP, nil
	case string:
		switch x {
		case "extended":
			return queryExtended, nil
		case "simple":
			return querySimpleP, nil
		}
	case func(string) *Object:
		if x != nil {
			return &queryParser{kind: queryFunc, fn: x}, nil
		}
	case func(string) any:
		if x != nil {
			return &queryParser{kind: queryFunc, fn: func(s string) *Object {
				o, _ := x(s).(*Object)
				return o
			}}, nil
		}
	}
	return nil, fmt.Errorf("unknown value for query parser function: %v", v)
}

// queryParser returns the parser of the app serving the request, fixed
// when its router was created.
func (c *state) queryParser() *queryParser {
	if qp := c.top.queryParser.Load(); qp != nil {
		return qp
	}
	return queryExtended
}

// parse parses a query string; the result is never nil.
func (qp *queryParser) parse(s string) *Object {
	var o *Object
	switch qp.kind {
	case queryQS:
		o, _ = qp.qs.Parse(bytesconv.S2B(s))
	case querySimple:
		o = parsers.ParseQuerySimple(bytesconv.S2B(s))
	case queryFunc:
		o = qp.fn(s)
	}
	if o == nil {
		o = &Object{}
	}
	return o
}

// lookup reads key from the raw query string s as QueryValue documents.
// ok is false when the scan cannot decide and the caller must parse.
func (qp *queryParser) lookup(c *state, s, key string) (value string, found, ok bool) {
	switch qp.kind {
	case queryNone:
		return "", false, true
	case queryFunc:
		return "", false, false
	}
	if key == "" || key == "__proto__" {
		return "", false, false
	}
	amps := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '&':
			amps++
		case '[', ']':
			if qp.kind == queryQS {
				return "", false, false
			}
		case '%':
			// qs turns %5B and %5D into brackets before anything else.
			if qp.kind == queryQS && i+2 < len(s) && s[i+1] == '5' && (s[i+2]|0x20 == 'b' || s[i+2]|0x20 == 'd') {
				return "", false, false
			}
		}
	}
	if amps >= parsers.DefaultParameterLimit-1 {
		return "", false, false
	}
	count := 0
	var first string
	for len(s) > 0 {
		part := s
		if i := strings.IndexByte(s, '&'); i >= 0 {
			part, s = s[:i], s[i+1:]
		} else {
			s = ""
		}
		rawKey, rawVal := part, ""
		if i := strings.IndexByte(part, '='); i >= 0 {
			rawKey, rawVal = part[:i], part[i+1:]
		}
		match, decoded := c.queryKeyIs(rawKey, key, qp.kind == queryQS)
		if !decoded {
			return "", false, false
		}
		if !match {
			continue
		}
		count++
		if count == 1 {
			first = rawVal
		}
	}
	if count == 0 {
		return "", false, true
	}
	if qp.kind == queryQS && count > qp.qs.ArrayLimit {
		// qs turns the array into an object keyed by index.
		return "", false, false
	}
	v, decoded := c.queryDecode(first, qp.kind == queryQS)
	if !decoded {
		return "", false, false
	}
	return v, true, true
}

// queryKeyIs reports whether the raw query key decodes to key (leniently
// for qs, see queryDecode). decoded is false when the decoding is one the
// fast scan does not reproduce.
func (c *state) queryKeyIs(raw, key string, lenient bool) (match, decoded bool) {
	if strings.IndexByte(raw, '%') < 0 && strings.IndexByte(raw, '+') < 0 {
		return raw == key, true
	}
	mark := len(c.scratch)
	v, ok := c.queryDecode(raw, lenient)
	match = ok && v == key
	c.scratch = c.scratch[:mark]
	return match, ok
}

// queryDecode decodes a raw query key or value into scratch memory: '+' is
// a space, then the percent escapes are decoded as decodeURIComponent does.
// When that fails, qs keeps the text with '+' replaced (lenient true);
// Node's querystring decodes leniently byte by byte, which is not
// reproduced here: ok is false.
func (c *state) queryDecode(raw string, lenient bool) (string, bool) {
	hasPct := strings.IndexByte(raw, '%') >= 0
	if !hasPct && strings.IndexByte(raw, '+') < 0 {
		return raw, true
	}
	start := len(c.scratch)
	for i := 0; i < len(raw); i++ {
		b := raw[i]
		if b == '+' {
			b = ' '
		}
		c.scratch = append(c.scratch, b)
	}
	plus := bytesconv.B2S(c.scratch[start:])
	if !hasPct {
		return plus, true
	}
	mid := len(c.scratch)
	out, ok := uri.AppendDecodeComponent(c.scratch, plus)
	if !ok {
		c.scratch = c.scratch[:mid]
		if lenient {
			return plus, true
		}
		c.scratch = c.scratch[:start]
		return "", false
	}
	c.scratch = out
	return bytesconv.B2S(out[mid:]), true
}
