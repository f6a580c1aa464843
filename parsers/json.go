package parsers

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"
)

// JSONConfig holds the options of body-parser's json(). The zero value is
// Express's default, express.json().
type JSONConfig struct {
	// Inflate decompresses gzip and deflate bodies. Optional. Default: On;
	// with Off a compressed body gets 415.
	Inflate Switch
	// Limit is the largest body accepted (after inflating), a byte size as
	// ParseBytes reads it: "100kb", "1mb", or a number of bytes ("1024").
	// Optional. Default: "100kb". An invalid value makes NewJSON fail.
	Limit string
	// Reviver transforms the parsed value as JSON.parse's reviver does.
	// Optional. Default: nil.
	Reviver Reviver
	// Strict accepts only objects and arrays at the top level. Optional.
	// Default: On.
	Strict Switch
	// Type lists the media types to parse: full types, wildcards
	// ("application/*", "*/*+json") or extension names ("json").
	// Optional. Default: ["application/json"]. Ignored when TypeFunc is set.
	Type []string
	// TypeFunc decides instead of Type. Optional.
	TypeFunc TypeFunc
	// Verify inspects the raw body before it is parsed. Optional.
	Verify VerifyFunc
}

// JSON parses JSON bodies as express.json() does. It is safe for
// concurrent use.
type JSON struct {
	common
	reviver Reviver
	strict  bool
}

// NewJSON compiles c. It fails on an invalid limit.
func NewJSON(c JSONConfig) (*JSON, error) {
	cm, err := compile("json", c.Limit, c.Inflate, c.Type, c.TypeFunc, c.Verify, "application/json")
	if err != nil {
		return nil, err
	}
	return &JSON{common: cm, reviver: c.Reviver, strict: c.Strict.or(true)}, nil
}

// jsonCharset checks the charset as body-parser's json does (RFC 7159 8.1:
// a "utf-" charset, utf-8 when absent).
func jsonCharset(in *Input) (string, *Error) {
	cs := requestCharset(in.ContentType)
	if cs == "" {
		return "utf-8", nil
	}
	if !strings.HasPrefix(cs, "utf-") {
		return "", errCharset(cs)
	}
	return cs, nil
}

// Parse reads and parses the body of a request that Match accepted. The
// value is an empty *Object for an empty body (body-parser's special case),
// else what JSON.parse gives (with the reviver applied). Errors are
// *Error values carrying body-parser's status, type and message.
func (p *JSON) Parse(in *Input) (any, error) {
	var v any
	err := p.pipeline(in, func(text []byte) *Error {
		if len(text) == 0 {
			v = &Object{}
			return nil
		}
		if err := p.checkStrict(text); err != nil {
			return err
		}
		d := getDecoder(text)
		val, err := d.parse()
		putDecoder(d)
		if err != nil {
			return errParse(string(text), err.(*SyntaxError))
		}
		if p.reviver != nil {
			var rerr error
			if val, rerr = revive(p.reviver, val); rerr != nil {
				e := newError(400, "entity.parse.failed", "Maximum call stack size exceeded")
				e.Name = "RangeError"
				e.Body = string(text)
				e.Err = rerr
				return e
			}
		}
		v = val
		return nil
	})
	if err != nil {
		return nil, err
	}
	return v, nil
}

// Decode reads the body as Parse does and decodes it into dst with
// encoding/json, for applications that want their own struct rather than
// the value model. Limit, charset, encoding, verify and strict checks are
// Parse's; an empty body leaves dst unchanged, as Express leaves req.body
// {}. A syntax error has V8's message, as with Parse; a value that does not
// fit dst (a string for an int field, say) is a 400 "entity.parse.failed"
// with encoding/json's message. The Reviver is not applied.
func (p *JSON) Decode(in *Input, dst any) error {
	err := p.pipeline(in, func(text []byte) *Error {
		if len(text) == 0 {
			return nil
		}
		if err := p.checkStrict(text); err != nil {
			return err
		}
		jerr := json.Unmarshal(text, dst)
		if jerr == nil {
			return nil
		}
		var se *json.SyntaxError
		if errors.As(jerr, &se) {
			d := getDecoder(text)
			_, perr := d.parse()
			putDecoder(d)
			if perr != nil {
				return errParse(string(text), perr.(*SyntaxError))
			}
		}
		e := newError(400, "entity.parse.failed", jerr.Error())
		e.Name = "Error"
		e.Body = string(text)
		e.Err = jerr
		return e
	})
	if err != nil {
		return err
	}
	return nil
}

// pipeline runs the shared pipeline and hands the decoded text to parse. The
// text is valid only during the call.
func (p *JSON) pipeline(in *Input, parse func(text []byte) *Error) error {
	cs, cerr := jsonCharset(in)
	if cerr != nil {
		return cerr
	}
	b := getBuffer()
	defer putBuffer(b)
	body, err := p.reader.read(in, cs, true, b)
	if err != nil {
		return err
	}
	text, tb := decodeText(cs, body)
	if tb != nil {
		defer putBuffer(tb)
	}
	if err := parse(text); err != nil {
		return err
	}
	return nil
}

// checkStrict is body-parser's strict check: the first non-whitespace
// character must open an object or an array.
func (p *JSON) checkStrict(text []byte) *Error {
	if !p.strict {
		return nil
	}
	first := -1
	for i, c := range text {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			first = i
			break
		}
	}
	if first >= 0 && (text[first] == '{' || text[first] == '[') {
		return nil
	}
	msg := strictMessage(text, first)
	return errParse(string(text), &SyntaxError{Message: msg, Offset: max(first, 0)})
}

// decodeText converts a body to text in charset cs (known to be supported).
// UTF-8 without a BOM and valid comes back as body itself; otherwise the
// text is in a pooled buffer, returned for the caller to put back.
func decodeText(cs string, body []byte) ([]byte, *buffer) {
	c, _ := lookupCharset(cs)
	if c.kind == kindUTF8 && utf8.Valid(body) && !hasUTF8BOM(body) {
		return body, nil
	}
	tb := getBuffer()
	tb.b = c.decode(tb.b[:0], body)
	return tb.b, tb
}

func hasUTF8BOM(b []byte) bool {
	return len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF
}
