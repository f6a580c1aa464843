package negotiate

import (
	"math"

	"github.com/fwgo/fw/internal/ecma"
)

// mediaRange is one parsed Accept entry or offer: negotiator's
// parseMediaType.
type mediaRange struct {
	typ, sub string
	full     string // typ + "/" + sub, a substring of the input
	params   string // the text after the first ';', "" when none
}

// parseMediaRange matches s against
// /^\s*([^\s\/;]+)\/([^;\s]+)\s*(?:;(.*))?$/.
func parseMediaRange(s string) (r mediaRange, ok bool) {
	i := ecma.SkipSpace(s, 0)
	start := i
	for i < len(s) && !ecma.IsSpace(s[i]) && s[i] != '/' && s[i] != ';' {
		i++
	}
	if i == start || i == len(s) || s[i] != '/' {
		return r, false
	}
	r.typ = s[start:i]
	i++
	subStart := i
	for i < len(s) && !ecma.IsSpace(s[i]) && s[i] != ';' {
		i++
	}
	if i == subStart {
		return r, false
	}
	r.sub = s[subStart:i]
	r.full = s[start:i]
	i = ecma.SkipSpace(s, i)
	if i < len(s) {
		if s[i] != ';' || hasLineBreak(s[i+1:]) {
			return r, false
		}
		r.params = s[i+1:]
	}
	return r, true
}

// quality returns the q of a media range: parseFloat of the first parameter
// named q (any case), NaN when it has no '=', 1 when there is none.
func quality(params string) float64 {
	for p, next := nextParam(params, 0); next >= 0; p, next = nextParam(params, next) {
		key, value, hasValue := splitParam(p)
		if equalFold(key, "q") {
			if !hasValue {
				return math.NaN()
			}
			return ecma.ParseFloat(unquote(value))
		}
	}
	return 1
}

// nextParam returns the parameter of params starting at pos, trimmed, and
// where the next one starts (-1 after the last): negotiator's
// splitParameters, which splits at ';' outside double quotes. An empty
// params has no parameters (negotiator skips an empty match).
func nextParam(params string, pos int) (param string, next int) {
	if params == "" || pos < 0 || pos > len(params) {
		return "", -1
	}
	quotes := 0
	for i := pos; i < len(params); i++ {
		switch params[i] {
		case '"':
			quotes++
		case ';':
			if quotes%2 == 0 {
				return ecma.Trim(params[pos:i]), i + 1
			}
		}
	}
	return ecma.Trim(params[pos:]), len(params) + 1
}

// splitParam is negotiator's splitKeyValuePair: the key before the first
// '=', and the value after it if there is one.
func splitParam(p string) (key, value string, hasValue bool) {
	for i := 0; i < len(p); i++ {
		if p[i] == '=' {
			return p[:i], p[i+1:], true
		}
	}
	return p, "", false
}

// unquote removes one pair of surrounding double quotes, as negotiator
// does: val.substr(1, val.length - 2) when val starts and ends with '"'.
func unquote(v string) string {
	if v != "" && v[0] == '"' && v[len(v)-1] == '"' {
		if len(v) == 1 {
			return ""
		}
		return v[1 : len(v)-1]
	}
	return v
}

// paramValue returns the value negotiator's params object holds for key in
// params: the last value given before the q parameter (keys compared after
// toLowerCase). defined is false when key is absent or has no '='.
func paramValue(params, key string) (value string, defined, present bool) {
	for p, next := nextParam(params, 0); next >= 0; p, next = nextParam(params, next) {
		k, v, hasValue := splitParam(p)
		if equalFold(k, "q") {
			break
		}
		if equalFold(k, key) {
			value, defined, present = "", false, true
			if hasValue {
				value, defined = unquote(v), true
			}
		}
	}
	return value, defined, present
}

// paramsMatch is negotiator's check that every parameter of the header
// entry spec (before its q) is "*" or equals, ignoring case, the offer's
// value for it (a missing value counting as ""). has is false when spec has
// no parameters. Up to smallParams parameters are compared in place; more
// go through maps, so that a hostile header costs linear time.
func paramsMatch(spec, offer string) (has, match bool) {
	n := 0
	for p, next := nextParam(spec, 0); next >= 0; p, next = nextParam(spec, next) {
		k, _, _ := splitParam(p)
		if equalFold(k, "q") {
			break
		}
		n++
	}
	if n == 0 {
		return false, true
	}
	if n > smallParams || countParams(offer) > smallParams {
		return true, paramsMatchMap(spec, offer)
	}
	for p, next := nextParam(spec, 0); next >= 0; p, next = nextParam(spec, next) {
		k, _, _ := splitParam(p)
		if equalFold(k, "q") {
			break
		}
		// Only the last occurrence of a key counts; check each key there.
		if later(spec, next, k) {
			continue
		}
		sv, sdef, _ := paramValue(spec, k)
		if sdef && sv == "*" {
			continue
		}
		ov, _, _ := paramValue(offer, k)
		if !equalFold(sv, ov) {
			return true, false
		}
	}
	return true, true
}

