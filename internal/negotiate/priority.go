package negotiate

import "math"

// priority is negotiator's {o, q, s, i} for one offer (or header entry).
type priority struct {
	q float64 // quality of the matching header entry; 0 when none matched
	s int     // specificity of the match
	o int     // index of the matching header entry, -1 when none matched
	i int     // index of the offer, or of the entry in the list forms
}

// none is the priority of an offer no header entry matches.
func none(i int) priority { return priority{q: 0, s: 0, o: -1, i: i} }

// truthy reports whether a JavaScript number is truthy: not 0, not NaN.
func truthy(x float64) bool { return x != 0 && !math.IsNaN(x) }

// replaces reports whether spec, a later match for the same offer, replaces
// the current priority p: negotiator's
// (p.s - spec.s || p.q - spec.q || p.o - spec.o) < 0.
func replaces(p, spec priority) bool {
	if d := p.s - spec.s; d != 0 {
		return d < 0
	}
	if d := p.q - spec.q; truthy(d) {
		return d < 0
	}
	return p.o-spec.o < 0
}

// before reports whether a sorts strictly before b by negotiator's
// compareSpecs: (b.q - a.q) || (b.s - a.s) || (a.o - b.o) || (a.i - b.i).
func before(a, b priority) bool {
	if d := b.q - a.q; truthy(d) {
		return d < 0
	}
	if d := b.s - a.s; d != 0 {
		return d < 0
	}
	if d := a.o - b.o; d != 0 {
		return d < 0
	}
	return a.i < b.i
}

// acceptable is negotiator's isQuality: q > 0 (NaN is not).
func acceptable(p priority) bool { return p.q > 0 }
