package router

import (
	"math/bits"
	"slices"
)

// linear reports whether the walk from t never branches and appends only
// at its last node: no node of the subtree has use layers, and none has
// both static children and a param child, so that a segment selects at
// most one child and only the node where the path ends has layers to
// append (see index.find). A linear root makes the index's mode byDescent
// or byLead.
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

// The modes of find (index.mode).
const (
	byLookup uint8 = iota
	byDescent
	byLead
)

// setLead sets mode byLead and the lead of a linear index whose root has
// one static child (and no param child, as linear implies), of a literal
// short enough: the chain of only children from the root whose path
// ("/a/b", each literal non-empty) and the '/' after it fit in a word.
// The descent, for a path that has that word, would follow the chain
// segment by segment: each node has one child and the literal matches.
func (ix *index) setLead() {
	lead, t := "", &ix.root
	for len(t.kids) == 1 && t.param == nil {
		k := t.kids[0]
		if k.lit == "" || len(lead)+1+len(k.lit)+1 > 8 {
			break
		}
		lead, t = lead+"/"+k.lit, k.node
	}
	if lead == "" {
		return
	}
	ix.mode, ix.leadLen, ix.leadNode = byLead, uint(len(lead)), t
	ix.leadW, ix.leadM = prefixWord(lead+"/", ix.fold)
	ix.leadMask = lenMask[len(lead)+1]
	p := t.param
	ix.leadTail = t.hashed == nil && p != nil && p.hashed == nil && p.param == nil && ix.others == nil
}

// descends reports whether the descent may answer path: a segment or
// more; "", "/" and paths starting "//" (which the patterns without a
// segment match) are lookup's.
func descends(path string) bool {
	return len(path) >= 2 && path[0] == '/' && path[1] != '/'
}

