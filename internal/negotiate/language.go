package negotiate

import "github.com/fwgo/fw/internal/ecma"

// lang is one Accept-Language entry or offer: negotiator's parseLanguage.
type lang struct {
	prefix string
	full   string // prefix, or prefix + "-" + suffix, a substring
	q      float64
}

// parseLang matches s against
// /^\s*([^\s\-;]+)(?:-([^\s;]+))?\s*(?:;(.*))?$/ and reads q from every
// parameter written exactly "q=..." (the last wins; no trimming, so
// "; q=0.5" is not read).
func parseLang(s string) (l lang, ok bool) {
	i := ecma.SkipSpace(s, 0)
	start := i
	for i < len(s) && !ecma.IsSpace(s[i]) && s[i] != '-' && s[i] != ';' {
		i++
	}
	if i == start {
		return l, false
	}
	l.prefix = s[start:i]
	if i < len(s) && s[i] == '-' {
		j := i + 1
		for j < len(s) && !ecma.IsSpace(s[j]) && s[j] != ';' {
			j++
		}
		if j == i+1 {
			return l, false
		}
		i = j
	}
	l.full, l.q = s[start:i], 1
	i = ecma.SkipSpace(s, i)
	if i == len(s) {
		return l, true
	}
	if s[i] != ';' || hasLineBreak(s[i+1:]) {
		return l, false
	}
	params := s[i+1:]
	for params != "" {
		p := params
		if j := indexByte(params, ';'); j >= 0 {
			p, params = params[:j], params[j+1:]
		} else {
			params = ""
		}
		key, rest, hasValue := splitParam(p)
		if key == "q" {
			l.q = nan
			if hasValue {
				value, _, _ := splitParam(rest)
				l.q = ecma.ParseFloat(value)
			}
		}
	}
	return l, true
}

// specifyLang is negotiator's specify(language, spec) for languages.
func specifyLang(offer, spec *lang) (s int, ok bool) {
	switch {
	case equalFold(spec.full, offer.full):
		return 4, true
	case equalFold(spec.prefix, offer.full):
		return 2, true
	case equalFold(spec.full, offer.prefix):
		return 1, true
	case spec.full == "*":
		return 0, true
	}
	return 0, false
}

// langPriority is negotiator's getLanguagePriority for the offer at index i.
func langPriority(header, offer string, i int) priority {
	p := none(i)
	o, ok := parseLang(offer)
	if !ok {
		return p
	}
	e := 0
	for piece, next := nextPiece(header, 0); next >= 0; piece, next = nextPiece(header, next) {
		if spec, ok := parseLang(ecma.Trim(piece)); ok {
			if s, ok := specifyLang(&o, &spec); ok {
				if c := (priority{q: spec.q, s: s, o: e, i: i}); replaces(p, c) {
					p = c
				}
			}
		}
		e++
	}
	return p
}

// Language is req.acceptsLanguages(offers...): the offer Accept-Language
// prefers, exactly as given, or false. A missing header accepts everything
// (the first offer wins); an empty one accepts nothing. An empty offer is
// never returned (accepts turns it into false). It allocates nothing.
func Language(header string, present bool, offers ...string) (string, bool) {
	if !present {
		header = "*"
	}
	best, found := priority{}, false
	for i, offer := range offers {
		p := langPriority(header, offer, i)
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

// Languages is req.acceptsLanguages() without arguments: the language tags
// of Accept-Language with q > 0, by preference. A missing header gives
// ["*"].
func Languages(header string, present bool) []string {
	return PreferredLanguages(header, present, nil)
}

// PreferredLanguages is negotiator's languages(available): the acceptable
// offers by preference, or the header's own tags when available is nil.
func PreferredLanguages(header string, present bool, available []string) []string {
	if !present {
		header = "*"
	}
	if available == nil {
		var list []listed
		e := 0
		for piece, next := nextPiece(header, 0); next >= 0; piece, next = nextPiece(header, next) {
			if l, ok := parseLang(ecma.Trim(piece)); ok && l.q > 0 {
				list = append(list, listed{l.full, priority{q: l.q, i: e}})
			}
			e++
		}
		return sortListed(list)
	}
	ps := make([]priority, 0, len(available))
	for i, offer := range available {
		if p := langPriority(header, offer, i); acceptable(p) {
			ps = append(ps, p)
		}
	}
	return sortOffers(ps, available)
}
