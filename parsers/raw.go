package parsers

// RawConfig holds the options of body-parser's raw(). The zero value is
// Express's default, express.raw().
type RawConfig struct {
	// Inflate decompresses gzip and deflate bodies. Optional. Default: On.
	Inflate Switch
	// Limit is the largest body accepted (after inflating); see
	// JSONConfig.Limit. Optional. Default: "100kb".
	Limit string
	// Type lists the media types to parse. Optional. Default:
	// ["application/octet-stream"]. Ignored when TypeFunc is set.
	Type []string
	// TypeFunc decides instead of Type. Optional.
	TypeFunc TypeFunc
	// Verify inspects the body before it is returned. Optional.
	Verify VerifyFunc
}

// Raw reads bodies as bytes, as express.raw() does. It is safe for
// concurrent use.
type Raw struct {
	common
}

// NewRaw compiles c. It fails on an invalid limit.
func NewRaw(c RawConfig) (*Raw, error) {
	cm, err := compile("raw", c.Limit, c.Inflate, c.Type, c.TypeFunc, c.Verify, "application/octet-stream")
	if err != nil {
		return nil, err
	}
	return &Raw{common: cm}, nil
}

// Parse reads the body of a request that Match accepted, with the checks of
// body-parser's raw (no charset is involved). When the body was in memory
// (in.Body) and not compressed, the result is in.Body itself, valid as long
// as the caller's body is; otherwise it is newly allocated. The result is
// never nil: an empty body gives an empty slice. Errors are *Error values.
func (p *Raw) Parse(in *Input) ([]byte, error) {
	b := getBuffer()
	defer putBuffer(b)
	body, err := p.read(in, "", false, b)
	if err != nil {
		return nil, err
	}
	if len(b.b) > 0 && len(body) > 0 && &body[0] == &b.b[0] {
		return append([]byte(nil), body...), nil
	}
	if body == nil {
		return []byte{}, nil
	}
	return body, nil
}
