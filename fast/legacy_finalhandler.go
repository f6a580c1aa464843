package fast

import (
	"github.com/fwgo/fw/internal/html"
	"github.com/fwgo/fw/internal/status"
)

// legacyFinalHandler answers what no layer answered in a 3.x app, as
// connect 2.30's finalhandler 0.4: 404 "Cannot METHOD <original URL>\n"
// without an error; with one, its status (or the response's when that is
// 400 or more, else 500) and, as text/html, the error's stack with <br>
// for newlines, or in production (the mode the app was created in, as
// connect reads NODE_ENV once) the status text. Headers already set stay;
// X-Content-Type-Options, Content-Type and Content-Length are set.
func (c *state) legacyFinalHandler(err error) {
	if err == nil && c.sent {
		return
	}
	resp := &c.fctx.Response
	code := 404
	var msg string
	if err != nil {
		code = resp.StatusCode()
		if s := StatusCode(err); s != 0 {
			code = s
		}
		if code < 400 {
			code = 500
		}
		if c.top.envAtInit == "production" {
			msg = status.Text(code)
			if msg == "" {
				msg = "undefined"
			}
		} else {
			msg = errorStack(err)
		}
	}
	if c.sent {
		c.closed = true // connect destroys the socket
		return
	}
	resp.ResetBody()
	resp.SetStatusCode(code)
	h := &resp.Header
	h.Set("X-Content-Type-Options", "nosniff")
	h.SetContentType("text/html; charset=utf-8")
	start := len(c.scratch)
	body := c.scratch
	if err == nil {
		body = append(body, "Cannot "...)
		body = html.AppendEscape(body, c.method)
		body = append(body, ' ')
		body = html.AppendEscape(body, c.uriStr)
	} else {
		body = appendHTMLMessage(body, msg)
	}
	body = append(body, '\n')
	c.scratch = body
	resp.SetBody(body[start:])
	c.sent = true
}
