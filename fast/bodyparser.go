package fast

import (
	"github.com/fwgo/fw/parsers"
)

// The options of the body parsers are those of package parsers: every
// field's zero value is Express's default (express.json() and so on).
type (
	// JSONConfig holds the options of JSON: Inflate, Limit, Reviver,
	// Strict, Type, TypeFunc and Verify. See parsers.JSONConfig.
	JSONConfig = parsers.JSONConfig
	// RawConfig holds the options of Raw: Inflate, Limit, Type, TypeFunc
	// and Verify. See parsers.RawConfig.
	RawConfig = parsers.RawConfig
	// TextConfig holds the options of Text: DefaultCharset, Inflate, Limit,
	// Type, TypeFunc and Verify. See parsers.TextConfig.
	TextConfig = parsers.TextConfig
	// URLEncodedConfig holds the options of URLEncoded: Extended, Inflate,
	// Limit, ParameterLimit, Depth, Type, TypeFunc and Verify. See
	// parsers.URLEncodedConfig.
	URLEncodedConfig = parsers.URLEncodedConfig

	// Switch is an on/off option whose zero value (Unset) means Express's
	// default: JSONConfig.Strict, URLEncodedConfig.Extended, Inflate.
	Switch = parsers.Switch
	// BodyInput is what a TypeFunc or a VerifyFunc of a body parser
	// receives: the request's Content-Type, Content-Encoding and framing.
	// Its Req field holds the *Request (Express passes req, and res is
	// Request.Res()).
	BodyInput = parsers.Input
	// TypeFunc is the function form of the type option: the body is parsed
	// when it returns true. It is not called for a request without a body.
	TypeFunc = parsers.TypeFunc
	// VerifyFunc is the verify option: it sees the raw body (inflated, not
	// yet decoded) and the charset it will be decoded with ("" for Raw); a
	// non-nil error aborts parsing with 403, or with the status the error
	// carries. body is valid only during the call.
	VerifyFunc = parsers.VerifyFunc
	// Reviver is the JSON reviver option, JSON.parse's reviver in Go.
	Reviver = parsers.Reviver
	// BodyError is the error a body parser passes to next: body-parser's
	// status (Status), err.type (Type), message and name, and the
	// byte counts raw-body attaches.
	BodyError = parsers.Error
)

// The values of a Switch.
const (
	// Unset leaves the option at Express's default.
	Unset = parsers.Unset
	// On turns the option on.
	On = parsers.On
	// Off turns the option off.
	Off = parsers.Off
)

// The special values of URLEncodedConfig.ParameterLimit and Depth.
const (
	// Unlimited, as ParameterLimit, lifts the parameter limit.
	Unlimited = parsers.Unlimited
	// NoNesting, as Depth, keeps keys whole (qs's depth 0).
	NoNesting = parsers.NoNesting
)

// bodyKind names what filled req.body.
type bodyKind uint8

const (
	bodyNone bodyKind = iota
	bodyJSON
	bodyRaw
	bodyText
	bodyForm
)

// JSON returns middleware that parses JSON bodies into Request.Body, as
// express.json([options]) does: only requests with a body whose
// Content-Type matches the type option (default application/json); the
// value is what JSON.parse gives in the parsers package's value model
// (*Object, []any, string, float64, bool, nil), {} for an empty body. At
// most one options value is used. Errors (*BodyError: 400 bad JSON, 413
// too large, 415 charset or encoding, 403 verify ...) are passed to next.
//
// An invalid option (a limit that is not a byte size) panics here, as
// Express throws when the middleware is created. The middleware is safe for
// concurrent use; its overhead on top of the decoder allocates nothing.
func JSON(options ...JSONConfig) Handler {
	p, err := parsers.NewJSON(oneConfig("JSON", options))
	if err != nil {
		panic("fast: JSON: " + err.Error())
	}
	return bodyParser{kind: bodyJSON, match: p.Match, json: p}.handle
}

