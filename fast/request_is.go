package fast

import "github.com/fwgo/fw/internal/mediatype"

// Is reports which of types the request's Content-Type matches, as
// req.is(types): types are MIME types ("application/json"), extension names
// ("json"), "urlencoded", "multipart", "+json" suffixes or wildcards
// ("*/json", "application/*"); parameters such as charset are ignored. It
// returns the first matching type as given, or, for a wildcard or suffix
// match, the request's normalized type ("application/json"); with no types,
// the normalized type itself. ok is false when nothing matches, when the
// Content-Type is missing or invalid, and when the request has no body:
// Express's false and null are both ok == false; HasBody tells them apart.
// A match against a fixed type allocates nothing.
// The type returned is one of types or a string valid until the request ends.
//
// On an app of NewLegacy3 it answers as Express 3's req.is(type): see
// Legacy3Request.Is, for types[0] only; TypeIs answers as type-is on
// every app.
func (r *Request) Is(types ...string) (string, bool) {
	if r.c.top.legacy != nil && len(types) > 0 { // Express 3 (legacy_is.go)
		return r.legacyIs(types)
	}
	return r.TypeIs(types...)
}

// HasBody reports whether the request has a body, as type-is's hasBody
// decides it: it has a Transfer-Encoding header or a numeric Content-Length
// ("Content-Length: 0" counts, as an empty body). Without a body, Express's
// req.is returns null.
func (r *Request) HasBody() bool {
	c := r.c
	_, te := c.requestHeader(hTransferEnc)
	cl, hasCL := c.requestHeader(hContentLength)
	return mediatype.HasBody(te, cl, hasCL)
}
