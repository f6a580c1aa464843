package static

import (
	"os"
	"strings"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/etag"
	"github.com/fwgo/fw/internal/rangeparser"
)

type rangeT = rangeparser.Range

// Canonical header names send reads and writes.
var (
	hIfMatch           = []byte("If-Match")
	hIfNoneMatch       = []byte("If-None-Match")
	hIfModifiedSince   = []byte("If-Modified-Since")
	hIfUnmodifiedSince = []byte("If-Unmodified-Since")
	hIfRange           = []byte("If-Range")
	hRange             = []byte("Range")
	hCacheControl      = []byte("Cache-Control")
	hAcceptRanges      = []byte("Accept-Ranges")
	hLastModified      = []byte("Last-Modified")
	hETag              = []byte("Etag")
	hContentRange      = []byte("Content-Range")
	vBytes             = []byte("bytes")
	contentHeaders     = [][]byte{[]byte("Content-Encoding"), []byte("Content-Language"), hContentRange}
)

// transfer is SendStream.prototype.send for a chosen file: the headers,
// the conditional request, the range, then the body.
func (s *Sender) transfer(ctx *fasthttp.RequestCtx, sc *scratch, e *entry, hook HeadersFunc) result {
	var f *os.File
	size, info := e.size, e.info
	etagV, lastMod := e.etag, e.lastMod
	if !e.cached {
		// Streamed from disk: the headers describe the file opened, so
		// that they match the bytes sent even if it changed since the
		// cached stat.
		var err error
		if f, err = openFile(e.path); err != nil {
			return result{err: fsError(err, "open", e.path), file: true}
		}
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() {
			f.Close()
			if err == nil {
				err = &os.PathError{Op: "open", Path: e.path, Err: errNotRegular}
			}
			return result{err: fsError(err, "open", e.path), file: true}
		}
		if !sameFile(e.info, fi) {
			s.cache.invalidate(e.path)
			size, info = fi.Size(), fi
			sc.a = etag.AppendStat(sc.a[:0], size, fi.ModTime(), true)
			etagV = sc.a
			sc.b = fasthttp.AppendHTTPDate(sc.b[:0], fi.ModTime())
			lastMod = sc.b
		}
	}
	r := s.respond(ctx, sc, e, size, info, etagV, lastMod, f, hook)
	if f != nil && !r.streaming {
		f.Close()
	}
	return r.result
}

type respondResult struct {
	result
	streaming bool // the file was handed to the response
}

func (s *Sender) respond(ctx *fasthttp.RequestCtx, sc *scratch, e *entry, size int64, info os.FileInfo,
	etagV, lastMod []byte, f *os.File, hook HeadersFunc) respondResult {
	resp := &ctx.Response
	h := &resp.Header
	h.SetNoDefaultContentType(true)
	if hook != nil {
		hook(e.path, info)
	}
	o := &s.o
	if o.acceptRanges && len(h.PeekCanonical(hAcceptRanges)) == 0 {
		h.SetCanonical(hAcceptRanges, vBytes)
	}
	if o.cacheControl && len(h.PeekCanonical(hCacheControl)) == 0 {
		h.SetCanonical(hCacheControl, o.cacheHeader)
	}
	if o.lastModified && len(h.PeekCanonical(hLastModified)) == 0 {
		h.SetCanonical(hLastModified, lastMod)
	}
	if o.etag && len(h.PeekCanonical(hETag)) == 0 {
		h.SetCanonical(hETag, etagV)
	}
	if len(h.ContentType()) == 0 {
		h.SetContentTypeBytes(e.ctype)
	}

	rq := &ctx.Request.Header
	ifMatch := joined(sc, rq, hIfMatch)
	ifUnmodified := bytesconv.B2S(rq.PeekCanonical(hIfUnmodifiedSince))
	ifNoneMatch := joined(sc, rq, hIfNoneMatch)
	ifModified := bytesconv.B2S(rq.PeekCanonical(hIfModifiedSince))
	if ifMatch != "" || ifUnmodified != "" || ifNoneMatch != "" || ifModified != "" {
		if preconditionFailed(h, ifMatch, ifUnmodified) {
			return respondResult{result: result{status: 412, file: true}}
		}
		if st := resp.StatusCode(); (st >= 200 && st < 300 || st == 304) &&
			etag.Fresh(ifNoneMatch, ifModified, joined(sc, rq, hCacheControl),
				bytesconv.B2S(h.PeekCanonical(hETag)), bytesconv.B2S(h.PeekCanonical(hLastModified))) {
			notModified(resp)
			return respondResult{}
		}
	}

	offset := o.start
	n := max(0, size-offset)
	if o.hasEnd {
		if b := o.end - offset + 1; n > b {
			n = max(0, b)
		}
	}
	if o.acceptRanges {
		if rng := joined(sc, rq, hRange); isBytesRange(rng) {
			ranges, _, res := rangeparser.Parse(sc.ranges[:0], n, rng, true)
			sc.ranges = ranges[:0]
			if !rangeFresh(h, rq) {
				res = rangeparser.Malformed
			}
			if res == rangeparser.Unsatisfiable {
				sc.d = appendInt(append(sc.d[:0], "bytes */"...), n)
				h.SetCanonical(hContentRange, sc.d)
				return respondResult{result: result{status: 416, file: true, rangeSz: n}}
			}
			if res == rangeparser.OK && len(ranges) == 1 {
				resp.SetStatusCode(206)
				rg := ranges[0]
				sc.d = append(sc.d[:0], "bytes "...)
				sc.d = appendInt(sc.d, rg.Start)
				sc.d = append(sc.d, '-')
				sc.d = appendInt(sc.d, rg.End)
				sc.d = append(sc.d, '/')
				sc.d = appendInt(sc.d, n)
				h.SetCanonical(hContentRange, sc.d)
				offset += rg.Start
				n = rg.End - rg.Start + 1
			}
		}
	}

	if ctx.IsHead() {
		resp.ResetBody()
		h.SetContentLength(int(n))
		return respondResult{}
	}
	if f == nil {
		end := min(offset+n, int64(len(e.data)))
		resp.SetBodyRaw(e.data[min(offset, end):end])
		return respondResult{}
	}
	if offset > 0 {
		if _, err := f.Seek(offset, 0); err != nil {
			return respondResult{result: result{err: fsError(err, "read", e.path), file: true}}
		}
	}
	resp.SetBodyStream(newFileBody(f, n), int(n))
	return respondResult{streaming: true}
}

