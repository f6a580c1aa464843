package fast

import (
	"bytes"
	"errors"
	"net/http"
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/html"
	"github.com/fwgo/fw/internal/status"
	"github.com/fwgo/fw/internal/uri"
)

// finalHandler answers what no layer answered, byte for byte as Express's
// finalhandler: 404 "Cannot METHOD /path" without an error, otherwise the
// error's status with its stack in development or the status text in
// production.
func (c *state) finalHandler(err error) {
	if c.top.legacy != nil { // Express 3's bytes (legacy_finalhandler.go)
		c.legacyFinalHandler(err)
		return
	}
	if err == nil && c.sent {
		return
	}
	var code int
	var msg string
	var errHeaders http.Header
	if err != nil {
		code = errorStatus(err)
		if code == 0 {
			code = c.fctx.Response.StatusCode()
			if code < 400 || code > 599 {
				code = 500
			}
		} else {
			var eh interface{ ErrorHeaders() http.Header }
			if errors.As(err, &eh) {
				errHeaders = eh.ErrorHeaders()
			}
		}
		msg = c.errorMessage(err, code)
	}
	if c.sent {
		// The response is complete: all Express can do is close the
		// connection, which is what happens.
		c.closed = true
		return
	}
	resp := &c.fctx.Response
	resp.ResetBody()
	resp.SetStatusCode(code404(code))
	h := &resp.Header
	h.Del("Content-Encoding")
	h.Del("Content-Language")
	h.Del("Content-Range")
	for k, vs := range errHeaders {
		h.Del(k)
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	h.Set("Content-Security-Policy", "default-src 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.SetContentType("text/html; charset=utf-8")
	start := len(c.scratch)
	body := append(c.scratch, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n</head>\n<body>\n<pre>"...)
	if err == nil {
		body = append(body, "Cannot "...)
		body = append(body, c.method...)
		body = append(body, ' ')
		body = appendHTMLMessage(body, uri.EncodeURL(pathname(c.uriStr)))
	} else {
		body = appendHTMLMessage(body, msg)
	}
	body = append(body, "</pre>\n</body>\n</html>\n"...)
	c.scratch = body
	resp.SetBody(body[start:])
	c.sent = true
}

func code404(code int) int {
	if code == 0 {
		return 404
	}
	return code
}

// appendHTMLMessage escapes msg and turns newlines into <br> and double
// spaces into " &nbsp;", as finalhandler's createHtmlDocument.
func appendHTMLMessage(dst []byte, msg string) []byte {
	start := len(dst)
	dst = html.AppendEscape(dst, msg)
	if bytes.IndexByte(dst[start:], '\n') < 0 && !bytes.Contains(dst[start:], []byte("  ")) {
		return dst
	}
	s := string(dst[start:])
	s = strings.ReplaceAll(s, "\n", "<br>")
	s = strings.ReplaceAll(s, "  ", " &nbsp;")
	return append(dst[:start], s...)
}

// errorStatus is finalhandler's getErrorStatusCode: a status the error
// carries when it is a 4xx or 5xx, else 0.
func errorStatus(err error) int {
	if code := StatusCode(err); code >= 400 && code < 600 {
		return code
	}
	return 0
}

// errorMessage is finalhandler's getErrorMessage: the stack outside
// production, else the status text.
func (c *state) errorMessage(err error, code int) string {
	if !c.top.resolved().production {
		return errorStack(err)
	}
	if t := status.Text(code); t != "" {
		return t
	}
	return "undefined" // statuses.message[code] is undefined in Express
}

// errorStack renders an error as JavaScript's err.stack starts: "Name:
// message", then the Go stack captured with it, if any, as "    at" lines.
func errorStack(err error) string {
	var b strings.Builder
	b.WriteString(errorName(err))
	if m := err.Error(); m != "" {
		b.WriteString(": ")
		b.WriteString(m)
	}
	if st, ok := err.(interface{ ErrorStack() []byte }); ok {
		appendStackLines(&b, st.ErrorStack())
	}
	return b.String()
}

// appendStackLines converts a runtime/debug stack into "    at func
// (file:line)" lines.
func appendStackLines(b *strings.Builder, stack []byte) {
	lines := strings.Split(strings.TrimSpace(string(stack)), "\n")
	for i := 1; i+1 < len(lines); i += 2 {
		fn := lines[i]
		if p := strings.LastIndexByte(fn, '('); p > 0 {
			fn = fn[:p]
		}
		loc := strings.TrimSpace(lines[i+1])
		if p := strings.LastIndex(loc, " +0x"); p > 0 {
			loc = loc[:p]
		}
		b.WriteString("\n    at ")
		b.WriteString(fn)
		b.WriteString(" (")
		b.WriteString(loc)
		b.WriteString(")")
	}
}

// sendOptions is the automatic OPTIONS answer: Allow and the same list as
// the body, sent with res.send.
func (c *state) sendOptions(methods []string) error {
	start := len(c.scratch)
	for i, m := range methods {
		if i > 0 {
			c.scratch = append(c.scratch, ',')
		}
		c.scratch = append(c.scratch, m...)
	}
	allow := bytesconv.B2S(c.scratch[start:])
	c.res.Set("Allow", allow)
	return c.res.SendString(allow)
}
