package parsers_test

import (
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"testing"

	"github.com/fwgo/fw/parsers"
	"github.com/fwgo/fw/parsers/parserstest"
)

// TestExpress runs the 215 tests of Express 4.22.3's test/express.json.js,
// express.raw.js, express.text.js and express.urlencoded.js against the
// parsers directly: each case's request goes through the parser as the
// test app's middleware would send it, and the response the app would
// produce (res.json(req.body), or the error handler's echo) is checked
// against what the Express test expects. Subtests are named after the
// describe()/it() sentences.
func TestExpress(t *testing.T) {
	t.Parallel()
	counts := map[parserstest.Kind]int{}
	for _, c := range parserstest.All() {
		counts[c.Kind]++
		t.Run(c.Name(), func(t *testing.T) {
			t.Parallel()
			if c.Skip != "" {
				t.Skip(c.Skip)
			}
			status, body, err := serve(&c)
			if err != nil {
				t.Fatal(err)
			}
			if status != c.Want.Status {
				t.Fatalf("status %d (body %.200q); want %d", status, body, c.Want.Status)
			}
			if c.Want.Check != nil {
				if err := c.Want.Check(body); err != nil {
					t.Fatalf("want %s: %v", c.Want.Desc, err)
				}
			}
		})
	}
	want := map[parserstest.Kind]int{parserstest.JSON: 61, parserstest.Raw: 39, parserstest.Text: 46, parserstest.URLEncoded: 69}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("parser %d: %d cases; the Express file has %d it() calls", k, counts[k], n)
		}
	}
}

// parser is the common face of the four parsers for the emulated app.
type parser interface {
	Match(in *parsers.Input) bool
	parse(in *parsers.Input) (any, error)
}

type jsonP struct{ *parsers.JSON }
type rawP struct{ *parsers.Raw }
type textP struct{ *parsers.Text }
type formP struct{ *parsers.URLEncoded }

func (p jsonP) parse(in *parsers.Input) (any, error) { return p.Parse(in) }
func (p rawP) parse(in *parsers.Input) (any, error) {
	b, err := p.Parse(in)
	if err != nil {
		return nil, err
	}
	// The test app sends {"buf": req.body.toString('hex')} for a Buffer.
	o := &parsers.Object{}
	o.Set("buf", hex.EncodeToString(b))
	return o, nil
}
func (p textP) parse(in *parsers.Input) (any, error) { return p.Parse(in) }
func (p formP) parse(in *parsers.Input) (any, error) { return p.Parse(in) }

func newParser(c *parserstest.Case) (parser, error) {
	switch c.Kind {
	case parserstest.JSON:
		p, err := parsers.NewJSON(c.JSON)
		return jsonP{p}, err
	case parserstest.Raw:
		p, err := parsers.NewRaw(c.Raw)
		return rawP{p}, err
	case parserstest.Text:
		p, err := parsers.NewText(c.Text)
		return textP{p}, err
	default:
		p, err := parsers.NewURLEncoded(c.URLEncoded)
		return formP{p}, err
	}
}

// serve emulates the test file's app for one request and returns the
// status and body it would send.
func serve(c *parserstest.Case) (int, string, error) {
	p, err := newParser(c)
	if c.ConfigError != "" {
		if err == nil || !regexp.MustCompile(c.ConfigError).MatchString(err.Error()) {
			return 0, "", fmt.Errorf("building the parser: %v; want an error matching %s", err, c.ConfigError)
		}
		return 0, "", nil
	}
	if err != nil {
		return 0, "", err
	}
	in := c.Input()
	var body any = &parsers.Object{} // req.body = req.body || {}
	if p.Match(in) {                 // a second copy of the parser (Twice) skips: req._body is set
		var perr error
		if c.StreamConsumed {
			perr = parsers.ErrNotReadable()
		} else {
			body, perr = p.parse(in)
		}
		if perr != nil {
			return errorResponse(c, perr)
		}
	}
	if c.Method == "GET" {
		return 404, "Cannot GET /", nil // only app.post('/') is routed
	}
	out, err := parsers.AppendJSON(nil, body)
	if err != nil {
		return 0, "", err
	}
	return 200, string(out), nil
}

// errorResponse is the test app's error handler.
func errorResponse(c *parserstest.Case, err error) (int, string, error) {
	var pe *parsers.Error
	if !errors.As(err, &pe) {
		return 0, "", fmt.Errorf("error %T %v is not a *parsers.Error", err, err)
	}
	status := pe.Status
	if status == 0 {
		status = 500
	}
	prop, _ := c.HeaderValue("X-Error-Property")
	switch prop {
	case "":
		return status, pe.String(), nil
	case "body":
		return status, pe.Body, nil
	case "stack":
		return status, pe.Name + ": " + pe.Message, nil
	}
	return 0, "", fmt.Errorf("unknown X-Error-Property %q", prop)
}
