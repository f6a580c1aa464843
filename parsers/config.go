package parsers

import (
	"errors"
	"strconv"
	"strings"

	"github.com/fwgo/fw/internal/mediatype"
)

// Switch is an on/off option whose zero value means Express's default.
type Switch uint8

const (
	// Unset leaves the option at Express's default.
	Unset Switch = iota
	// On turns the option on.
	On
	// Off turns the option off.
	Off
)

func (s Switch) or(def bool) bool {
	switch s {
	case On:
		return true
	case Off:
		return false
	}
	return def
}

// VerifyFunc is body-parser's verify option: it is called with the raw body
// (after inflating, before decoding the charset) and the charset the body
// will be decoded with ("" for raw bodies). A non-nil error aborts parsing
// with status 403 and type "entity.verify.failed", unless the error is (or
// wraps) an *Error whose Status or Type is set, or has a StatusCode method.
// body is valid only during the call.
type VerifyFunc func(in *Input, body []byte, charset string) error

// TypeFunc is the function form of body-parser's type option: the body is
// parsed when it returns true. in.Req carries the framework's request.
type TypeFunc func(in *Input) bool

// common is the compiled form of the options all four parsers share.
type common struct {
	reader
	types    []string
	typeFunc TypeFunc
}

// compile checks and compiles the shared options. An invalid limit is an
// error, never "no limit".
func compile(name, limit string, inflate Switch, types []string, typeFunc TypeFunc, verify VerifyFunc, defType string) (common, error) {
	c := common{typeFunc: typeFunc}
	c.limit = DefaultLimit
	if limit != "" {
		n, err := ParseBytes(limit)
		if err != nil {
			return common{}, errors.New("parsers: " + name + ": option limit " + strconv.Quote(limit) + " is invalid")
		}
		c.limit = n
	}
	c.inflate = inflate.or(true)
	c.verify = verify
	c.types = types
	if len(types) == 0 {
		c.types = []string{defType}
	}
	for _, t := range c.types {
		if t == "" {
			return common{}, errors.New("parsers: " + name + ": empty type in option type")
		}
	}
	return c, nil
}

// Limit returns the compiled limit in bytes.
func (c *common) Limit() int64 { return c.limit }

// Match reports whether a request is one this parser reads: it has a body
// (HasBody) and its Content-Type matches the type option as type-is matches
// it, or the TypeFunc returns true. The TypeFunc is not called for a
// request without a body.
func (c *common) Match(in *Input) bool {
	if !in.HasBody() {
		return false
	}
	if c.typeFunc != nil {
		return c.typeFunc(in)
	}
	_, ok := mediatype.Is(in.ContentType, c.types...)
	return ok
}

// requestCharset is body-parser's getCharset: the Content-Type's charset
// parameter in lower case, or "" when there is none or the header does not
// parse.
func requestCharset(contentType string) string {
	v, found, err := mediatype.Parameter(contentType, "charset")
	if err != nil || !found {
		return ""
	}
	return strings.ToLower(v)
}
