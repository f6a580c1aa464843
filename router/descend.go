package router

import "math/bits"

// linear reports whether the walk from t never branches and appends only
// at its last node: no node of the subtree has use layers, and none has
// both static children and a param child, so that a segment selects at
// most one child and only the node where the path ends has layers to
// append (see descend).
func (t *trie) linear() bool {
	if t.uses != nil || t.hashed != nil && t.param != nil {
		return false
	}
	for _, k := range t.kids {
		if !k.node.linear() {
			return false
		}
	}
	return t.param == nil || t.param.linear()
}

// descend appends the candidates for path, which starts with '/' and a
// segment, on a linear index (see index.linear): it follows the one child
// each segment selects, recording the parameters' values, and appends the
// route layers of the node where the path ends (or one '/' before it) that
// filter keeps, in stack order, with their captures.
//
// With no stack to keep and nothing appended before the end, the loop
// keeps its few variables in registers; the calls it makes (rare: a
// segment or literal longer than eight bytes, a path shorter than eight)
// take and return the loop's state, which is then not live across them.
// When caps has room the captures are copied at once (a fixed-size copy
// of all the spans, no memmove), and those of the branch kept.
func (ix *index) descend(path string, filter uint64, cands *[]Candidate, caps *[]int32) {
	var spans [2 * maxParams]int32
	t := &ix.root
	n := uint(len(path))
	pos := uint(0)
	for {
		s := pos + 1
		if s >= n {
			break
		}
		// path[pos] is '/': the next segment, path[s:e]; x is its first
		// eight bytes (fewer for a shorter one, the rest zero).
		var e uint
		var x uint64
		if s+8 <= n {
			x = load8(path[s : s+8])
			y := x ^ slashes
			if z := (y - ones) &^ y & highs; z != 0 {
				k := uint(bits.TrailingZeros64(z)) >> 3
				e, x = s+k, x&lenMask[k]
			} else {
				t, pos, e, x = longSegment(path, t, pos, x)
				s = pos + 1
			}
		} else if n >= 8 {
			// The word that ends the path, the bytes before s shifted
			// out (the zeros shifted in are not '/').
			x = load8(path[n-8:n]) >> ((8 * (s - (n - 8))) & 63)
			y := x ^ slashes
			e = n
			if z := (y - ones) &^ y & highs; z != 0 {
				k := uint(bits.TrailingZeros64(z)) >> 3
				e, x = s+k, x&lenMask[k]
			}
		} else {
			t, pos, e, x = shortSegment(path, t, pos)
			s = pos + 1
		}
		if h := t.hashed; h != nil {
			j := kidHash(x, int(e-s), t.seed) >> (t.shift & 63)
			if k := &h[j]; k.n == int(e-s) && x|k.m == k.w {
				t, pos = k.node, e
				continue
			}
			if t, pos = t.childAt(j, x, path, s, e); t == nil {
				return
			}
			continue
		}
		p := t.param
		if p == nil || e == s {
			return
		}
		i := uint(p.span)
		spans[i&(2*maxParams-1)] = int32(s)
		spans[(i+1)&(2*maxParams-1)] = int32(e)
		t, pos = p, e
	}
	ends := t.exact
	if pos+1 == n {
		ends = t.slash // one '/' is left
	}
	for i := range ends {
		r := &ends[i]
		if filter != 0 && r.methods&filter == 0 {
			continue
		}
		cd := Candidate{Index: r.index, Caps: int32(len(*caps)), End: int32(len(path))}
		if k, m := len(*cands), len(*caps); k < cap(*cands) && cap(*caps)-m >= len(spans) {
			*cands = (*cands)[:k+1]
			(*cands)[k] = cd
			*(*[2 * maxParams]int32)((*caps)[m : m+len(spans)]) = spans
			*caps = (*caps)[:m+2*t.depth]
		} else {
			appendCandidate(cands, caps, cd, spans[:2*t.depth])
		}
	}
}

// appendCandidate appends cd to *cands and caps to *caps, growing them.
func appendCandidate(cands *[]Candidate, caps *[]int32, cd Candidate, spans []int32) {
	*cands = append(*cands, cd)
	*caps = append(*caps, spans...)
}

// childAt is child for descend: it returns the child and e. It is not
// inlined, so that e is not live across the call (no spill on the hot
// path).
//
//go:noinline
func (t *trie) childAt(j, x uint64, path string, s, e uint) (*trie, uint) {
	return t.child(j, x, path, int(s), int(e)), e
}

// longSegment is descend's step for a segment at pos+1 whose first eight
// bytes x hold no '/': it returns t, pos, the segment's end and x. It is
// not inlined, so that they are not live across the call.
//
//go:noinline
func longSegment(path string, t *trie, pos uint, x uint64) (*trie, uint, uint, uint64) {
	return t, pos, uint(segEnd(path, int(pos)+9)), x
}

// shortSegment is descend's step for the segment at pos+1 of a path
// shorter than eight bytes: it returns t, pos, the segment's end and its
// bytes as a little-endian word (unused bytes zero). It is not inlined,
// so that t and pos are not live across the call.
//
//go:noinline
func shortSegment(path string, t *trie, pos uint) (*trie, uint, uint, uint64) {
	s := pos + 1
	e := s
	var x uint64
	for e < uint(len(path)) && path[e] != '/' {
		x |= uint64(path[e]) << ((8 * (e - s)) & 63)
		e++
	}
	return t, pos, e, x
}
