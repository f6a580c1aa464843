package mediatype

import (
	"cmp"
	"slices"
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/ecma"
)

// Param is one media type parameter.
type Param struct {
	Name  string
	Value string
}

// ContentType is a media type with its parameters, the object content-type
// 1.0.5's parse returns and format takes.
type ContentType struct {
	// Type is "type/subtype"; Parse lower-cases it.
	Type string
	// Params holds each parameter once. Parse lower-cases the names, keeps
	// the last value given for a name and orders them as JavaScript's
	// Object.keys orders the parameters object: names that are array
	// indices ("0", "17") first in numeric order, then the others in order
	// of first appearance. Format sorts by name.
	Params []Param
}

// Param returns the value of the parameter named name (lower case), and
// false when there is none.
func (c ContentType) Param(name string) (string, bool) {
	for _, p := range c.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// Parse parses a Content-Type header value as content-type's parse does:
// the type before the first ';' is trimmed, must be a token/token pair and
// is lower-cased; each parameter is ; *name *= *(token|quoted-string) *,
// with the quotes and backslash escapes removed from quoted values. It
// allocates the Params slice when there are parameters, and new strings only
// for a type or name with upper-case letters or a value with escapes; the
// other strings are substrings of header and share its lifetime.
func Parse(header string) (ContentType, error) {
	return parseInto(nil, header)
}

// parseInto is Parse appending the parameters to params[:0].
func parseInto(params []Param, header string) (ContentType, error) {
	typ, rest, err := parseType(header)
	if err != nil {
		return ContentType{}, err
	}
	c := ContentType{Type: lower(typ), Params: params[:0]}
	for i := rest; i < len(header); {
		name, value, next, ok := contentTypeParams.param(header, i)
		if !ok {
			return ContentType{}, ErrInvalidParameterFormat
		}
		i = next
		name = lower(name)
		value = unquote(value)
		if j := indexParam(c.Params, name); j >= 0 {
			c.Params[j].Value = value
		} else {
			c.Params = append(c.Params, Param{name, value})
		}
	}
	if len(c.Params) == 0 {
		c.Params = nil
	}
	for _, p := range c.Params {
		if _, ok := arrayIndex(p.Name); ok {
			slices.SortStableFunc(c.Params, compareKeys)
			break
		}
	}
	return c, nil
}

// compareKeys orders object keys as Object.keys does: array indices first,
// ascending, then the rest in their existing order.
func compareKeys(a, b Param) int {
	x, aIdx := arrayIndex(a.Name)
	y, bIdx := arrayIndex(b.Name)
	switch {
	case aIdx && bIdx:
		return cmp.Compare(x, y)
	case aIdx:
		return -1
	case bIdx:
		return 1
	}
	return 0
}

// arrayIndex reports whether s is a canonical array index, 0 to 2^32-2
// without leading zeros.
func arrayIndex(s string) (uint64, bool) {
	if s == "" || len(s) > 10 || len(s) > 1 && s[0] == '0' {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + uint64(s[i]-'0')
	}
	return n, n < 1<<32-1
}

func indexParam(params []Param, name string) int {
	for i, p := range params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// Parameter returns the value of the parameter named name (lower case) in a
// Content-Type header, after checking the whole header as Parse does: it is
// contentType.parse(header).parameters[name], the way body-parser reads the
// charset. found is false when the header is valid but has no such
// parameter. It allocates only when the value has backslash escapes;
// otherwise value is a substring of header and shares its lifetime.
func Parameter(header, name string) (value string, found bool, err error) {
	_, rest, err := parseType(header)
	if err != nil {
		return "", false, err
	}
	for i := rest; i < len(header); {
		n, v, next, ok := contentTypeParams.param(header, i)
		if !ok {
			return "", false, ErrInvalidParameterFormat
		}
		i = next
		if equalLower(n, name) {
			value, found = v, true
		}
	}
	if found {
		value = unquote(value)
	}
	return value, found, nil
}

// parseType checks the type of a Content-Type header and returns it, still
// in its original case, with the index of the first ';' (or len(header)).
func parseType(header string) (typ string, rest int, err error) {
	if header == "" {
		return "", 0, ErrArgumentRequired
	}
	rest = strings.IndexByte(header, ';')
	if rest < 0 {
		rest = len(header)
	}
	typ = ecma.Trim(header[:rest])
	if !isTypeSubtype(typ) {
		return "", 0, ErrInvalidMediaType
	}
	return typ, rest, nil
}

// isTypeSubtype reports whether s is token/token.
func isTypeSubtype(s string) bool {
	slash := strings.IndexByte(s, '/')
	return slash > 0 && isToken(s[:slash]) && isToken(s[slash+1:])
}

func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !tchar[s[i]] {
			return false
		}
	}
	return true
}