// find is Find: on a linear index (mode byDescent or byLead), for a path
// that starts with '/' and a segment, it descends (the walk without a
// stack): it follows the one child each segment selects, recording the
// values of the parameters, and the node where the path ends (or one '/'
// before it) has the trie's answer (the patterns without a segment, "/",
// need "/" or "//.."). A path that starts with the lead's word (byLead)
// starts the descent where the lead's segments would have taken it, one
// compare instead of a step per segment; when the lead ends at a node
// whose only child is a parameter without children and the table has no
// others (leadTail), tail answers the path. The descent appends the route
// layers of the node where it ends that filter keeps, in stack order, and
// the layers of others. The spans are recorded in place, in the spare
// capacity of caps, and the routes appended share them. Anything else is
// lookup's.
//
// The loop keeps its few variables in registers: what the appends need
// after it is kept in memory, and the calls it makes (rare: a segment
// longer than sixteen bytes, a literal longer than sixteen or one probing
// finds, a path shorter than eight bytes) take and return the loop's
// state, path included, which is then not live across them: nothing is
// spilled on the hot path.
func (ix *index) find(path string, filter uint64, cands *[]Candidate, caps *[]int32) {
	if ix.mode == byLookup || !descends(path) {
		ix.lookup(path, filter, cands, caps, true)
		return
	}
	if cap(*caps)-len(*caps) < 2*maxParams {
		growCaps(caps)
	}
	// Where the descent starts: the root, or the lead's end. Tested here,
	// after the call above and before the values kept in memory, the
	// registers come out as without it (measured: elsewhere the loop
	// moves more registers per step, GithubAll +10 instructions a path).
	t := &ix.root
	pos := uint(0)
	if ix.mode == byLead && len(path) >= 8 && (load8(path)|ix.leadM)&ix.leadMask == ix.leadW {
		if ix.leadTail {
			ix.tail(path, filter, cands, caps)
			return
		}
		t, pos = ix.leadNode, ix.leadLen
	}
	// What the appends need is kept in memory, so that the loop has the
	// registers to itself: a struct of more than four words is not kept
	// in registers, and one whose fields are all written needs no zeroing
	// first (an array of two of four-word structs did: four more stores).
	var keep [1]struct {
		ix     *index
		filter uint64
		cands  *[]Candidate
		caps   *[]int32
		path   string
	}
	keep[0].ix, keep[0].filter, keep[0].cands, keep[0].caps, keep[0].path = ix, filter, cands, caps, path
	base := len(*caps)
	spans := (*[2 * maxParams]int32)((*caps)[base : base+2*maxParams])
	var end *trie
	for {
		n := uint(len(path))
		s := pos + 1
		if s >= n {
			end = t
			break
		}
		// path[pos] is '/': the next segment, path[s:e]; x is its first
		// eight bytes (fewer for a shorter one, the rest zero).
		var e uint
		var x uint64
		if s+8 <= n {
			x = load8(path[s : s+8])
			y := x ^ vSlashes
			if z := (y - vOnes) &^ y & vHighs; z != 0 {
				k := uint(bits.TrailingZeros64(z)) >> 3
				e, x = s+k, x&lenMask[k]
			} else if q := s + 8; q+8 <= n {
				// A longer segment: its next eight bytes.
				y := load8(path[q:q+8]) ^ vSlashes
				if z := (y - vOnes) &^ y & vHighs; z != 0 {
					e = q + uint(bits.TrailingZeros64(z))>>3
				} else {
					path, t, pos, e, x = longSegment(path, t, pos, x)
					s = pos + 1
				}
			} else if q < n {
				// The word that ends the path, from q on.
				y := load8(path[n-8:n])>>((8*(q-(n-8)))&63) ^ vSlashes
				e = n
				if z := (y - vOnes) &^ y & vHighs; z != 0 {
					e = q + uint(bits.TrailingZeros64(z))>>3
				}
			} else {
				e = n
			}
		} else if n >= 8 {
			// The word that ends the path, the bytes before s shifted
			// out (the zeros shifted in are not '/').
			x = load8(path[n-8:n]) >> ((8 * (s - (n - 8))) & 63)
			y := x ^ vSlashes
			e = n
			if z := (y - vOnes) &^ y & vHighs; z != 0 {
				k := uint(bits.TrailingZeros64(z)) >> 3
				e, x = s+k, x&lenMask[k]
			}
		} else {
			path, t, pos, e, x = shortSegment(path, t, pos)
			s = pos + 1
		}
		if h := t.hashed; h != nil {
			j := ((x | vCase) ^ uint64(e-s)) * t.seed >> (t.shift & 63)
			if k := &h[j]; x|k.m == k.w {
				if k.n == int(e-s) {
					t, pos = k.node, e
					continue
				}
				// A literal of nine to sixteen bytes: its last eight.
				if k.n == int(e-s)|long && e >= 8 {
					if more := k.node.more; len(more) == 1 && load8(path[e-8:e])|more[0].m == more[0].w {
						t, pos = k.node, e
						continue
					}
				}
			}
			if path, t, pos = t.childAt(j, x, path, s, e); t == nil {
				break
			}
			continue
		}
		p := t.param
		if p == nil || e == s {
			break
		}
		i := uint(p.span)
		spans[i&(2*maxParams-1)] = int32(s)
		spans[(i+1)&(2*maxParams-1)] = int32(e)
		t, pos = p, e
	}

	q := &keep[0]
	n := uint(len(path))
	cands, caps, filter = q.cands, q.caps, q.filter
	base = len(*caps)
	start := len(*cands)
	if end != nil {
		ends := end.exact
		if pos+1 == n {
			ends = end.slash // one '/' is left
		}
		// The common end, one route layer that filter keeps, with room
		// for it: appended without the loop, whose call to grow the
		// candidates keeps the loop's values in memory.
		if k := len(*cands); len(ends) == 1 && k < cap(*cands) && (ends[0].methods&filter != 0 || filter == 0) {
			*cands = (*cands)[:k+1]
			(*cands)[k] = Candidate{Index: ends[0].index, Caps: int32(base), End: int32(n)}
			*caps = (*caps)[:base+2*end.depth]
		} else {
			for i := range ends {
				r := &ends[i]
				if filter != 0 && r.methods&filter == 0 {
					continue
				}
				k := len(*cands)
				if k == cap(*cands) {
					growCandidates(cands)
				}
				*cands = (*cands)[:k+1]
				(*cands)[k] = Candidate{Index: r.index, Caps: int32(base), End: int32(n)}
			}
			if len(*cands) != start {
				*caps = (*caps)[:base+2*end.depth]
			}
		}
	}
	if q.ix.others != nil {
		q.ix.appendOthers(q.path, filter, cands, start)
	}
}

