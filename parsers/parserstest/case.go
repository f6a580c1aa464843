// Package parserstest holds the test cases of Express 4.22.3's
// test/express.json.js, express.raw.js, express.text.js and
// express.urlencoded.js as data, for the tests of package parsers (which
// drive the parsers directly) and of the framework's body-parsing middleware
// (which replays them over HTTP).
//
// Each Case is one it(): the app the test builds (a parser with options,
// plus the test's own middleware), the request supertest sends, and what the
// test expects from the app's response. The app of every test file is:
//
//	app.use(express.X(options))
//	app.use(function (err, req, res, next) {
//	  res.status(err.status || 500)
//	  res.send(String(req.headers['x-error-property']
//	    ? err[req.headers['x-error-property']]
//	    : ('[' + err.type + '] ' + err.message)))
//	})
//	app.post('/', function (req, res) { res.json(req.body) })
//
// (express.raw's handler sends {"buf": req.body.toString('hex')} when the
// body is a Buffer). Want checks the status and body of that response.
package parserstest

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/fwgo/fw/parsers"
)

// Kind names the parser a test uses.
type Kind int

// The four parsers.
const (
	JSON Kind = iota
	Raw
	Text
	URLEncoded
)

// Case is one Express test.
type Case struct {
	// Kind is the parser under test.
	Kind Kind
	// Path is the describe() nesting and the it() sentence, outermost
	// first; the first element is the file's top-level describe, e.g.
	// "express.json()".
	Path []string
	// The parser options of createApp(options), for Kind.
	JSON       parsers.JSONConfig
	Raw        parsers.RawConfig
	Text       parsers.TextConfig
	URLEncoded parsers.URLEncodedConfig
	// ConfigError, when set, is a regular expression the error of building
	// the parser must match; there is no request.
	ConfigError string

	// Method is the request method; "" is POST.
	Method string
	// Header holds the request headers in order (Host excluded), as
	// supertest sends them. A Content-Length header here is the one on the
	// wire.
	Header [][2]string
	// Body is the request body.
	Body []byte
	// Chunked sends the body with Transfer-Encoding: chunked (supertest's
	// .write()), without Content-Length unless Header sets one.
	Chunked bool

	// SetContentLength, when not "", is the value a middleware before the
	// parser writes into req.headers['content-length'] (the "invalid
	// content-length" tests); the wire still carries the real length.
	SetContentLength string
	// StreamConsumed: a middleware before the parser reads the whole body
	// first, so the parser finds the stream unreadable.
	StreamConsumed bool
	// Twice: the parser is installed twice in a row.
	Twice bool
	// AlterOptions: the test sets options.limit to "100kb" after building
	// the parser, which must keep the limit it was built with.
	AlterOptions bool
	// Store: the "async local storage" tests. A middleware before the
	// parser keeps a store {foo: "bar"} for the request (Node's
	// AsyncLocalStorage; the request's context in Go), and a middleware
	// after the parser and the error handler copy its foo into the
	// x-store-foo response header, which must then be "bar".
	Store bool

	// Want is the expected response.
	Want Want
	// Note explains a port that differs from the JavaScript test (an
	// assertion that has no Go counterpart, or a Go-specific reading).
	Note string
	// Skip, when set, says why the test cannot be expressed in Go (it
	// checks a JavaScript type error that Go's types rule out); runners
	// report it as skipped with this reason.
	Skip string
}

// Name returns the path joined with " > ".
func (c *Case) Name() string { return strings.Join(c.Path, " > ") }

// HeaderValue returns the first value of the named header (case-insensitive).
func (c *Case) HeaderValue(name string) (string, bool) {
	for _, h := range c.Header {
		if strings.EqualFold(h[0], name) {
			return h[1], true
		}
	}
	return "", false
}