// notModified is send's 304: the content headers removed, no body.
func notModified(resp *fasthttp.Response) {
	h := &resp.Header
	for _, k := range contentHeaders {
		if len(h.PeekCanonical(k)) != 0 {
			h.DelBytes(k)
		}
	}
	h.SetContentTypeBytes(nil)
	resp.ResetBody()
	resp.SetStatusCode(304)
}

// preconditionFailed is send's isPreconditionFailure: If-Match against the
// response's ETag, else If-Unmodified-Since against its Last-Modified.
func preconditionFailed(h *fasthttp.ResponseHeader, ifMatch, ifUnmodified string) bool {
	if ifMatch != "" {
		tag := bytesconv.B2S(h.PeekCanonical(hETag))
		return tag == "" || ifMatch != "*" && !etag.ListMatches(ifMatch, tag)
	}
	since, ok := etag.ParseDate(ifUnmodified)
	if ifUnmodified == "" || !ok {
		return false
	}
	lm, ok := etag.ParseDate(bytesconv.B2S(h.PeekCanonical(hLastModified)))
	return !ok || lm > since
}

// rangeFresh is send's isRangeFresh: If-Range as an ETag (it holds a
// quote) or as a date.
func rangeFresh(h *fasthttp.ResponseHeader, rq *fasthttp.RequestHeader) bool {
	ifRange := bytesconv.B2S(rq.PeekCanonical(hIfRange))
	if ifRange == "" {
		return true
	}
	if strings.IndexByte(ifRange, '"') >= 0 {
		tag := bytesconv.B2S(h.PeekCanonical(hETag))
		return tag != "" && strings.Contains(ifRange, tag)
	}
	lm, ok1 := etag.ParseDate(bytesconv.B2S(h.PeekCanonical(hLastModified)))
	since, ok2 := etag.ParseDate(ifRange)
	return ok1 && ok2 && lm <= since
}

// isBytesRange is send's BYTES_RANGE_REGEXP, /^ *bytes=/.
func isBytesRange(s string) bool {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return len(s)-i >= 6 && s[i:i+6] == "bytes="
}

// joined returns a request header as Node gives it to send: the values of
// repeated lines joined with ", ". The result is valid until sc's buffer
// d is used again.
func joined(sc *scratch, rq *fasthttp.RequestHeader, name []byte) string {
	// An empty first line does not end the value: Node joins it too
	// ("If-None-Match:" then "If-None-Match: x" is ", x").
	all := rq.PeekAll(bytesconv.B2S(name))
	switch len(all) {
	case 0:
		return ""
	case 1:
		return bytesconv.B2S(all[0]) // the header's own value, as PeekCanonical's
	}
	sc.c = sc.c[:0]
	for i, v := range all {
		if i > 0 {
			sc.c = append(sc.c, ',', ' ')
		}
		sc.c = append(sc.c, v...)
	}
	return string(sc.c)
}
