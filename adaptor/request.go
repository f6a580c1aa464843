package adaptor

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
)

// newRequest builds the *http.Request net/http code sees for ctx, with
// context c and body b.
//
// Every string in it is fresh memory, never a view of ctx's pooled buffers,
// so net/http code may keep any part of the request (fasthttp's own adaptor
// handed out views and leaked cookies across requests: valyala/fasthttp#1859
// and #1860). Only the body reads ctx's memory, and b stops reading it when
// the exchange ends.
func newRequest(ctx *fasthttp.RequestCtx, c context.Context, b *requestBody) (*http.Request, error) {
	h := &ctx.Request.Header
	// All the text goes into one allocation, sized first; strings made from
	// it stay valid if it must grow after all, since the old array is never
	// written again.
	size := len(h.Method()) + len(h.RequestURI()) + len(h.Protocol()) + len(h.Host()) + len("[ffff:255.255.255.255%zone]:65535")
	for k, v := range h.All() {
		size += len(k) + len(v)
	}
	arena := make([]byte, 0, size)
	text := func(p []byte) string {
		if len(p) == 0 {
			return ""
		}
		start := len(arena)
		arena = append(arena, p...)
		return bytesconv.B2S(arena[start:])
	}

	method := wellKnownMethod(h.Method())
	if method == "" {
		method = text(h.Method())
	}
	target := text(h.RequestURI())
	u, err := parseTarget(method, target)
	if err != nil {
		return nil, err
	}
	proto := "HTTP/1.1"
	if p := h.Protocol(); string(p) != proto {
		proto = wellKnownProto(p)
		if proto == "" {
			proto = text(p)
		}
	}
	major, minor, ok := http.ParseHTTPVersion(proto)
	if !ok {
		proto, major, minor = "HTTP/1.1", 1, 1
	}

	// A value, so that WithContext below makes the only heap copy.
	r := http.Request{
		Method:     method,
		URL:        u,
		Proto:      proto,
		ProtoMajor: major,
		ProtoMinor: minor,
		Header:     make(http.Header, h.Len()),
		Host:       text(h.Host()),
		RequestURI: target,
		Close:      h.ConnectionClose(),
	}

	var vals []string
	for k, v := range h.All() {
		switch string(k) {
		case fasthttp.HeaderHost:
			continue
		case fasthttp.HeaderTransferEncoding:
			r.TransferEncoding = transferChunked
			continue
		}
		name, ok := wellKnownName(k)
		if !ok {
			name = canonicalName(text(k))
		}
		val, ok := wellKnownValue(v)
		if !ok {
			val = text(v)
		}
		if vals == nil {
			vals = make([]string, 0, max(4, h.Len()))
		}
		i := len(vals)
		vals = append(vals, val)
		if old, exists := r.Header[name]; exists {
			r.Header[name] = append(old, val)
		} else {
			r.Header[name] = vals[i : i+1 : i+1]
		}
	}

	switch a := ctx.RemoteAddr().(type) {
	case *net.TCPAddr:
		start := len(arena)
		arena = a.AddrPort().AppendTo(arena)
		r.RemoteAddr = bytesconv.B2S(arena[start:])
	case textAddr:
		r.RemoteAddr = string(a)
	case nil:
	default:
		r.RemoteAddr = a.String()
	}
	if f := currentFrame(ctx); f != nil && f.r != nil {
		r.TLS = f.r.TLS
	} else if ctx.IsTLS() {
		r.TLS = ctx.TLSConnectionState()
	}

	b.init(ctx)
	switch {
	case b.stream != nil:
		r.ContentLength = int64(h.ContentLength())
		if r.ContentLength < 0 {
			r.ContentLength = -1
		}
		r.Body = b
	case len(b.data) > 0:
		r.ContentLength = int64(len(b.data))
		r.Body = b
	default:
		r.Body = http.NoBody
	}
	return r.WithContext(c), nil
}

var transferChunked = []string{"chunked"}

// parseTarget parses a request target as net/http's server does.
func parseTarget(method, target string) (*url.URL, error) {
	if method == http.MethodConnect && !strings.HasPrefix(target, "/") {
		// Authority-form, "CONNECT host:port".
		return &url.URL{Host: target}, nil
	}
	u, err := url.ParseRequestURI(target)
	if err != nil {
		return nil, errBadTarget
	}
	return u, nil
}

// canonicalName returns name in net/http's canonical form. fasthttp already
// normalises names unless its server disables normalising, so this almost
// never allocates.
func canonicalName(name string) string {
	if !isToken(name) {
		return name
	}
	b := bytesconv.S2B(name)
	upper := true
	for i, c := range b {
		if upper && 'a' <= c && c <= 'z' {
			c -= 'a' - 'A'
		} else if !upper && 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != b[i] {
			return http.CanonicalHeaderKey(name)
		}
		upper = c == '-'
	}
	return name
}

func wellKnownMethod(m []byte) string {
	switch string(m) {
	case "GET":
		return "GET"
	case "POST":
		return "POST"
	case "PUT":
		return "PUT"
	case "DELETE":
		return "DELETE"
	case "PATCH":
		return "PATCH"
	case "HEAD":
		return "HEAD"
	case "OPTIONS":
		return "OPTIONS"
	}
	return ""
}

func wellKnownProto(p []byte) string {
	switch string(p) {
	case "HTTP/1.1":
		return "HTTP/1.1"
	case "HTTP/1.0":
		return "HTTP/1.0"
	case "HTTP/2.0":
		return "HTTP/2.0"
	}
	return ""
}

// errBodyClosed is returned by reads of a request body after the exchange
// ended, as net/http returns http.ErrBodyReadAfterClose.
var errBodyClosed = http.ErrBodyReadAfterClose

// requestBody is the http.Request.Body of an exchange: it reads ctx's body,
// from memory or from ctx.RequestBodyStream(), until the exchange ends.
//
// NOTE: part of the per-request exchange, never pooled; end clears it.
type requestBody struct {
	data   []byte    // in-memory body, a view of ctx's buffer or detached from it
	off    int       // read offset in data
	stream io.Reader // ctx.RequestBodyStream(), when the body streams
	closed bool
}

// init points b at ctx's body.
func (b *requestBody) init(ctx *fasthttp.RequestCtx) {
	if s := ctx.RequestBodyStream(); s != nil {
		b.stream = s
		return
	}
	b.data = ctx.Request.Body()
}

func (b *requestBody) Read(p []byte) (int, error) {
	if b.closed {
		return 0, errBodyClosed
	}
	if b.stream != nil {
		return b.stream.Read(p)
	}
	if b.off >= len(b.data) {
		return 0, io.EOF
	}
	n := copy(p, b.data[b.off:])
	b.off += n
	return n, nil
}

// Close marks the body closed; the memory stays ctx's.
func (b *requestBody) Close() error {
	b.closed = true
	return nil
}

// end stops b from reading ctx's memory.
func (b *requestBody) end() {
	b.closed = true
	b.data = nil
	b.stream = nil
}
