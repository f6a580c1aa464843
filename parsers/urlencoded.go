package parsers

import (
	"bytes"
	"errors"
)

// URLEncodedConfig holds the options of body-parser's urlencoded(). The
// zero value is Express's default, express.urlencoded() (extended).
type URLEncodedConfig struct {
	// Extended parses with qs (nested objects and arrays, QS); Off parses
	// with Node's querystring (ParseQuerySimple). Optional. Default: On.
	Extended Switch
	// Inflate decompresses gzip and deflate bodies. Optional. Default: On.
	Inflate Switch
	// Limit is the largest body accepted (after inflating); see
	// JSONConfig.Limit. Optional. Default: "100kb".
	Limit string
	// ParameterLimit is the largest number of parameters ('&'-separated
	// parts); more is a 413 "parameters.too.many" error. Unlimited lifts
	// it. Optional. Default: 1000. Negative values are an error.
	ParameterLimit int
	// Depth is how deeply extended keys nest (a[b][c] is depth 2); deeper
	// keys are a 400 error. NoNesting keeps keys whole (qs's depth 0).
	// Optional. Default: 32. Values above MaxDepth are an error.
	Depth int
	// Type lists the media types to parse. Optional. Default:
	// ["application/x-www-form-urlencoded"]. Ignored when TypeFunc is set.
	Type []string
	// TypeFunc decides instead of Type. Optional.
	TypeFunc TypeFunc
	// Verify inspects the raw body before it is parsed. Optional.
	Verify VerifyFunc
}

// NoNesting, as URLEncodedConfig.Depth, is qs's depth 0: keys are not split
// at brackets.
const NoNesting = -1

// MaxDepth is the largest Depth accepted: the qs merge recurses once per
// level.
const MaxDepth = 10000

// URLEncoded parses application/x-www-form-urlencoded bodies as
// express.urlencoded() does. It is safe for concurrent use.
type URLEncoded struct {
	common
	extended       bool
	parameterLimit int
	depth          int
}

// NewURLEncoded compiles c. It fails on an invalid limit, a negative
// parameter limit or a depth out of range.
func NewURLEncoded(c URLEncodedConfig) (*URLEncoded, error) {
	cm, err := compile("urlencoded", c.Limit, c.Inflate, c.Type, c.TypeFunc, c.Verify, "application/x-www-form-urlencoded")
	if err != nil {
		return nil, err
	}
	p := &URLEncoded{common: cm, extended: c.Extended.or(true), parameterLimit: c.ParameterLimit, depth: c.Depth}
	switch {
	case p.parameterLimit < 0:
		return nil, errors.New("parsers: urlencoded: option parameterLimit must be a positive number")
	case p.parameterLimit == 0:
		p.parameterLimit = DefaultParameterLimit
	}
	switch {
	case p.depth == NoNesting:
		p.depth = 0
	case p.depth < 0 || p.depth > MaxDepth:
		return nil, errors.New("parsers: urlencoded: option depth must be a zero or a positive number up to 10000")
	case p.depth == 0:
		p.depth = 32
	}
	return p, nil
}

// Parse reads and parses the body of a request that Match accepted. The
// body must be UTF-8 (a charset parameter other than "utf-8" is a 415
// error). The result is never nil; an empty body gives an empty *Object.
// Its strings share one allocation and do not alias in.Body. Errors are
// *Error values: 413 "parameters.too.many" past the parameter limit
// (counted before anything is split), 400 "querystring.parse.rangeError"
// for a key deeper than the depth.
func (p *URLEncoded) Parse(in *Input) (*Object, error) {
	cs := requestCharset(in.ContentType)
	if cs == "" {
		cs = "utf-8"
	}
	if cs != "utf-8" {
		return nil, errCharset(cs)
	}
	b := getBuffer()
	defer putBuffer(b)
	body, err := p.read(in, cs, true, b)
	if err != nil {
		return nil, err
	}
	text, tb := decodeText(cs, body)
	if tb != nil {
		defer putBuffer(tb)
	}
	o, perr := p.ParseText(text)
	if perr != nil {
		e := perr.(*Error)
		e.Body = string(text)
		return nil, e
	}
	return o, nil
}

// ParseText parses an already read and decoded body as Parse does after
// reading: the parameter count check, then qs or querystring. text must be
// UTF-8; it is not retained. Errors are *Error values.
func (p *URLEncoded) ParseText(text []byte) (*Object, error) {
	if len(text) == 0 {
		return &Object{}, nil
	}
	count, ok := parameterCount(text, p.parameterLimit)
	if !ok {
		return nil, errTooManyParams()
	}
	if !p.extended {
		return parseQuerystring(text, p.parameterLimit), nil
	}
	q := QS{
		ArrayLimit:     max(100, count),
		Depth:          p.depth,
		StrictDepth:    true,
		ParameterLimit: p.parameterLimit,
	}
	o, err := q.Parse(text)
	if err != nil {
		return nil, errDepth()
	}
	return o, nil
}

// parameterCount counts the '&'-separated parts of text, stopping as soon
// as there are more than limit: body-parser's check, made before the body
// is split so that a body of a million '&' costs no allocation.
func parameterCount(text []byte, limit int) (int, bool) {
	count := 0
	for {
		count++
		if count > limit {
			return 0, false
		}
		i := bytes.IndexByte(text, '&')
		if i < 0 {
			return count, true
		}
		text = text[i+1:]
	}
}
