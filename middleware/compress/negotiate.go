package compress

import (
	"strconv"
	"strings"
)

// acceptEncoding is one entry of Accept-Encoding, as negotiator 0.5.3
// parses it.
type acceptEncoding struct {
	encoding string
	q        float64
	i        int
}

// priority is negotiator 0.5.3's priority of an offered encoding.
type priority struct {
	i int // index of the offer
	o int // the i of the entry that matched
	q float64
	s int
}

// method is compression 1.5.2's choice of encoding for an Accept-Encoding
// header: accepts(req).encoding(['gzip', 'deflate', 'identity']), then,
// as it does not prefer deflate, encoding(['gzip', 'identity']) when that
// gave deflate and gzip is acceptable too. It returns "gzip", "deflate",
// "identity" or "" (none acceptable).
func method(header string) string {
	accepts := parseAcceptEncoding(header)
	m := negotiate(accepts, "gzip", "deflate", "identity")
	if m == "deflate" && negotiate(accepts, "gzip") != "" {
		m = negotiate(accepts, "gzip", "identity")
	}
	return m
}

// negotiate is negotiator 0.5.3's preferredEncodings(accept,
// provided)[0], or "" when no offer is acceptable.
func negotiate(accepts []acceptEncoding, provided ...string) string {
	best, bestIdx := priority{}, -1
	for idx, enc := range provided {
		p := priority{o: -1}
		for _, a := range accepts {
			s := 0
			if strings.EqualFold(a.encoding, enc) {
				s = 1
			} else if a.encoding != "*" {
				continue
			}
			if spec := (priority{i: idx, o: a.i, q: a.q, s: s}); better(spec, p) {
				p = spec
			}
		}
		if !(p.q > 0) {
			continue // isQuality
		}
		// The first of the sorted list: the sort is stable, so an earlier
		// offer wins a tie.
		if bestIdx < 0 || compareSpecs(p, best) < 0 {
			best, bestIdx = p, idx
		}
	}
	if bestIdx < 0 {
		return ""
	}
	return provided[bestIdx]
}

// better reports whether spec wins over cur in getEncodingPriority:
// (cur.s - spec.s || cur.q - spec.q || cur.o - spec.o) < 0, where a NaN
// difference, being falsy, passes on to the next one.
func better(spec, cur priority) bool {
	if d := cur.s - spec.s; d != 0 {
		return d < 0
	}
	if d := cur.q - spec.q; d != 0 && d == d {
		return d < 0
	}
	return cur.o-spec.o < 0
}

// compareSpecs is negotiator 0.5.3's comparator: (b.q - a.q) || (b.s -
// a.s) || (a.o - b.o) || (a.i - b.i). Both qualities are above 0 here.
func compareSpecs(a, b priority) int {
	switch {
	case b.q > a.q:
		return 1
	case b.q < a.q:
		return -1
	case b.s != a.s:
		return b.s - a.s
	case a.o != b.o:
		return a.o - b.o
	}
	return a.i - b.i
}

// parseAcceptEncoding is negotiator 0.5.3's: the entries it can parse,
// then, unless identity or * is among them, an implicit identity entry at
// the lowest quality of the header.
func parseAcceptEncoding(header string) []acceptEncoding {
	parts := strings.Split(header, ",")
	out := make([]acceptEncoding, 0, len(parts)+1)
	hasIdentity := false
	minQ := 1.0
	for i, part := range parts {
		a, ok := parseEncoding(trimJS(part), i)
		if !ok {
			continue
		}
		out = append(out, a)
		if strings.EqualFold(a.encoding, "identity") || a.encoding == "*" {
			hasIdentity = true
		}
		q := a.q
		if q == 0 || q != q {
			q = 1 // encoding.q || 1
		}
		minQ = min(minQ, q)
	}
	if !hasIdentity {
		out = append(out, acceptEncoding{encoding: "identity", q: minQ, i: len(parts)})
	}
	return out
}

// parseEncoding is negotiator 0.5.3's parseEncoding of a trimmed entry:
// /^\s*(\S+?)\s*(?:;(.*))?$/ and the q parameter. As its parameter loop
// reuses the variable i, an entry with parameters gets as its index the
// position of its q parameter among them, or their count when it has none.
func parseEncoding(s string, i int) (acceptEncoding, bool) {
	// The lazy name ends at the first ';' after its first character, or
	// at the end of the first run of non-space characters.
	run := 0
	for run < len(s) && jsSpace(s[run:]) == 0 {
		run++
	}
	if run == 0 {
		return acceptEncoding{}, false
	}
	name, params, hasParams := s[:run], "", false
	if k := strings.IndexByte(s[1:run], ';'); k >= 0 {
		name, params, hasParams = s[:k+1], s[k+2:], true
	} else if rest := trimLeftJS(s[run:]); rest != "" {
		if rest[0] != ';' {
			return acceptEncoding{}, false
		}
		params, hasParams = rest[1:], true
	}
	if hasParams && lineTerminator(params) {
		return acceptEncoding{}, false // (.*) stops at a line terminator
	}
	q := 1.0
	if params != "" {
		ps := strings.Split(params, ";")
		i = len(ps)
		for j, p := range ps {
			kv := strings.Split(trimJS(p), "=")
			if kv[0] == "q" {
				if len(kv) > 1 {
					q = parseFloat(kv[1])
				} else {
					q = nan // parseFloat(undefined)
				}
				i = j
				break
			}
		}
	}
	return acceptEncoding{encoding: name, q: q, i: i}, true
}

// lineTerminator reports whether s holds a character JavaScript's '.' does
// not match.
func lineTerminator(s string) bool {
	return strings.ContainsAny(s, "\n\r\u2028\u2029")
}

// parseFloat is JavaScript's parseFloat: the longest decimal prefix after
// leading white space, NaN when there is none.
func parseFloat(s string) float64 {
	s = trimLeftJS(s)
	for _, inf := range []struct {
		p string
		v float64
	}{{"Infinity", posInf}, {"+Infinity", posInf}, {"-Infinity", -posInf}} {
		if strings.HasPrefix(s, inf.p) {
			return inf.v
		}
	}
	// sign? digits* (. digits*)? ((e|E) sign? digits+)?, with a digit in
	// the mantissa.
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return nan
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		if k > j {
			i = k
		}
	}
	// The prefix is well formed: the only error is ErrRange, whose
	// result (±Inf, or 0) is JavaScript's.
	f, _ := strconv.ParseFloat(s[:i], 64)
	return f
}

func trimJS(s string) string {
	s = trimLeftJS(s)
	for len(s) > 0 {
		i := len(s) - 1
		for i > 0 && s[i]&0xC0 == 0x80 {
			i--
		}
		if jsSpace(s[i:]) != len(s)-i {
			break
		}
		s = s[:i]
	}
	return s
}

func trimLeftJS(s string) string {
	for len(s) > 0 {
		n := jsSpace(s)
		if n == 0 {
			break
		}
		s = s[n:]
	}
	return s
}
