package negotiate

import "github.com/fwgo/fw/internal/ecma"

// token is one entry of Accept-Charset or Accept-Encoding: negotiator's
// parseCharset and parseEncoding, which share
// /^\s*([^\s;]+)\s*(?:;(.*))?$/ and read q from the first parameter that
// is exactly "q" after trimming (q=NaN when it has no '=').
type token struct {
	name string
	q    float64
}

func parseToken(s string) (t token, ok bool) {
	i := ecma.SkipSpace(s, 0)
	start := i
	for i < len(s) && !ecma.IsSpace(s[i]) && s[i] != ';' {
		i++
	}
	if i == start {
		return t, false
	}
	t.name, t.q = s[start:i], 1
	i = ecma.SkipSpace(s, i)
	if i == len(s) {
		return t, true
	}
	if s[i] != ';' || hasLineBreak(s[i+1:]) {
		return t, false
	}
	params := s[i+1:]
	for params != "" {
		p := params
		if j := indexByte(params, ';'); j >= 0 {
			p, params = params[:j], params[j+1:]
		} else {
			params = ""
		}
		// p.trim().split('='): p[0] is the text before the first '=', p[1]
		// the text between the first and the second.
		p = ecma.Trim(p)
		key, rest, hasValue := splitParam(p)
		if key == "q" {
			t.q = nan
			if hasValue {
				value, _, _ := splitParam(rest)
				t.q = ecma.ParseFloat(value)
			}
			break
		}
	}
	return t, true
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// nextPiece returns the ','-separated piece of header starting at pos and
// where the next starts (-1 after the last), as header.split(',') gives
// them; an empty header has one empty piece.
func nextPiece(header string, pos int) (piece string, next int) {
	if pos < 0 || pos > len(header) {
		return "", -1
	}
	if j := indexByte(header[pos:], ','); j >= 0 {
		return header[pos : pos+j], pos + j + 1
	}
	return header[pos:], len(header) + 1
}

// extraEntry is one more header entry after the parsed ones: the implicit
// identity of Accept-Encoding, when ok.
type extraEntry struct {
	t     token
	index int
	ok    bool
}

// tokenPriority is negotiator's getCharsetPriority/getEncodingPriority for
// the offer at index i.
func tokenPriority(header, offer string, i int, extra extraEntry) priority {
	p := none(i)
	consider := func(t token, e int) {
		if equalFold(t.name, offer) || t.name == "*" {
			s := 0
			if equalFold(t.name, offer) {
				s = 1
			}
			if c := (priority{q: t.q, s: s, o: e, i: i}); replaces(p, c) {
				p = c
			}
		}
	}
	e := 0
	for piece, next := nextPiece(header, 0); next >= 0; piece, next = nextPiece(header, next) {
		if t, ok := parseToken(ecma.Trim(piece)); ok {
			consider(t, e)
		}
		e++
	}
	if extra.ok {
		consider(extra.t, extra.index)
	}
	return p
}

// Charset is req.acceptsCharsets(offers...): the offer Accept-Charset
// prefers, exactly as given, or false. A missing header accepts everything
// (the first offer wins); an empty one accepts nothing. Offers are compared
// with the header's charsets ignoring case, as whole strings. An empty
// offer is never returned (accepts turns it into false). It allocates
// nothing.
func Charset(header string, present bool, offers ...string) (string, bool) {
	if !present {
		header = "*"
	}
	return bestToken(header, offers, extraEntry{})
}

// bestToken returns the offer whose tokenPriority sorts first.
func bestToken(header string, offers []string, extra extraEntry) (string, bool) {
	best, found := priority{}, false
	for i, offer := range offers {
		p := tokenPriority(header, offer, i, extra)
		if acceptable(p) && (!found || before(p, best)) {
			best, found = p, true
		}
	}
	// accepts answers negotiator's first || false: an empty offer is false.
	if !found || offers[best.i] == "" {
		return "", false
	}
	return offers[best.i], true
}

// Charsets is req.acceptsCharsets() without arguments: the charsets of
// Accept-Charset with q > 0, by preference. A missing header gives ["*"].
func Charsets(header string, present bool) []string {
	return PreferredCharsets(header, present, nil)
}

// PreferredCharsets is negotiator's charsets(available): the acceptable
// offers by preference, or the header's own charsets when available is nil.
func PreferredCharsets(header string, present bool, available []string) []string {
	if !present {
		header = "*"
	}
	return preferredTokens(header, available, extraEntry{})
}

// preferredTokens implements the list forms for charsets and encodings.
func preferredTokens(header string, available []string, extra extraEntry) []string {
	if available == nil {
		var list []listed
		e := 0
		for piece, next := nextPiece(header, 0); next >= 0; piece, next = nextPiece(header, next) {
			if t, ok := parseToken(ecma.Trim(piece)); ok && t.q > 0 {
				list = append(list, listed{t.name, priority{q: t.q, i: e}})
			}
			e++
		}
		if extra.ok && extra.t.q > 0 {
			list = append(list, listed{extra.t.name, priority{q: extra.t.q, i: extra.index}})
		}
		return sortListed(list)
	}
	ps := make([]priority, 0, len(available))
	for i, offer := range available {
		if p := tokenPriority(header, offer, i, extra); acceptable(p) {
			ps = append(ps, p)
		}
	}
	return sortOffers(ps, available)
}
