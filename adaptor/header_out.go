package adaptor

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
)

// defaultContentType is fasthttp's own default Content-Type slice. A
// ResponseHeader returns this very slice from ContentType when no
// Content-Type was set, which tells an explicit value from the default
// without reading unexported state.
var defaultContentType = func() []byte {
	var h fasthttp.ResponseHeader
	return h.ContentType()
}()

// explicitContentType returns the Content-Type set on h, or nil when h would
// only use fasthttp's default.
func explicitContentType(h *fasthttp.ResponseHeader) []byte {
	ct := h.ContentType()
	if len(ct) == 0 || len(defaultContentType) > 0 && &ct[0] == &defaultContentType[0] {
		return nil
	}
	return ct
}

// headerSkip says which fields copyHeader leaves to its caller.
type headerSkip struct {
	contentType   bool // Content-Type
	contentLength bool // Content-Length
	date          bool // Date
	connection    bool // connection-specific fields, which HTTP/2 forbids
	trailers      bool // fields declared in Trailer, and Trailer itself
}

// copyHeader adds the header fields of h to dst. The strings it stores are
// new, immutable memory (one allocation for all the text that is not a
// well-known name or value, one for the value slices), never views of h, so
// net/http code may keep them after the request.
//
// A field name dst already holds is overwritten the first time h has it and
// appended to after that, so fields set by net/http code before the
// fasthttp handler ran survive unless the handler set the same name.
//
// length, when not negative, is added as Content-Length.
func copyHeader(dst http.Header, h *fasthttp.ResponseHeader, skip headerSkip, length int) {
	// Strings made earlier stay valid when arena or vals grow: the old
	// arrays are never written again.
	var arena []byte
	var vals []string
	fresh := len(dst) == 0
	var set []string // names set by this call, when dst was not empty
	add := func(name, val string) {
		if vals == nil {
			vals = make([]string, 0, 6)
		}
		i := len(vals)
		vals = append(vals, val)
		old, exists := dst[name]
		switch {
		case !exists:
			dst[name] = vals[i : i+1 : i+1]
		case fresh || contains(set, name):
			dst[name] = append(old, val)
		default:
			dst[name] = vals[i : i+1 : i+1]
		}
		if !fresh {
			set = append(set, name)
		}
	}
	text := func(b []byte) string {
		if arena == nil {
			arena = make([]byte, 0, max(64, 2*len(b)))
		}
		start := len(arena)
		arena = append(arena, b...)
		return bytesconv.B2S(arena[start:])
	}
	if length >= 0 {
		// strconv.Itoa returns static strings below 100.
		if length < 100 {
			add("Content-Length", strconv.Itoa(length))
		} else {
			var digits [20]byte
			add("Content-Length", text(strconv.AppendInt(digits[:0], int64(length), 10)))
		}
	}
	for k, v := range h.All() {
		if skipField(h, k, skip) {
			continue
		}
		name, ok := wellKnownName(k)
		if !ok {
			name = text(k)
		}
		val, ok := wellKnownValue(v)
		if !ok {
			val = text(v)
		}
		add(name, val)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func skipField(h *fasthttp.ResponseHeader, k []byte, skip headerSkip) bool {
	switch string(k) {
	case fasthttp.HeaderContentType:
		return skip.contentType
	case fasthttp.HeaderContentLength:
		return skip.contentLength
	case fasthttp.HeaderDate:
		return skip.date
	case fasthttp.HeaderTransferEncoding:
		// net/http frames the body itself.
		return true
	case fasthttp.HeaderTrailer:
		return skip.trailers
	case fasthttp.HeaderConnection, fasthttp.HeaderKeepAlive, "Proxy-Connection", fasthttp.HeaderUpgrade:
		return skip.connection
	}
	if skip.trailers {
		for _, t := range h.PeekTrailerKeys() {
			if bytes.Equal(t, k) {
				return true
			}
		}
	}
	return false
}

// wellKnownName returns the constant string for common field names, so that
// copying them allocates nothing.
func wellKnownName(k []byte) (string, bool) {
	switch string(k) {
	case "Accept-Ranges":
		return "Accept-Ranges", true
	case "Access-Control-Allow-Origin":
		return "Access-Control-Allow-Origin", true
	case "Cache-Control":
		return "Cache-Control", true
	case "Connection":
		return "Connection", true
	case "Content-Disposition":
		return "Content-Disposition", true
	case "Content-Encoding":
		return "Content-Encoding", true
	case "Content-Language":
		return "Content-Language", true
	case "Content-Length":
		return "Content-Length", true
	case "Content-Range":
		return "Content-Range", true
	case "Content-Security-Policy":
		return "Content-Security-Policy", true
	case "Content-Type":
		return "Content-Type", true
	case "Date":
		return "Date", true
	case "Etag":
		return "Etag", true
	case "Expires":
		return "Expires", true
	case "Keep-Alive":
		return "Keep-Alive", true
	case "Last-Modified":
		return "Last-Modified", true
	case "Link":
		return "Link", true
	case "Location":
		return "Location", true
	case "Server":
		return "Server", true
	case "Set-Cookie":
		return "Set-Cookie", true
	case "Strict-Transport-Security":
		return "Strict-Transport-Security", true
	case "Vary":
		return "Vary", true
	case "Www-Authenticate":
		return "Www-Authenticate", true
	case "X-Content-Type-Options":
		return "X-Content-Type-Options", true
	case "X-Frame-Options":
		return "X-Frame-Options", true
	case "X-Powered-By":
		return "X-Powered-By", true
	}
	return "", false
}

// wellKnownValue returns the constant string for common field values.
func wellKnownValue(v []byte) (string, bool) {
	switch string(v) {
	case "":
		return "", true
	case "text/html; charset=utf-8":
		return "text/html; charset=utf-8", true
	case "text/plain; charset=utf-8":
		return "text/plain; charset=utf-8", true
	case "application/json; charset=utf-8":
		return "application/json; charset=utf-8", true
	case "application/octet-stream":
		return "application/octet-stream", true
	case "text/event-stream":
		return "text/event-stream", true
	case "Express":
		return "Express", true
	case "bytes":
		return "bytes", true
	case "close":
		return "close", true
	case "keep-alive":
		return "keep-alive", true
	case "no-cache":
		return "no-cache", true
	case "no-store":
		return "no-store", true
	case "nosniff":
		return "nosniff", true
	case "gzip":
		return "gzip", true
	case "Accept-Encoding":
		return "Accept-Encoding", true
	case "Origin":
		return "Origin", true
	case "Accept":
		return "Accept", true
	case "*":
		return "*", true
	case "public, max-age=0":
		return "public, max-age=0", true
	}
	return "", false
}
