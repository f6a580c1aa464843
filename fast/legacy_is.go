package fast

import (
	"strings"

	"github.com/fwgo/fw/internal/mediatype"
	"github.com/fwgo/fw/internal/mime"
)

// Is reports whether the request's Content-Type is typ, as req.is(type) of
// Express 3, which differs from 4.x's type-is: it reads the header whether
// or not the request has a body (false without the header), compares it as
// written (case-sensitively, up to the first ';', spaces kept), looks a
// type without '/' up in mime's table (an unknown one is
// "application/octet-stream"), matches a type with '*' part by part
// ("text/*", "*/json"; "*/*" only matches itself) and any other type as a
// substring of the header ("json" matches "application/json-patch+json").
func (l Legacy3Request) Is(typ string) bool {
	return legacyIs(l.r.Get("Content-Type"), typ)
}

// legacyIs is Express 3's req.is(typ) for the Content-Type ct ("" when
// absent).
func legacyIs(ct, typ string) bool {
	if ct == "" {
		return false
	}
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	if strings.IndexByte(typ, '/') < 0 {
		typ = mime.Send.Lookup(typ)
	}
	if strings.IndexByte(typ, '*') < 0 {
		return strings.Contains(ct, typ)
	}
	tMain, tSub, _ := jsSplit2(typ)
	cMain, cSub, cHasSub := jsSplit2(ct)
	if tMain == "*" && cHasSub && tSub == cSub {
		return true
	}
	return tSub == "*" && tMain == cMain
}

// jsSplit2 returns the first two parts of s.split('/') and whether there is
// a second one (JavaScript's undefined otherwise).
func jsSplit2(s string) (first, second string, ok bool) {
	first, rest, ok := strings.Cut(s, "/")
	if ok {
		second, _, _ = strings.Cut(rest, "/")
	}
	return first, second, ok
}

// TypeIs is type-is's typeis(req, types), Request.Is of an app made by New,
// whatever the app's profile: middleware that must recognise a body as
// Express 4's and connect 2's type-is does (a body parser) calls TypeIs,
// since Is answers as Express 3's req.is on an app of NewLegacy3. See Is
// for the types, the result and its lifetime.
func (r *Request) TypeIs(types ...string) (string, bool) {
	if !r.HasBody() {
		return "", false
	}
	ct, _ := r.c.requestHeader(hContentType)
	return mediatype.Is(ct, types...)
}

// legacyIs is Request.Is on a 3.x app: req.is(types[0]) of Express 3
// (Legacy3Request.Is), which takes one type; the others are not read, as
// Express 3 does not read them. It answers types[0] when it matches.
func (r *Request) legacyIs(types []string) (string, bool) {
	if r.Legacy3().Is(types[0]) {
		return types[0], true
	}
	return "", false
}