// Input returns the parsers.Input the parser sees: the headers of the
// request, with a middleware's Content-Length rewrite applied, and the body
// in memory.
func (c *Case) Input() *parsers.Input {
	in := &parsers.Input{ContentLength: -1, Chunked: c.Chunked, Body: c.Body}
	in.ContentType, _ = c.HeaderValue("Content-Type")
	in.ContentEncoding, _ = c.HeaderValue("Content-Encoding")
	if v, ok := c.HeaderValue("Content-Length"); ok {
		n, _ := strconv.ParseInt(v, 10, 64)
		in.ContentLength = n
	} else if !c.Chunked && c.Body != nil {
		in.ContentLength = int64(len(c.Body))
	}
	if c.SetContentLength != "" {
		n, _ := strconv.ParseInt(c.SetContentLength, 10, 64)
		in.ContentLength = n
	}
	if c.Method == "GET" {
		in.ContentLength = -1
	}
	return in
}

// Request returns the request as HTTP/1.1 bytes for host, framed as
// supertest frames it: Content-Length for a body sent whole, chunked
// encoding for a body written with .write(), nothing for no body.
func (c *Case) Request(host string) []byte {
	method := c.Method
	if method == "" {
		method = "POST"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s / HTTP/1.1\r\nHost: %s\r\n", method, host)
	_, hasCL := c.HeaderValue("Content-Length")
	for _, h := range c.Header {
		fmt.Fprintf(&b, "%s: %s\r\n", h[0], h[1])
	}
	switch {
	case c.Chunked && !hasCL:
		b.WriteString("Transfer-Encoding: chunked\r\n\r\n")
		if len(c.Body) > 0 {
			fmt.Fprintf(&b, "%x\r\n%s\r\n", len(c.Body), c.Body)
		}
		b.WriteString("0\r\n\r\n")
		return []byte(b.String())
	case !hasCL && c.Body != nil:
		fmt.Fprintf(&b, "Content-Length: %d\r\n", len(c.Body))
	}
	b.WriteString("\r\n")
	b.Write(c.Body)
	return []byte(b.String())
}

// Want is the expected response of a Case.
type Want struct {
	// Status is the expected status code.
	Status int
	// Check checks the body; nil accepts any body.
	Check func(body string) error
	// Desc describes the body check, for failure messages.
	Desc string
}

// Exact expects status and exactly body.
func Exact(status int, body string) Want {
	return Want{Status: status, Desc: strconv.Quote(body), Check: func(got string) error {
		if got != body {
			return fmt.Errorf("body %q; want %q", got, body)
		}
		return nil
	}}
}

// Status expects status and any body.
func Status(status int) Want { return Want{Status: status, Desc: "any body"} }

// Matches expects status and a body matching the regular expression.
func Matches(status int, re string) Want {
	r := regexp.MustCompile(re)
	return Want{Status: status, Desc: "/" + re + "/", Check: func(got string) error {
		if !r.MatchString(got) {
			return fmt.Errorf("body %q does not match /%s/", got, re)
		}
		return nil
	}}
}

// Contains expects status and a body containing s.
func Contains(status int, s string) Want {
	return Want{Status: status, Desc: "containing " + strconv.Quote(s), Check: func(got string) error {
		if !strings.Contains(got, s) {
			return fmt.Errorf("body %q does not contain %q", got, s)
		}
		return nil
	}}
}

// KeyCount expects status and a JSON object body with n keys (the tests'
// expectKeyCount).
func KeyCount(status, n int) Want {
	return Want{Status: status, Desc: fmt.Sprintf("a JSON object with %d keys", n), Check: func(got string) error {
		var m map[string]any
		if err := json.Unmarshal([]byte(got), &m); err != nil {
			return err
		}
		if len(m) != n {
			return fmt.Errorf("%d keys; want %d", len(m), n)
		}
		return nil
	}}
}

// Custom expects status and a body accepted by check.
func Custom(status int, desc string, check func(body string) error) Want {
	return Want{Status: status, Desc: desc, Check: check}
}
