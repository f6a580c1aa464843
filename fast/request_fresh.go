package fast

import (
	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/etag"
)

// Fresh reports whether the response is still fresh in the client's cache,
// as req.fresh: only for GET, HEAD and QUERY with a 2xx or 304 status,
// comparing If-None-Match with the response's ETag and If-Modified-Since
// with its Last-Modified; Cache-Control: no-cache makes it stale.
func (r *Request) Fresh() bool {
	return r.c.fresh(r.c.fctx.Response.StatusCode())
}

// fresh is req.fresh for a response of status st, fasthttp's reading of
// the status code. Its common answer, false for a request without
// If-None-Match and If-Modified-Since, costs the two header lookups and no
// more: the comparison is out of line.
func (c *state) fresh(st int) bool {
	if freshMethods>>uint(c.methodIdx)&1 == 0 || !(uint(st-200) < 100 || st == 304) {
		return false
	}
	h := &c.fctx.Request.Header
	inm := h.PeekCanonical(hIfNoneMatch)
	ims := h.PeekCanonical(hIfModifiedSince)
	if len(inm) == 0 && len(ims) == 0 {
		return false
	}
	return c.freshCompare(inm, ims)
}

// freshMethods has bit i set for the methods (by methodIdx) whose
// responses can be fresh: GET, HEAD and QUERY. A methodIdx of -1 shifts by
// a huge count, which gives 0.
const freshMethods = 1<<methodGet | 1<<methodHead | 1<<methodQuery

// freshCompare is fresh once the request has a conditional header: inm and
// ims are the first values of If-None-Match and If-Modified-Since.
func (c *state) freshCompare(inm, ims []byte) bool {
	rh := &c.fctx.Response.Header
	return etag.Fresh(c.joinedHeader(hIfNoneMatch, inm), bytesconv.B2S(ims),
		c.joinedHeader(hCacheControl, c.fctx.Request.Header.PeekCanonical(hCacheControl)),
		bytesconv.B2S(rh.PeekCanonical(hETag)), bytesconv.B2S(rh.PeekCanonical(hLastModified)))
}

// Stale is the opposite of Fresh, as req.stale.
func (r *Request) Stale() bool { return !r.Fresh() }

// joinedHeader returns a request header as Node gives it to Express: the
// values of repeated lines joined with ", ". first is its first value. An
// empty first value does not end it: Node joins an empty line too
// ("If-None-Match:" then "If-None-Match: x" is ", x").
func (c *state) joinedHeader(name, first []byte) string {
	all := c.fctx.Request.Header.PeekAll(bytesconv.B2S(name))
	if len(all) <= 1 {
		return bytesconv.B2S(first)
	}
	start := len(c.scratch)
	for i, v := range all {
		if i > 0 {
			c.scratch = append(c.scratch, ',', ' ')
		}
		c.scratch = append(c.scratch, v...)
	}
	return bytesconv.B2S(c.scratch[start:])
}
