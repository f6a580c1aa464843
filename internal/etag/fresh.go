package etag

import "github.com/fwgo/fw/internal/ecma"

// Fresh reports whether a response is still fresh in the client's cache,
// as fresh(reqHeaders, resHeaders) does. Arguments are the request's
// If-None-Match, If-Modified-Since and Cache-Control values and the
// response's ETag and Last-Modified values; an empty string means the
// header is absent (fresh treats an empty header as absent too).
//
// The request values must be what Node gives Express: repeated
// If-None-Match and Cache-Control lines joined with ", ", and only the
// first If-Modified-Since line. Express's req.fresh calls this only for
// GET, HEAD and QUERY requests whose response status is 2xx or 304.
//
// The rules: no conditional header means stale; a "no-cache" directive in
// Cache-Control means stale; If-None-Match other than "*" must list the
// response's ETag (weak comparison, `W/` ignored on either side) or it is
// stale; If-Modified-Since requires a Last-Modified no later than it, both
// read by JavaScript's Date.parse (see ParseDate), or it is stale.
func Fresh(ifNoneMatch, ifModifiedSince, cacheControl, etag, lastModified string) bool {
	if ifModifiedSince == "" && ifNoneMatch == "" {
		return false
	}
	if cacheControl != "" && hasNoCache(cacheControl) {
		return false
	}
	if ifNoneMatch != "" && ifNoneMatch != "*" {
		if etag == "" || !ListMatches(ifNoneMatch, etag) {
			return false
		}
	}
	if ifModifiedSince != "" {
		if lastModified == "" {
			return false
		}
		lm, ok1 := ParseDate(lastModified)
		ims, ok2 := ParseDate(ifModifiedSince)
		if !ok1 || !ok2 || lm > ims {
			return false
		}
	}
	return true
}

// ListMatches reports whether the If-None-Match (or If-Match) list header
// names etag under fresh's weak comparison: an element matches when it
// equals etag, or equals it once one side's `W/` prefix is dropped.
// Elements are separated by ',' with spaces (not tabs) trimmed; "*" is not
// special here (Fresh handles a bare "*"). send's If-Match check is
// !ListMatches with the same comparison.
func ListMatches(header, etag string) bool {
	start, end := 0, 0
	for i := 0; i < len(header); i++ {
		switch header[i] {
		case ' ':
			if start == end {
				start, end = i+1, i+1
			}
		case ',':
			if weakEqual(header[start:end], etag) {
				return true
			}
			start, end = i+1, i+1
		default:
			end = i + 1
		}
	}
	return weakEqual(header[start:end], etag)
}

func weakEqual(match, etag string) bool {
	return match == etag ||
		len(match) >= 2 && match[:2] == "W/" && match[2:] == etag ||
		len(etag) >= 2 && etag[:2] == "W/" && etag[2:] == match
}

// hasNoCache matches fresh's /(?:^|,)\s*?no-cache\s*?(?:,|$)/: some
// comma-separated element is "no-cache" once JavaScript white space is
// trimmed from both ends. The match is case-sensitive.
func hasNoCache(s string) bool {
	for len(s) > 0 {
		elem := s
		comma := -1
		for i := 0; i < len(s); i++ {
			if s[i] == ',' {
				comma = i
				break
			}
		}
		if comma >= 0 {
			elem, s = s[:comma], s[comma+1:]
		} else {
			s = ""
		}
		for len(elem) > 0 && ecma.IsSpace(elem[0]) {
			elem = elem[1:]
		}
		for len(elem) > 0 && ecma.IsSpace(elem[len(elem)-1]) {
			elem = elem[:len(elem)-1]
		}
		if elem == "no-cache" {
			return true
		}
	}
	return false
}
