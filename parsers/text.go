package parsers

// TextConfig holds the options of body-parser's text(). The zero value is
// Express's default, express.text().
type TextConfig struct {
	// DefaultCharset is the charset of a body whose Content-Type has none.
	// Optional. Default: "utf-8".
	DefaultCharset string
	// Inflate decompresses gzip and deflate bodies. Optional. Default: On.
	Inflate Switch
	// Limit is the largest body accepted (after inflating); see
	// JSONConfig.Limit. Optional. Default: "100kb".
	Limit string
	// Type lists the media types to parse. Optional. Default:
	// ["text/plain"]. Ignored when TypeFunc is set.
	Type []string
	// TypeFunc decides instead of Type. Optional.
	TypeFunc TypeFunc
	// Verify inspects the raw body before it is decoded. Optional.
	Verify VerifyFunc
}

// Text reads bodies as strings, as express.text() does. It is safe for
// concurrent use.
type Text struct {
	common
	defaultCharset string
}

// NewText compiles c. It fails on an invalid limit. An unknown default
// charset is not an error (Express only fails when a request uses it).
func NewText(c TextConfig) (*Text, error) {
	cm, err := compile("text", c.Limit, c.Inflate, c.Type, c.TypeFunc, c.Verify, "text/plain")
	if err != nil {
		return nil, err
	}
	cs := c.DefaultCharset
	if cs == "" {
		cs = "utf-8"
	}
	return &Text{common: cm, defaultCharset: cs}, nil
}

// Parse reads the body of a request that Match accepted and decodes it
// with its charset (the Content-Type's, else the default charset) as
// iconv-lite does, removing a byte order mark. An unsupported charset is a
// 415 "charset.unsupported" error. The string is newly allocated. Errors are
// *Error values.
func (p *Text) Parse(in *Input) (string, error) {
	cs := requestCharset(in.ContentType)
	if cs == "" {
		cs = p.defaultCharset
	}
	b := getBuffer()
	defer putBuffer(b)
	body, err := p.read(in, cs, true, b)
	if err != nil {
		return "", err
	}
	text, tb := decodeText(cs, body)
	s := string(text)
	if tb != nil {
		putBuffer(tb)
	}
	return s, nil
}
