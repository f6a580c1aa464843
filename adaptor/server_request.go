package adaptor

import (
	"errors"
	"io"
	"net/http"
	"slices"
	"strings"

	"github.com/valyala/fasthttp"
)

// errBadTarget is passed to the error handler when the request line cannot
// be expressed in HTTP/1.x syntax (a method that is not a token, a target
// with spaces or control bytes). net/http rejects such requests itself; they
// reach Server only when a caller builds an *http.Request by hand.
var errBadTarget = errors.New("adaptor: request method or target is not valid HTTP/1.x syntax")

// requestTarget returns the request target fasthttp should see: the raw
// target the client sent (http.Request.RequestURI), unless net/http code in
// front of Server rewrote r.URL (http.StripPrefix does), in which case the
// rewritten URL wins.
func requestTarget(r *http.Request) string {
	t := r.RequestURI
	if t == "" {
		return r.URL.RequestURI()
	}
	if t[0] != '/' || r.URL == nil {
		// "*", absolute-form and authority-form targets are kept as sent.
		return t
	}
	path, query, hasQuery := strings.Cut(t, "?")
	if query != r.URL.RawQuery || (!hasQuery && r.URL.ForceQuery) {
		return r.URL.RequestURI()
	}
	switch {
	case r.URL.RawPath != "":
		if path != r.URL.RawPath {
			return r.URL.RequestURI()
		}
	case path == r.URL.Path:
	case strings.IndexByte(path, '%') < 0:
		return r.URL.RequestURI()
	default:
		// The target is percent-encoded and net/http kept no RawPath: the
		// path was rewritten unless it decodes to r.URL.Path.
		if p, err := pathUnescape(path); err != nil || p != r.URL.Path {
			return r.URL.RequestURI()
		}
	}
	return t
}

// setHead sets the request line and header fields of r on h, as
// fasthttp.Server's parser would have set them. net/http keeps header fields
// in a map, so the order across field names is lost: names are added sorted,
// the values of one name in the order received. keys is scratch space.
//
// h.RawHeaders (and so h.AllInOrder) stays empty: there is no raw header
// block under net/http.
func setHead(h *fasthttp.RequestHeader, r *http.Request, target string, keys []string) ([]string, error) {
	if !isToken(r.Method) || !validTarget(target) {
		return keys, errBadTarget
	}
	h.SetMethod(r.Method)
	h.SetRequestURI(target)
	h.SetProtocol(proto(r))
	h.SetHost(r.Host) // fasthttp turns CR and LF in names and values into spaces
	keys = keys[:0]
	for k := range r.Header {
		switch k {
		case "Host", "Transfer-Encoding":
			// net/http moves them out of Header (into Host and
			// TransferEncoding); a hand-built request may still carry them.
			continue
		}
		if isToken(k) {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		for i, v := range r.Header[k] {
			if i > 0 && (k == "Content-Type" || k == "User-Agent") {
				// fasthttp keeps one of these, the last added; Node
				// keeps the first line (matchKnownFields).
				break
			}
			h.Add(k, v)
		}
	}
	if slices.Contains(r.TransferEncoding, "chunked") {
		h.SetContentLength(-1)
	}
	if h.Protocol()[len("HTTP/")] == '1' && h.Protocol()[len("HTTP/1.")] == '0' && !h.ConnectionClose() &&
		!strings.EqualFold(r.Header.Get("Connection"), "keep-alive") {
		// fasthttp.Server marks HTTP/1.0 requests without keep-alive as
		// closing the connection.
		h.SetConnectionClose()
	}
	return keys, nil
}

// proto returns r's protocol as "HTTP/x.y".
func proto(r *http.Request) string {
	p := r.Proto
	if len(p) == len("HTTP/1.1") && strings.HasPrefix(p, "HTTP/") && p[6] == '.' &&
		isDigit(p[5]) && isDigit(p[7]) {
		return p
	}
	switch {
	case r.ProtoMajor == 2:
		return "HTTP/2.0"
	case r.ProtoMajor == 1 && r.ProtoMinor == 0:
		return "HTTP/1.0"
	}
	return "HTTP/1.1"
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isToken reports whether s is an RFC 9110 token (a method or field name).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !tokenTable[s[i]] {
			return false
		}
	}
	return true
}

// validTarget reports whether s can stand in a request line: no spaces, no
// control bytes.
func validTarget(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c == 0x7f {
			return false
		}
	}
	return true
}

var tokenTable = func() (t [256]bool) {
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
		t[c-'a'+'A'] = true
	}
	for _, c := range "!#$%&'*+-.^_`|~" {
		t[c] = true
	}
	return t
}()

// pathUnescape decodes %XX sequences the way net/url decodes a path.
func pathUnescape(s string) (string, error) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' {
			if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return "", errBadTarget
			}
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		}
		b = append(b, c)
	}
	return string(b), nil
}

func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// loadBody gives ctx the request body the way fasthttp.Server would:
//
//   - StreamRequestBody false: the whole body is read into ctx.Request before
//     the handler runs; a body longer than the limit is an error
//     (fasthttp.ErrBodyTooLarge) for the error handler, and nothing of it is
//     read (net/http then never sends "100 Continue").
//   - StreamRequestBody true: nothing is read in advance; the handler reads
//     the body from ctx.RequestBodyStream() (ctx.PostBody() reads all of it),
//     straight from net/http's reader.
func (c *serverCtx) loadBody(s *Server, r *http.Request) error {
	if r.Body == nil || r.Body == http.NoBody {
		return nil
	}
	ctx := &c.ctx
	size := r.ContentLength
	if size == 0 {
		// net/http gives server requests without a body http.NoBody; a
		// hand-built request with ContentLength 0 and a Body has a body of
		// unknown length.
		size = -1
	}
	if s.StreamRequestBody {
		ctx.Request.SetBodyStream(&bodyReader{r: r.Body}, int(size))
		return nil
	}
	limit := int64(s.MaxRequestBodySize)
	if limit <= 0 {
		limit = fasthttp.DefaultMaxRequestBodySize
	}
	if size > limit {
		return fasthttp.ErrBodyTooLarge
	}
	buf := c.buffer()
	var n int64
	for {
		m, err := r.Body.Read(buf)
		if m > 0 {
			n += int64(m)
			if n > limit {
				return fasthttp.ErrBodyTooLarge
			}
			ctx.Request.AppendBody(buf[:m])
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
	}
	if size < 0 {
		// A chunked request: fasthttp.Server keeps the header's
		// Transfer-Encoding; an HTTP/2 request without content-length
		// gets the same marker so the handler knows it had a body.
		ctx.Request.Header.SetContentLength(-1)
	}
	return nil
}

// bodyReader is the request body stream handed to fasthttp in streaming
// mode. It is allocated per request (never pooled) so a reference kept past
// the request cannot read another request's body; Close is a no-op because
// net/http owns and closes the body.
type bodyReader struct {
	r io.Reader
}

func (b *bodyReader) Read(p []byte) (int, error) { return b.r.Read(p) }
