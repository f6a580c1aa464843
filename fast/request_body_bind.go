package fast

import (
	"encoding/json"

	"github.com/fwgo/fw/parsers"
)

// Binder decodes request bodies straight into Go values, with the reading
// rules of the body parsers (limit enforced while reading, inflate,
// charsets, verify, strict) and their errors (*BodyError, for next). A
// JSON body is decoded with encoding/json (json tags), without building the
// value model first; a URL-encoded body is parsed as URLEncoded parses it
// and bound by form tags (see parsers.Bind). It is safe for concurrent use.
type Binder struct {
	json *parsers.JSON
	form *parsers.URLEncoded
}

// BinderConfig holds a Binder's options: those of JSON and URLEncoded. The
// zero value is Express's defaults (100kb, strict JSON, extended forms).
type BinderConfig struct {
	// JSON reads JSON bodies. Its Reviver is not used.
	JSON JSONConfig
	// URLEncoded reads URL-encoded bodies.
	URLEncoded URLEncodedConfig
}

// NewBinder compiles c. Invalid options panic, as with JSON and
// URLEncoded.
func NewBinder(c BinderConfig) *Binder {
	j, err := parsers.NewJSON(c.JSON)
	if err != nil {
		panic("fast: NewBinder: " + err.Error())
	}
	f, err := parsers.NewURLEncoded(c.URLEncoded)
	if err != nil {
		panic("fast: NewBinder: " + err.Error())
	}
	return &Binder{json: j, form: f}
}

var defaultBinder = NewBinder(BinderConfig{})

// Bind decodes the request body into dst, a pointer: as JSON when the
// Content-Type matches the JSON type option (default application/json), as
// a URL-encoded form when it matches the URLEncoded one (default
// application/x-www-form-urlencoded). A request without a body leaves dst
// unchanged and returns nil; any other Content-Type is a 415 *BodyError
// (type "content.type.unsupported"). It takes the body as a body parser
// does: later body parsers skip the request, and a second Bind gets 500
// "stream is not readable".
//
// When a body parser has already parsed the body, Bind binds what it
// parsed instead: a JSON value is encoded and decoded again with
// encoding/json, a form is bound by form tags. That costs what the direct
// path saves; use either the middleware or Bind on a route, not both.
func (b *Binder) Bind(req *Request, dst any) error {
	c := req.c
	if c.bodyParsed {
		return c.bindParsed(dst)
	}
	in := c.bodyInput()
	if !in.HasBody() {
		return nil
	}
	switch {
	case b.json.Match(in):
		return b.decodeJSON(c, in, dst)
	case b.form.Match(in):
		return b.decodeForm(c, in, dst)
	}
	return errUnsupportedType(in.ContentType)
}

// BindJSON decodes the request body into dst as JSON, whatever its
// Content-Type, with Bind's rules otherwise.
func (b *Binder) BindJSON(req *Request, dst any) error {
	c := req.c
	if c.bodyParsed {
		return c.bindParsed(dst)
	}
	in := c.bodyInput()
	if !in.HasBody() {
		return nil
	}
	return b.decodeJSON(c, in, dst)
}

// BindForm decodes the request body into dst as a URL-encoded form,
// whatever its Content-Type, with Bind's rules otherwise.
func (b *Binder) BindForm(req *Request, dst any) error {
	c := req.c
	if c.bodyParsed {
		return c.bindParsed(dst)
	}
	in := c.bodyInput()
	if !in.HasBody() {
		return nil
	}
	return b.decodeForm(c, in, dst)
}

func (b *Binder) decodeJSON(c *state, in *parsers.Input, dst any) error {
	c.bodyParsed, c.bodyUsed = true, true
	if err := c.takeBody(in); err != nil {
		return err
	}
	err := b.json.Decode(in, dst)
	if err != nil {
		c.noteBodyError(err)
	}
	return err
}

func (b *Binder) decodeForm(c *state, in *parsers.Input, dst any) error {
	c.bodyParsed, c.bodyUsed = true, true
	if err := c.takeBody(in); err != nil {
		return err
	}
	err := b.form.Decode(in, dst)
	if err != nil {
		c.noteBodyError(err)
	}
	return err
}

// bindParsed binds what a body parser left in req.body.
func (c *state) bindParsed(dst any) error {
	switch c.bodyKind {
	case bodyJSON:
		text, err := parsers.AppendJSON(nil, c.body)
		if err != nil {
			return err
		}
		if err := json.Unmarshal(text, dst); err != nil {
			e := bodyError(400, "entity.parse.failed", err.Error())
			e.Err = err
			return e
		}
		return nil
	case bodyForm:
		o, _ := c.body.(*Object)
		return parsers.Bind(o, dst)
	case bodyRaw, bodyText:
		return errUnsupportedType(c.bodyIn.ContentType)
	}
	// Taken by Bind already, or by a parser that failed.
	return parsers.ErrNotReadable()
}

// Bind decodes the request body into dst with Express's default limits;
// see Binder.Bind. Use a Binder for other options.
func (r *Request) Bind(dst any) error { return defaultBinder.Bind(r, dst) }

// BindJSON decodes the request body into dst as JSON with Express's
// default limits; see Binder.BindJSON.
func (r *Request) BindJSON(dst any) error { return defaultBinder.BindJSON(r, dst) }

// BindForm decodes the request body into dst as a URL-encoded form with
// Express's default limits; see Binder.BindForm.
func (r *Request) BindForm(dst any) error { return defaultBinder.BindForm(r, dst) }

func bodyError(status int, typ, msg string) *BodyError {
	return &BodyError{Status: status, Type: typ, Message: msg, Name: "Error",
		Limit: -1, Length: -1, Received: -1, Expected: -1}
}

func errUnsupportedType(ct string) *BodyError {
	e := bodyError(415, "content.type.unsupported", "unsupported content type "+jsonQuote(ct))
	e.Name = "UnsupportedMediaTypeError"
	return e
}

func jsonQuote(s string) string { return string(parsers.AppendQuote(nil, s)) }
