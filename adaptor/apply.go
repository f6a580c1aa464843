package adaptor

import (
	"io"
	"net/http"
	"net/url"

	"github.com/valyala/fasthttp"
)

// requestSnapshot records the request an exchange built, so that the
// changes a net/http middleware makes before calling next can be told
// apart and applied to ctx.Request.
type requestSnapshot struct {
	method     string
	requestURI string
	url        url.URL
	host       string
	remoteAddr string
	body       io.ReadCloser
	names      int      // number of distinct header names
	fields     []string // name, value, name, value... as built
}

func newSnapshot(r *http.Request) *requestSnapshot {
	s := new(requestSnapshot)
	s.take(r)
	return s
}

func (s *requestSnapshot) take(r *http.Request) {
	s.method = r.Method
	s.requestURI = r.RequestURI
	s.url = *r.URL
	s.host = r.Host
	s.remoteAddr = r.RemoteAddr
	s.body = r.Body
	s.takeHeader(r.Header)
}

// takeHeader records the header fields of h.
func (s *requestSnapshot) takeHeader(h http.Header) {
	s.names = len(h)
	n := 0
	for _, vs := range h {
		n += len(vs)
	}
	s.fields = make([]string, 0, 2*n)
	for k, vs := range h {
		for _, v := range vs {
			s.fields = append(s.fields, k, v)
		}
	}
}

// headerChanged reports whether h differs from the header the snapshot
// recorded: a name added or removed, a value added, removed or replaced,
// in place or not.
func (s *requestSnapshot) headerChanged(h http.Header) bool {
	if len(h) != s.names {
		return true
	}
	for i := 0; i < len(s.fields); {
		name := s.fields[i]
		vs, ok := h[name]
		if !ok {
			return true
		}
		for _, v := range vs {
			if i >= len(s.fields) || s.fields[i] != name || s.fields[i+1] != v {
				return true
			}
			i += 2
		}
		if i < len(s.fields) && s.fields[i] == name {
			return true // a value was removed
		}
	}
	return false
}

// applyRequest carries the changes a net/http middleware made to the request
// (r is what it passed to next) into ctx.Request, where the fasthttp
// downstream reads them:
//
//   - Method, Host and RemoteAddr when they changed;
//   - the target: r.URL.RequestURI() when r.URL changed (http.StripPrefix
//     and other rewrites), else r.RequestURI when only that changed;
//   - the header fields, replaced wholesale when any field changed (in place
//     in the shared map, or in a clone);
//   - the body, when r.Body was replaced (http.MaxBytesReader, a
//     decompressing reader): the downstream then reads r.Body through
//     ctx.RequestBodyStream() and ctx.PostBody(). A body a fasthttp.Server
//     streams (StreamRequestBody) cannot be handed over, because fasthttp
//     releases its stream when replaced; the replacement is then ignored.
//
// These changes stay on ctx after the middleware returns, as changes to req
// do in Express. The request context is not copied: Context(ctx) returns
// r.Context() while the downstream runs.
func applyRequest(ctx *fasthttp.RequestCtx, x *exchange, r *http.Request) {
	s := x.snap
	h := &ctx.Request.Header
	if r.Method != s.method {
		h.SetMethod(r.Method)
	}
	switch {
	case r.URL != nil && *r.URL != s.url:
		ctx.Request.SetRequestURI(r.URL.RequestURI())
	case r.RequestURI != s.requestURI && r.RequestURI != "":
		ctx.Request.SetRequestURI(r.RequestURI)
	}
	if r.Host != s.host {
		h.SetHost(r.Host)
	}
	if r.RemoteAddr != s.remoteAddr {
		ctx.SetRemoteAddr(parseAddr(r.RemoteAddr))
	}
	if s.headerChanged(r.Header) {
		for i := 0; i < len(s.fields); i += 2 {
			h.Del(s.fields[i])
		}
		for k, vs := range r.Header {
			if k == "Host" {
				continue
			}
			h.Del(k)
			for _, v := range vs {
				h.Add(k, v)
			}
		}
		s.takeHeader(r.Header)
	}
	if r.Body != s.body {
		replaceBody(ctx, x, r)
		s.body = r.Body
	}
}

// replaceBody makes r.Body the body the downstream reads.
func replaceBody(ctx *fasthttp.RequestCtx, x *exchange, r *http.Request) {
	if st := ctx.RequestBodyStream(); st != nil {
		if _, ours := st.(*bodyReader); !ours {
			return
		}
	} else if x.body.data != nil {
		// The exchange's body reader may be inside r.Body: give it
		// ownership of the bytes before ctx lets go of them.
		x.body.data = ctx.Request.SwapBody(nil)
	}
	if r.Body == nil || r.Body == http.NoBody {
		ctx.Request.ResetBody()
		h := &ctx.Request.Header
		h.SetContentLength(0)
		return
	}
	size := int(r.ContentLength)
	if size <= 0 {
		size = -1
	}
	ctx.Request.SetBodyStream(noCloser{r.Body}, size)
}

// noCloser hides Close: net/http code closes the bodies it replaces, not
// fasthttp.
type noCloser struct{ io.Reader }

// moveHeaders moves the header fields set on h into dst, which stands for
// the same response on the net/http side, and clears them from h. Only an
// explicit Content-Type moves: fasthttp's default is not a field.
func moveHeaders(dst http.Header, h *fasthttp.ResponseHeader) {
	ct := explicitContentType(h)
	copyHeader(dst, h, headerSkip{contentType: true}, -1)
	if ct != nil {
		dst["Content-Type"] = []string{contentTypeString(ct)}
	}
	clearHeader(h)
}

// contentTypeString returns ct as a string, without allocating for the
// common types.
func contentTypeString(ct []byte) string {
	if s, ok := wellKnownValue(ct); ok {
		return s
	}
	return string(ct)
}