// smallParams bounds the parameter count compared without maps.
const smallParams = 16

func countParams(params string) int {
	n := 0
	for _, next := nextParam(params, 0); next >= 0; _, next = nextParam(params, next) {
		n++
	}
	return n
}

// paramMap is negotiator's params object: lower-cased keys before q, each
// with its last value ("" for a key without '=').
func paramMap(params string) map[string]string {
	m := map[string]string{}
	for p, next := nextParam(params, 0); next >= 0; p, next = nextParam(params, next) {
		k, v, _ := splitParam(p)
		if equalFold(k, "q") {
			break
		}
		m[lowerString(k)] = unquote(v)
	}
	return m
}

func paramsMatchMap(spec, offer string) bool {
	o := paramMap(offer)
	for k, v := range paramMap(spec) {
		if v != "*" && !equalFold(v, o[k]) {
			return false
		}
	}
	return true
}

// lowerString is JavaScript's toLowerCase on a Latin-1 string.
func lowerString(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = lowerByte(c)
	}
	return string(b)
}

// later reports whether key occurs again in spec from pos on, before q.
func later(spec string, pos int, key string) bool {
	for p, next := nextParam(spec, pos); next >= 0; p, next = nextParam(spec, next) {
		k, _, _ := splitParam(p)
		if equalFold(k, "q") {
			return false
		}
		if equalFold(k, key) {
			return true
		}
	}
	return false
}

// specifyMedia is negotiator's specify(type, spec) for media types: how
// specifically the header entry spec matches the offer, or ok false.
func specifyMedia(offer, spec *mediaRange) (s int, ok bool) {
	if equalFold(spec.typ, offer.typ) {
		s |= 4
	} else if spec.typ != "*" {
		return 0, false
	}
	if equalFold(spec.sub, offer.sub) {
		s |= 2
	} else if spec.sub != "*" {
		return 0, false
	}
	if has, match := paramsMatch(spec.params, offer.params); has {
		if !match {
			return 0, false
		}
		s |= 1
	}
	return s, true
}

// nextMediaEntry returns the entry of an Accept header starting at pos and
// where the next starts (-1 after the last): negotiator's splitMediaTypes,
// which splits at ',' outside double quotes. An empty header has one empty
// entry, as splitting the empty string at ',' does in JavaScript.
func nextMediaEntry(accept string, pos int) (entry string, next int) {
	if pos < 0 || pos > len(accept) {
		return "", -1
	}
	quotes := 0
	for i := pos; i < len(accept); i++ {
		switch accept[i] {
		case '"':
			quotes++
		case ',':
			if quotes%2 == 0 {
				return accept[pos:i], i + 1
			}
		}
	}
	return accept[pos:], len(accept) + 1
}

// acceptEntry is a parsed Accept entry with its index among the entries
// (counting those that do not parse) and its q, read on first use.
type acceptEntry struct {
	r     mediaRange
	e     int
	q     float64
	haveQ bool
}

func (a *acceptEntry) quality() float64 {
	if !a.haveQ {
		a.q, a.haveQ = quality(a.r.params), true
	}
	return a.q
}

// acceptEntries is negotiator's parseAccept: the entries of accept that
// parse, appended to dst.
func acceptEntries(dst []acceptEntry, accept string) []acceptEntry {
	e := 0
	for entry, next := nextMediaEntry(accept, 0); next >= 0; entry, next = nextMediaEntry(accept, next) {
		if r, ok := parseMediaRange(ecma.Trim(entry)); ok {
			dst = append(dst, acceptEntry{r: r, e: e})
		}
		e++
	}
	return dst
}

// mediaPriority is negotiator's getMediaTypePriority for the offer at index
// i: the best match among the Accept entries.
func mediaPriority(entries []acceptEntry, offer string, i int) priority {
	p := none(i)
	o, ok := parseMediaRange(offer)
	if !ok {
		return p
	}
	for k := range entries {
		spec := &entries[k]
		if s, ok := specifyMedia(&o, &spec.r); ok {
			if c := (priority{q: spec.quality(), s: s, o: spec.e, i: i}); replaces(p, c) {
				p = c
			}
		}
	}
	return p
}
