package negotiate

import (
	"slices"
	"strings"

	"github.com/fwgo/fw/internal/mime"
)

// Type is accepts' req.accepts(offers...): the offer the Accept header
// prefers, returned exactly as given, or false when none is acceptable.
// An offer without '/' is an extension name ("json", "html") resolved
// through the mime-types table; an unknown name is never acceptable. When
// the header is missing or empty the first offer is returned unchecked.
// present is not consulted (accepts treats missing and empty alike). With
// no offers Type returns false; use Types for the list. It allocates
// nothing.
func Type(accept string, present bool, offers ...string) (string, bool) {
	if len(offers) == 0 {
		return "", false
	}
	if accept == "" {
		return offers[0], true
	}
	var buf [16]acceptEntry
	entries := acceptEntries(buf[:0], accept)
	best, bestMime, found := priority{}, "", false
	for i, offer := range offers {
		m, ok := offerMime(offer)
		if !ok {
			continue
		}
		p := mediaPriority(entries, m, i)
		if acceptable(p) && (!found || before(p, best)) {
			best, bestMime, found = p, m, true
		}
	}
	if !found {
		return "", false
	}
	// accepts returns types[mimes.indexOf(first)]: the first offer that
	// resolves to the same media type.
	for _, offer := range offers {
		if m, ok := offerMime(offer); ok && m == bestMime {
			return offer, true
		}
	}
	return "", false
}

// offerMime is accepts' extToMime: the offer itself when it contains '/',
// else its mime-types lookup.
func offerMime(offer string) (string, bool) {
	if strings.IndexByte(offer, '/') >= 0 {
		return offer, true
	}
	return mime.Types.Lookup(offer)
}

// Types is req.accepts() without arguments: the media ranges of the Accept
// header with q > 0, as "type/subtype", by preference (q, then header
// order). A missing header gives ["*/*"], an empty one none.
func Types(accept string, present bool) []string {
	return PreferredMediaTypes(accept, present, nil)
}

// PreferredMediaTypes is negotiator's mediaTypes(available): the acceptable
// offers of available by preference, or, when available is nil, the
// header's own media ranges as Types gives them. Offers must be media types;
// they are not resolved as extension names.
func PreferredMediaTypes(accept string, present bool, available []string) []string {
	if !present {
		accept = "*/*"
	}
	entries := acceptEntries(nil, accept)
	if available == nil {
		var list []listed
		for k := range entries {
			if q := entries[k].quality(); q > 0 {
				list = append(list, listed{entries[k].r.full, priority{q: q, i: entries[k].e}})
			}
		}
		return sortListed(list)
	}
	ps := make([]priority, 0, len(available))
	for i, offer := range available {
		if p := mediaPriority(entries, offer, i); acceptable(p) {
			ps = append(ps, p)
		}
	}
	return sortOffers(ps, available)
}

// listed is a header entry of a list form with its priority.
type listed struct {
	value string
	p     priority
}

func compare(a, b priority) int {
	switch {
	case before(a, b):
		return -1
	case before(b, a):
		return 1
	}
	return 0
}

// sortListed sorts header entries as negotiator's list forms do (a stable
// sort by q, then header order) and returns their values.
func sortListed(list []listed) []string {
	slices.SortStableFunc(list, func(a, b listed) int { return compare(a.p, b.p) })
	out := make([]string, len(list))
	for i, l := range list {
		out[i] = l.value
	}
	return out
}

// sortOffers sorts the priorities of acceptable offers and returns the
// offers in that order.
func sortOffers(ps []priority, offers []string) []string {
	slices.SortStableFunc(ps, compare)
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = offers[p.i]
	}
	return out
}
