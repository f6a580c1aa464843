package fast

import (
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/html"
)

// legacyResolve resolves a Location as Express 3's res.location does: a
// URL with a scheme ("://") or starting with "//" is kept; one starting
// with '.' is resolved against the request's original path (with a '/'
// appended); one not starting with '/' is relative to the app's mount
// point (req.App().Path() + "/" + url). "back" is left to location. A
// resolved path never starts with two slashes or a slash and a backslash
// (which a browser reads as another host, CVE-2024-9266): the run is
// collapsed to one '/'.
func (c *state) legacyResolve(url string) string {
	if url == "back" || strings.Contains(url, "://") || strings.HasPrefix(url, "//") {
		return url
	}
	var out string
	switch {
	case url != "" && url[0] == '.':
		base := pathname(c.uriStr)
		if !strings.HasSuffix(base, "/") {
			base += "/"
		}
		out = resolveDotPath(base, url)
	case url == "" || url[0] != '/':
		out = c.app.Path() + "/" + url
	default:
		return url
	}
	return collapseLeadingSlashes(out)
}

// resolveDotPath is Node's url.resolve(base, ref) for a path base and a
// relative reference: the reference's path merged after base's last '/',
// dot segments removed (RFC 3986 5.2.4), its query and fragment kept.
func resolveDotPath(base, ref string) string {
	suffix := ""
	if i := strings.IndexAny(ref, "?#"); i >= 0 {
		ref, suffix = ref[:i], ref[i:]
	}
	merged := base[:strings.LastIndexByte(base, '/')+1] + ref
	var out []string
	segs := strings.Split(merged, "/")
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
			if last {
				out = append(out, "")
			}
		case "..":
			if len(out) > 1 {
				out = out[:len(out)-1]
			}
			if last {
				out = append(out, "")
			}
		default:
			out = append(out, s)
		}
	}
	p := strings.Join(out, "/")
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return p + suffix
}

// collapseLeadingSlashes turns a leading run of '/' and '\' into one '/'.
func collapseLeadingSlashes(s string) string {
	i := 0
	for i < len(s) && (s[i] == '/' || s[i] == '\\') {
		i++
	}
	if i < 2 {
		return s
	}
	return "/" + s[i:]
}

// legacyRedirect is res.redirect of Express 3: Location as Location sets
// it, Vary: Accept, and a body chosen by Express 3's req.accepts between
// text and html: "<reason>. Redirecting to <location>" as text/plain;
// charset=UTF-8, "<p><reason>. Redirecting to <a href="<location>"><location></a></p>"
// (HTML-escaped) as text/html; charset=UTF-8, or an empty body and no
// Content-Type. No ETag, no freshness check; HEAD gets no body.
func (r *Response) legacyRedirect(status int, url string) error {
	c := r.c
	if err := c.location(url); err != nil {
		return err
	}
	loc := bytesconv.B2S(c.fctx.Response.Header.PeekCanonical(hLocation))
	if err := c.varyAccept(); err != nil {
		return err
	}
	key, ok := c.req.Legacy3().Accepts("text", "html")
	text := statusTextOrEmpty(status)
	if text == "" {
		text = "undefined"
	}
	body := r.body[:0]
	if ok {
		if key == "text" {
			if err := c.set("Content-Type", []string{"text/plain; charset=UTF-8"}); err != nil {
				return err
			}
			body = append(body, text...)
			body = append(body, ". Redirecting to "...)
			body = append(body, loc...)
		} else {
			if err := c.set("Content-Type", []string{"text/html; charset=UTF-8"}); err != nil {
				return err
			}
			body = append(body, "<p>"...)
			body = append(body, text...)
			body = append(body, ". Redirecting to <a href=\""...)
			body = html.AppendEscape(body, loc)
			body = append(body, "\">"...)
			body = html.AppendEscape(body, loc)
			body = append(body, "</a></p>"...)
		}
	}
	r.body = body
	resp := &c.fctx.Response
	r.setStatus(status)
	resp.Header.SetContentLength(len(body))
	resp.SetBody(body)
	return c.endResponse()
}