// unquote removes the quotes and the backslash of each quoted pair from a
// value the parameter grammar accepted; a token is returned as is.
func unquote(v string) string {
	if v == "" || v[0] != '"' {
		return v
	}
	v = v[1 : len(v)-1]
	i := strings.IndexByte(v, '\\')
	if i < 0 {
		return v
	}
	b := make([]byte, 0, len(v)-1)
	for ; i >= 0; i = strings.IndexByte(v, '\\') {
		b = append(b, v[:i]...)
		b = append(b, v[i+1])
		v = v[i+2:]
	}
	return string(append(b, v...))
}

// Format formats c as content-type's format does: the type as given (it must
// be token/token), then "; name=value" for each parameter in name order,
// values quoted unless they are tokens. A name repeated in Params keeps its
// last value, like a JavaScript object key.
func Format(c ContentType) (string, error) {
	c.Params = slices.Clone(c.Params)
	b, err := appendFormat(nil, c)
	return string(b), err
}

// appendFormat appends c formatted to dst; it sorts c.Params in place.
func appendFormat(dst []byte, c ContentType) ([]byte, error) {
	if !isTypeSubtype(c.Type) {
		return nil, ErrInvalidType
	}
	params := c.Params
	if len(params) > 1 {
		slices.SortStableFunc(params, func(a, b Param) int { return strings.Compare(a.Name, b.Name) })
		params = dedupLast(params)
	}
	dst = append(dst, c.Type...)
	for _, p := range params {
		if !isToken(p.Name) {
			return nil, ErrInvalidParameterName
		}
		var err error
		dst = append(dst, "; "...)
		dst = append(dst, p.Name...)
		dst = append(dst, '=')
		if dst, err = appendQuoted(dst, p.Value); err != nil {
			return nil, err
		}
	}
	return dst, nil
}

// dedupLast keeps, of sorted params with equal names, the last one.
func dedupLast(params []Param) []Param {
	out := params[:0]
	for i, p := range params {
		if i+1 < len(params) && params[i+1].Name == p.Name {
			continue
		}
		out = append(out, p)
	}
	return out
}

// appendQuoted is content-type's qstring: a token as is, anything else
// quoted with '\' before '"' and '\'.
func appendQuoted(dst []byte, v string) ([]byte, error) {
	if isToken(v) {
		return append(dst, v...), nil
	}
	for i := 0; i < len(v); i++ {
		if !ctText[v[i]] {
			return nil, ErrInvalidParameterValue
		}
	}
	dst = append(dst, '"')
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			dst = append(dst, '\\')
		}
		dst = append(dst, v[i])
	}
	return append(dst, '"'), nil
}

// SetCharset is Express's utils.setCharset(typ, charset): typ parsed, its
// charset parameter set to charset, and formatted again (so the type and
// parameter names come out lower-cased and the parameters sorted). An empty
// typ or charset returns typ unchanged. The result is typ itself when
// formatting changes nothing, and a constant for a bare text/html,
// text/plain or application/json with charset utf-8; other results allocate
// one string (and one more for more than 8 parameters).
func SetCharset(typ, charset string) (string, error) {
	if typ == "" || charset == "" {
		return typ, nil
	}
	if charset == "utf-8" {
		switch typ {
		case "text/html":
			return "text/html; charset=utf-8", nil
		case "text/plain":
			return "text/plain; charset=utf-8", nil
		case "application/json":
			return "application/json; charset=utf-8", nil
		}
	}
	var params [8]Param
	c, err := parseInto(params[:0], typ)
	if err != nil {
		return "", err
	}
	if j := indexParam(c.Params, "charset"); j >= 0 {
		c.Params[j].Value = charset
	} else {
		c.Params = append(c.Params, Param{"charset", charset})
	}
	var buf [256]byte
	out, err := appendFormat(buf[:0], c)
	if err != nil {
		return "", err
	}
	if bytesconv.B2S(out) == typ {
		return typ, nil
	}
	return string(out), nil
}