// tail is find for a path that starts with the lead's word when the
// lead's node has no static child and a param child without children, and
// the table has no others (leadTail): the segment after the lead is the
// parameter's value, and the path must end with it or one '/' after it
// (else nothing matches). Its common case, a value of up to eight bytes,
// ending the path or followed by a '/' that does, one route layer with
// room for it, is answered here without a call (nothing spilled); anything
// else is tailAll's. find made room for the spans in caps.
//
//go:noinline
func (ix *index) tail(path string, filter uint64, cands *[]Candidate, caps *[]int32) {
	n := uint(len(path)) // at least eight: the lead's word matched
	s := ix.leadLen + 1
	if s < n {
		// The segment at s ends at e: the next '/' in the word from s,
		// or the path's end within that word.
		var z uint64
		e := n
		if s+8 <= n {
			y := load8(path[s:s+8]) ^ vSlashes
			z = (y - vOnes) &^ y & vHighs
			if z == 0 && s+8 < n {
				e = 0 // longer than eight bytes: tailAll's
			}
		} else {
			y := load8(path[n-8:n])>>((8*(s-(n-8)))&63) ^ vSlashes
			z = (y - vOnes) &^ y & vHighs
		}
		if z != 0 {
			e = s + uint(bits.TrailingZeros64(z))>>3
		}
		p := ix.leadNode.param
		ends := p.exact
		if e+1 == n {
			ends = p.slash // one '/' is left
		}
		if k := len(*cands); e > s && e+1 >= n && len(ends) == 1 && k < cap(*cands) && (ends[0].methods&filter != 0 || filter == 0) {
			base := len(*caps)
			spans := (*caps)[base : base+2]
			spans[0], spans[1] = int32(s), int32(e)
			*caps = (*caps)[:base+2]
			*cands = (*cands)[:k+1]
			(*cands)[k] = Candidate{Index: ends[0].index, Caps: int32(base), End: int32(n)}
			return
		}
	}
	ix.tailAll(path, filter, cands, caps)
}

// tailAll is tail for any path that starts with the lead's word.
//
//go:noinline
func (ix *index) tailAll(path string, filter uint64, cands *[]Candidate, caps *[]int32) {
	n := uint(len(path))
	s := ix.leadLen + 1
	end, e := ix.leadNode, s // the path is the lead and '/'
	if s < n {
		e = uint(segEnd(path, int(s)))
		end = ix.leadNode.param
		if e == s || e+1 < n {
			// An empty segment, or more after the parameter's value
			// (the param node has no child).
			end = nil
		}
	}
	start := len(*cands)
	if end != nil {
		ends := end.exact
		if e+1 == n || s == n {
			ends = end.slash // one '/' is left
		}
		base := len(*caps)
		for i := range ends {
			r := &ends[i]
			if r.methods&filter == 0 && filter != 0 {
				continue
			}
			k := len(*cands)
			if k == cap(*cands) {
				growCandidates(cands)
			}
			*cands = (*cands)[:k+1]
			(*cands)[k] = Candidate{Index: r.index, Caps: int32(base), End: int32(n)}
		}
		if len(*cands) != start && end.depth != 0 {
			appendCaps(caps, []int32{int32(s), int32(e)})
		}
	}
}

// growCandidates makes room for one more candidate in *cands.
//
//go:noinline
func growCandidates(cands *[]Candidate) {
	*cands = slices.Grow(*cands, 1)
}

// growCaps makes room for the spans in *caps.
//
//go:noinline
func growCaps(caps *[]int32) {
	*caps = slices.Grow(*caps, 2*maxParams)
}

// appendOthers appends the layers of others that path may match and
// filter keeps, and sorts the candidates from start into stack order.
func (ix *index) appendOthers(path string, filter uint64, cands *[]Candidate, start int) {
	w := walker{dst: cands, filter: filter}
	w.others(ix, path)
	if len(*cands)-start > 1 {
		sortCandidates((*cands)[start:])
	}
}

// childAt is child for the descent: it returns path, the child and e. It
// is not inlined, so that path and e are not live across the call (no
// spill on the hot path).
//
//go:noinline
func (t *trie) childAt(j, x uint64, path string, s, e uint) (string, *trie, uint) {
	return path, t.child(j, x, path, int(s), int(e)), e
}

// longSegment is the descent's step for a segment at pos+1 whose first
// sixteen bytes hold no '/': it returns path, t, pos, the segment's end and
// x. It is not inlined, so that they are not live across the call.
//
//go:noinline
func longSegment(path string, t *trie, pos uint, x uint64) (string, *trie, uint, uint, uint64) {
	return path, t, pos, uint(segEnd(path, int(pos)+9)), x
}

// shortSegment is the descent's step for the segment at pos+1 of a path
// shorter than eight bytes: it returns path, t, pos, the segment's end and
// its bytes as a little-endian word (unused bytes zero). It is not
// inlined, so that path, t and pos are not live across the call.
//
//go:noinline
func shortSegment(path string, t *trie, pos uint) (string, *trie, uint, uint, uint64) {
	s := pos + 1
	e := s
	var x uint64
	for e < uint(len(path)) && path[e] != '/' {
		x |= uint64(path[e]) << ((8 * (e - s)) & 63)
		e++
	}
	return path, t, pos, e, x
}

// The word constants of the walks as variables: an operation then reads
// the constant from memory in one instruction, where a constant needs a
// ten-byte move into a register first (the compiler does not keep them in
// registers across the loop). Never written.
var (
	vSlashes uint64 = slashes
	vOnes    uint64 = ones
	vHighs   uint64 = highs
	vCase    uint64 = 0x2020202020202020
)
