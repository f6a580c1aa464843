package static

import (
	"errors"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/html"
	"github.com/fwgo/fw/internal/uri"
)

// HandlerConfig holds the options of serve-static: those of send, and
// its own. The zero value is serve-static's defaults.
type HandlerConfig struct {
	Config
	// Fallthrough passes client errors (a bad path, a missing file, a
	// method other than GET and HEAD) on to the next handler as "not
	// mine"; Off passes them as errors instead (404 included), and
	// answers other methods with 405. Optional. Default: On.
	Fallthrough Switch
	// Redirect answers a directory named without a trailing slash with a
	// 301 to the same URL with the slash; Off treats it as missing.
	// Optional. Default: On.
	Redirect Switch
}

// Handler serves the files of a directory as serve-static does. It is
// safe for concurrent use.
type Handler struct {
	s           *Sender
	fallThrough bool
	redirect    bool
}

// ErrRootRequired is returned by NewHandler for an empty root, as
// serve-static throws "root path required".
var ErrRootRequired = errors.New("static: root path required")

// NewHandler makes a Handler serving the directory root (resolved against
// the working directory when relative).
func NewHandler(root string, c HandlerConfig) (*Handler, error) {
	if root == "" {
		return nil, ErrRootRequired
	}
	c.Config.Root = root
	s, err := NewSender(c.Config)
	if err != nil {
		return nil, err
	}
	return &Handler{s: s, fallThrough: c.Fallthrough.or(true), redirect: c.Redirect.or(true)}, nil
}

// Sender returns the Sender behind h.
func (h *Handler) Sender() *Sender { return h.s }

// Serve handles one request as serve-static's middleware does. method is
// the request method, path the pathname of the URL as the handler sees
// it (percent-encoded, below the mount point), originalURL the request
// target as the client sent it (for the redirect). onHeaders is send's
// "headers" event (serve-static's setHeaders option), or nil.
//
// When next is false the response is ready: a file, a 304, a 301 to the
// directory with a trailing slash, or a 405. When next is true the request
// is not answered: the caller goes on to the next handler, with err when
// it is not nil (serve-static's next(err)). The error, an *Error, is the
// caller's to keep.
func (h *Handler) Serve(ctx *fasthttp.RequestCtx, method, path, originalURL string, onHeaders HeadersFunc) (next bool, err error) {
	if method != "GET" && method != "HEAD" {
		if h.fallThrough {
			return true, nil
		}
		resp := &ctx.Response
		resp.ResetBody()
		resp.SetStatusCode(405)
		resp.Header.SetNoDefaultContentType(true)
		resp.Header.Set("Allow", "GET, HEAD")
		resp.Header.SetContentLength(0)
		return false, nil
	}
	if path == "/" {
		if _, origPath, _ := splitURL(originalURL); !strings.HasSuffix(origPath, "/") {
			path = "" // make sure the redirect happens at the mount point
		}
	}
	sc := scratches.Get().(*scratch)
	r := h.s.pipe(ctx, sc, path, true, onHeaders)
	if r.dir {
		if h.redirect && (path == "" || path[len(path)-1] != '/') {
			redirect(ctx, sc, originalURL)
			scratches.Put(sc)
			return false, nil
		}
		r = result{status: 404}
	}
	scratches.Put(sc)
	if r.status == 0 {
		return false, nil
	}
	if !h.fallThrough || r.file || r.status >= 500 {
		return true, r.failed().clone()
	}
	return true, nil
}

// clone returns a copy of a shared error, so that the caller may keep or
// change it.
func (e *Error) clone() *Error {
	c := *e
	return &c
}

// redirect is serve-static's directory listener: a 301 to the original URL
// with a trailing slash, its leading slashes collapsed (never a
// protocol-relative "//host" Location), query and fragment kept.
func redirect(ctx *fasthttp.RequestCtx, sc *scratch, originalURL string) {
	prefix, pathname, rest := splitURL(originalURL)
	// collapseLeadingSlashes(pathname + '/')
	sc.b = append(append(sc.b[:0], pathname...), '/')
	if strings.IndexByte(originalURL, '#') >= 0 {
		// url.parse turns the backslashes before the query into slashes
		// when it parses a URL with a fragment.
		for i, c := range sc.b {
			if c == '\\' {
				sc.b[i] = '/'
			}
		}
	}
	p := sc.b
	i := 0
	for i < len(p) && p[i] == '/' {
		i++
	}
	if i > 1 {
		p = p[i-1:]
	}
	loc := append(sc.a[:0], prefix...)
	loc = append(loc, p...)
	loc = append(loc, rest...)
	sc.a = loc
	sc.c = uri.AppendEncodeURL(sc.c[:0], bytesconv.B2S(loc))
	location := sc.c
	sc.d = appendHTMLDocument(sc.d[:0], "Redirecting", "Redirecting to ", bytesconv.B2S(location))
	resp := &ctx.Response
	h := &resp.Header
	resp.SetStatusCode(301)
	h.SetNoDefaultContentType(true)
	h.SetContentType("text/html; charset=UTF-8")
	h.Set("Content-Security-Policy", "default-src 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.SetBytesV("Location", location)
	resp.SetBody(sc.d)
}

// appendHTMLDocument appends send's createHtmlDocument(title, text +
// escapeHtml(body)).
func appendHTMLDocument(dst []byte, title, text, body string) []byte {
	dst = append(dst, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>"...)
	dst = append(dst, title...)
	dst = append(dst, "</title>\n</head>\n<body>\n<pre>"...)
	dst = append(dst, text...)
	dst = html.AppendEscape(dst, body)
	return append(dst, "</pre>\n</body>\n</html>\n"...)
}

// splitURL splits a request target as url.parse sees it: prefix is the
// scheme and host of an absolute URL (lower-cased, as url.parse does),
// pathname the path, rest the query and fragment.
func splitURL(u string) (prefix, pathname, rest string) {
	if u != "" && u[0] != '/' {
		if h := hostEnd(u); h > 0 {
			prefix, u = u[:h], u[h:]
			if !isLower(prefix) {
				prefix = strings.ToLower(prefix)
			}
		}
	}
	end := len(u)
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		end = i
	}
	pathname, rest = u[:end], u[end:]
	if prefix != "" && pathname == "" {
		pathname = "/"
	}
	return prefix, pathname, rest
}

// hostEnd returns where the host of "scheme://host..." ends, or 0.
func hostEnd(u string) int {
	i := 0
	for i < len(u) && (isAlnum(u[i]) || u[i] == '+' || u[i] == '-' || u[i] == '.') {
		i++
	}
	if i == 0 || !strings.HasPrefix(u[i:], "://") {
		return 0
	}
	j := i + 3
	for j < len(u) && u[j] != '/' && u[j] != '?' && u[j] != '#' {
		j++
	}
	return j
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return false
		}
	}
	return true
}
