package fast

import (
	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/html"
	"github.com/fwgo/fw/internal/negotiate"
	"github.com/fwgo/fw/internal/uri"
)

// Location sets the Location header, as res.location(url): url
// percent-encoded where it holds characters a URL cannot (encodeurl:
// existing %XX escapes, the scheme and the authority are kept as they are,
// so the host a client sees is the host an allow-list parsed). "back"
// stands for the Referrer (or Referer) request header, "/" without one;
// Express deprecates it, since the client chooses that header. It chains
// and fails as Set does.
func (r *Response) Location(url string) *Response {
	r.c.location(url)
	return r
}

func (c *state) location(url string) error {
	if c.top.legacy != nil { // Express 3's mount-relative URLs (legacy_redirect.go)
		url = c.legacyResolve(url)
	}
	if url == "back" {
		if url = c.req.Get("Referrer"); url == "" {
			url = "/"
		} else if !isASCII(url) {
			// Node reads header bytes as Latin-1 characters, which
			// encodeurl writes as UTF-8 escapes.
			c.res.body = appendLatin1AsUTF8(c.res.body[:0], url)
			url = bytesconv.B2S(c.res.body)
		}
	}
	if !uri.NeedsEncodeURL(url) {
		return c.set("Location", []string{url})
	}
	c.res.aux = uri.AppendEncodeURL(c.res.aux[:0], url)
	return c.set("Location", []string{bytesconv.B2S(c.res.aux)})
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// appendLatin1AsUTF8 appends the characters of the Latin-1 bytes s as
// UTF-8.
func appendLatin1AsUTF8(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x80 {
			dst = append(dst, b)
		} else {
			dst = append(dst, 0xC0|b>>6, 0x80|b&0x3F)
		}
	}
	return dst
}

// Redirect redirects to url with status 302, as res.redirect(url); see
// RedirectStatus.
func (r *Response) Redirect(url string) error { return r.RedirectStatus(302, url) }

// RedirectStatus redirects to url with status, as res.redirect(status,
// url). Location is set as Location does, Vary gains Accept, and the body
// follows the Accept header as res.format would choose between text
// (first) and html:
//
//	text/plain: Found. Redirecting to <location>
//	text/html:  <p>Found. Redirecting to <location, HTML-escaped></p>
//	neither:    an empty body and no Content-Type
//
// with the status's reason phrase ("undefined" for a code Node does not
// name). Content-Length is set, also for HEAD, which gets no body. No ETag
// is added and no freshness check made. It returns the errors Send
// returns.
func (r *Response) RedirectStatus(status int, url string) error {
	c := r.c
	if c.top.legacy != nil { // Express 3's bodies (legacy_redirect.go)
		return r.legacyRedirect(status, url)
	}
	if err := c.location(url); err != nil {
		return err
	}
	loc := bytesconv.B2S(c.fctx.Response.Header.PeekCanonical(hLocation))
	key, ok := c.negotiateType("text", "html")
	if err := c.varyAccept(); err != nil {
		return err
	}
	text := statusTextOrEmpty(status)
	if text == "" {
		text = "undefined" // statuses.message[status]
	}
	body := r.body[:0]
	if ok {
		if key == "text" {
			if err := c.set("Content-Type", []string{"text/plain; charset=utf-8"}); err != nil {
				return err
			}
			body = append(body, text...)
			body = append(body, ". Redirecting to "...)
			body = append(body, loc...)
		} else {
			if err := c.set("Content-Type", []string{"text/html; charset=utf-8"}); err != nil {
				return err
			}
			body = append(body, "<p>"...)
			body = append(body, text...)
			body = append(body, ". Redirecting to "...)
			body = html.AppendEscape(body, loc)
			body = append(body, "</p>"...)
		}
	}
	r.body = body
	resp := &c.fctx.Response
	r.setStatus(status)
	resp.Header.SetContentLength(len(body))
	resp.SetBody(body)
	return c.endResponse()
}

// negotiateType is req.accepts(offers...) on the request's Accept header,
// as res.format negotiates.
func (c *state) negotiateType(offers ...string) (string, bool) {
	accept := c.joinedHeader(hAccept, c.fctx.Request.Header.PeekCanonical(hAccept))
	return negotiate.Type(accept, accept != "", offers...)
}

// varyAccept is res.vary('Accept'), which res.format always does.
func (c *state) varyAccept() error { return c.varyField("Accept") }

var (
	hLocation = []byte("Location")
	hAccept   = []byte("Accept")
)