// Raw returns middleware that reads bodies as bytes into Request.Body (a
// []byte), as express.raw([options]) does: only requests with a body whose
// Content-Type matches the type option (default application/octet-stream).
// The bytes are valid until the request ends (they may be fasthttp's own
// request buffer); copy them to keep them. Invalid options panic.
func Raw(options ...RawConfig) Handler {
	p, err := parsers.NewRaw(oneConfig("Raw", options))
	if err != nil {
		panic("fast: Raw: " + err.Error())
	}
	return bodyParser{kind: bodyRaw, match: p.Match, raw: p}.handle
}

// Text returns middleware that reads bodies as a string into Request.Body,
// as express.text([options]) does: only requests with a body whose
// Content-Type matches the type option (default text/plain), decoded from
// the charset of the Content-Type or DefaultCharset (default utf-8).
// Invalid options panic.
func Text(options ...TextConfig) Handler {
	p, err := parsers.NewText(oneConfig("Text", options))
	if err != nil {
		panic("fast: Text: " + err.Error())
	}
	return bodyParser{kind: bodyText, match: p.Match, text: p}.handle
}

// URLEncoded returns middleware that parses URL-encoded form bodies into
// Request.Body (an *Object), as express.urlencoded([options]) does: only
// requests with a body whose Content-Type matches the type option (default
// application/x-www-form-urlencoded), UTF-8 only, with qs (Extended, the
// default: nested objects and arrays, depth 32) or Node's querystring.
// Invalid options (a bad limit, a negative parameter limit, a depth out of
// range) panic.
func URLEncoded(options ...URLEncodedConfig) Handler {
	p, err := parsers.NewURLEncoded(oneConfig("URLEncoded", options))
	if err != nil {
		panic("fast: URLEncoded: " + err.Error())
	}
	return bodyParser{kind: bodyForm, match: p.Match, form: p}.handle
}

func oneConfig[C any](name string, options []C) C {
	var c C
	switch len(options) {
	case 0:
	case 1:
		c = options[0]
	default:
		panic("fast: " + name + "() takes at most one options value")
	}
	return c
}

// bodyParser is the middleware around one compiled parser.
type bodyParser struct {
	kind  bodyKind
	match func(in *parsers.Input) bool
	json  *parsers.JSON
	raw   *parsers.Raw
	text  *parsers.Text
	form  *parsers.URLEncoded
}

// handle is body-parser's middleware: skip a body already parsed, set
// req.body to {} unless it holds something, skip requests without a body
// or of another type, then read and parse, passing errors to next.
func (p bodyParser) handle(req *Request, _ *Response, next Next) {
	c := req.c
	if c.bodyParsed {
		next()
		return
	}
	if falsy(c.body) {
		c.body, c.bodyUsed = &c.bodyEmpty, true
	}
	in := c.bodyInput()
	if !in.HasBody() || !p.match(in) {
		next()
		return
	}
	c.bodyParsed, c.bodyUsed = true, true
	if err := c.takeBody(in); err != nil {
		next(err)
		return
	}
	var err error
	switch p.kind {
	case bodyJSON:
		var v any
		if v, err = p.json.Parse(in); err == nil {
			c.body = v
		}
	case bodyRaw:
		var b []byte
		if b, err = p.raw.Parse(in); err == nil {
			c.setBytesBody(b)
		}
	case bodyText:
		var s string
		if s, err = p.text.Parse(in); err == nil {
			c.body = s
		}
	case bodyForm:
		var o *Object
		if o, err = p.form.Parse(in); err == nil {
			c.body = o
		}
	}
	if err != nil {
		c.noteBodyError(err)
		next(err)
		return
	}
	c.bodyKind = p.kind
	next()
}

// falsy reports whether v is a JavaScript falsy value, which
// "req.body = req.body || {}" replaces.
func falsy(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case string:
		return x == ""
	case float64:
		return x == 0 || x != x
	case int:
		return x == 0
	}
	return false
}
