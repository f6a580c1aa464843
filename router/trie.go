package router

import "math/bits"

// trie is a tree of simple patterns keyed by segment: a node is the set of
// patterns that share the segments on the way to it; its static children
// are keyed by a literal segment, its param child by any non-empty one.
// A walk takes one step per segment of the request path: it finds where
// the segment ends (eight bytes at a time), then its static child (a hash
// of the segment's length and first eight bytes, then one word compare for
// a segment of up to eight bytes) and its param child.
type trie struct {
	// kids are the static children; their literal is lower-cased when
	// the tree folds case (as Simple returns it).
	kids []kid
	// hashed, for a node with static children, holds them
	// by kidHash(w, n, seed) >> shift: a child is at that index or at
	// most probe entries after it (linear probing, without wrapping
	// around); empty entries have n -1. The seed is chosen when the tree
	// is built to make probe small, mostly 0 (a perfect hash: one compare
	// finds the child or that there is none).
	hashed []kid
	seed   uint64
	probe  int
	shift  uint8 // 64 - log2(len(hashed)-probe)
	param  *trie
	// depth is the number of parameters on the way to the node.
	depth int
	uses  []int32 // use layers ending here, in stack order
	// exact are the route layers that match when the path ends here,
	// slash those that match when one '/' follows, in stack order; the
	// masks are the unions of their method sets.
	exact, slash         []routeEnd
	exactMask, slashMask uint64
	terminal             bool // uses, exact or slash is not empty
}

// routeEnd is a route layer ending at a node and its method set.
type routeEnd struct {
	index   int32
	methods uint64
}

// kid is a static child: its literal segment and that literal's first
// eight bytes (fewer for a short one, unused bytes zero) as a
// little-endian word w, with the case mask m of prefixWord: path bytes x
// match when x|m == w. more compares the bytes after the eighth.
type kid struct {
	n    int // len(lit)
	w, m uint64
	more []chunk
	node *trie
	lit  string
}

// chunk compares eight bytes of a literal at offset off, as kid.w and
// kid.m do for the first eight.
type chunk struct {
	off  int
	w, m uint64
}

// kidHash hashes a segment of n bytes whose first eight (fewer when
// shorter, the rest zero) are x, the same for either case of its letters;
// a node's seed makes it collision-free on the node's literals.
func kidHash(x uint64, n int, seed uint64) uint64 {
	return ((x | 0x2020202020202020) ^ uint64(n)) * seed
}

// probeKids looks for the child of the segment path[s:e], of first bytes
// x, in the probe entries after hashed[j].
func (t *trie) probeKids(j int, x uint64, path string, s, e int) *trie {
	for i := j + 1; i <= j+t.probe; i++ {
		if k := &t.hashed[i]; k.n == e-s && x|k.m == k.w && (k.more == nil || k.matchMore(path, s)) {
			return k.node
		}
	}
	return nil
}

// hashKids lays kids out by kidHash for the trie's hashed field: it tries
// a bounded number of odd multipliers for each table size from twice to
// sixteen times the number of children, and keeps the layout with the
// fewest probes (the smallest table among equals), stopping at the first
// perfect one.
func hashKids(kids []kid) (hashed []kid, seed uint64, probe int, shift uint8) {
	minBits := 1
	for 1<<minBits < 2*len(kids) {
		minBits++
	}
	at := make([]int, len(kids))
	probe = -1
	for bits := minBits; 1<<bits <= 16*len(kids); bits++ {
		used := make([]bool, 1<<bits+len(kids))
		sd := uint64(0x9e3779b97f4a7c15)
		for try := 0; try < 500; try++ {
			clear(used)
			p := 0
			for i := range kids {
				j := int(kidHash(kids[i].w, kids[i].n, sd) >> (64 - bits))
				for used[j] {
					j++
				}
				used[j] = true
				at[i] = j
				p = max(p, j-int(kidHash(kids[i].w, kids[i].n, sd)>>(64-bits)))
			}
			if probe < 0 || p < probe {
				probe, seed, shift = p, sd, uint8(64-bits)
				hashed = make([]kid, 1<<bits+p)
				for j := range hashed {
					hashed[j].n = -1
				}
				for i, j := range at {
					hashed[j] = kids[i]
				}
				if p == 0 {
					return hashed, seed, probe, shift
				}
			}
			sd = sd*0xbf58476d1ce4e5b9 + 0x94d049bb133111eb | 1
		}
	}
	return hashed, seed, probe, shift
}

// insert adds the path of segs below t and returns its node.
func (t *trie) insert(segs []Segment) *trie {
	for _, s := range segs {
		if s.Param {
			if t.param == nil {
				t.param = &trie{}
			}
			t = t.param
			continue
		}
		next := (*trie)(nil)
		for i := range t.kids {
			if t.kids[i].lit == s.Literal {
				next = t.kids[i].node
				break
			}
		}
		if next == nil {
			next = &trie{}
			t.kids = append(t.kids, kid{lit: s.Literal, node: next})
		}
		t = next
	}
	return t
}

// finish computes the lookup fields of t and its subtree once the tree is
// built.
func (t *trie) finish(fold bool, depth int) {
	t.depth = depth
	t.terminal = t.uses != nil || t.exact != nil || t.slash != nil
	t.exactMask, t.slashMask = 0, 0
	for _, e := range t.exact {
		t.exactMask |= e.methods
	}
	for _, e := range t.slash {
		t.slashMask |= e.methods
	}
	for i := range t.kids {
		k := &t.kids[i]
		k.n = len(k.lit)
		k.w, k.m = prefixWord(k.lit, fold)
		k.more = nil
		for off := 8; off < len(k.lit); off += 8 {
			off := min(off, len(k.lit)-8)
			w, m := prefixWord(k.lit[off:off+8], fold)
			k.more = append(k.more, chunk{off, w, m})
		}
		k.node.finish(fold, depth)
	}
	t.hashed, t.seed, t.probe, t.shift = nil, 0, 0, 0
	if len(t.kids) > 0 {
		t.hashed, t.seed, t.probe, t.shift = hashKids(t.kids)
	}
	if t.param != nil {
		t.param.finish(fold, depth+1)
	}
}

// prefixWord returns the first eight bytes of p (or fewer) as a
// little-endian word and its case mask.
func prefixWord(p string, fold bool) (w, m uint64) {
	for i := min(len(p), 8) - 1; i >= 0; i-- {
		c := p[i]
		w, m = w<<8|uint64(c), m<<8
		if fold && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			// A lower-case letter matches either case; an upper-case
			// one (a literal the tree did not lower) never matches, as
			// with lowerTable: bit 0x20 is then set on one side only.
			m |= 0x20
		}
	}
	return w, m
}

// lenMask[n] keeps the low n bytes of a word.
var lenMask = [9]uint64{0, 0xff, 0xffff, 0xffffff, 0xffffffff, 0xffffffffff, 0xffffffffffff, 0xffffffffffffff, ^uint64(0)}

// segWord returns the first eight bytes of the segment path[s:e] (fewer
// for a shorter one, unused bytes zero) as a little-endian word.
func segWord(path string, s, e int) uint64 {
	n := e - s
	switch {
	case s+8 <= len(path):
		return load8(path[s:s+8]) & lenMask[min(n, 8)]
	case e >= 8:
		// n < 8: the eight bytes that end with the segment, shifted down.
		return load8(path[e-8:e]) >> (64 - 8*n)
	}
	var x uint64
	for i := e - 1; i >= s; i-- {
		x = x<<8 | uint64(path[i])
	}
	return x
}

// matchMore compares the bytes of a literal longer than eight after the
// first eight with the segment at s, which has the literal's length.
func (k *kid) matchMore(path string, s int) bool {
	for _, c := range k.more {
		if load8(path[s+c.off:s+c.off+8])|c.m != c.w {
			return false
		}
	}
	return true
}

// segEnd returns where the segment starting at pos ends: at the next
// slash or the end of path. It looks at eight bytes at a time, the last
// ones through the word that ends the path: the lowest zero byte of
// x^'/'.. found by the borrow trick is exact (false hits only lie above a
// true one, and the zero bytes shifted in become '/'^'/'.. = non-zero).
func segEnd(path string, pos int) int {
	for pos+8 <= len(path) {
		x := load8(path[pos:pos+8]) ^ slashes
		if t := (x - ones) &^ x & highs; t != 0 {
			return pos + bits.TrailingZeros64(t)/8
		}
		pos += 8
	}
	if pos >= len(path) {
		return len(path)
	}
	if n := len(path); n >= 8 {
		x := load8(path[n-8:n])>>(8*(pos-(n-8))) ^ slashes
		if t := (x - ones) &^ x & highs; t != 0 {
			return pos + bits.TrailingZeros64(t)/8
		}
		return n
	}
	for pos < len(path) && path[pos] != '/' {
		pos++
	}
	return pos
}

// Word constants of the borrow trick that finds a '/' in eight bytes.
const (
	ones    = 0x0101010101010101
	highs   = 0x80 * ones
	slashes = '/' * ones
)

// maxParams bounds the parameters of a pattern the trie holds; a pattern
// with more is left to Match.
const maxParams = 8

// alt is a branch of the walk left for later: a param node and the span
// of the parameter's value.
type alt struct {
	n          *trie
	start, end int32
}

// walker holds what a walk appends to, apart from the loop's own state.
type walker struct {
	// dst and caps are the caller's slices, appended to in place.
	dst    *[]Candidate
	caps   *[]int32
	filter uint64
	spans  [2 * maxParams]int32 // start, end of each parameter on the branch
}

// walk appends the layers ending at the nodes below t (reached at pos,
// where the path ends or has a '/') that the path reaches, and their
// captures; w.spans holds the values of the parameters on the way to t.
// It is a depth-first search with an explicit stack: a segment that
// selects both a static child and the param child leaves the param child
// for later.
func (w *walker) walk(t *trie, pos int, path string) {
	var stack [4]alt
	sp := 0
	for {
		if t.uses != nil {
			w.uses(t, path, pos)
		}
		if pos+1 < len(path) {
			// path[pos] is '/': the next segment, path[s:e], selects the
			// children. x is its first eight bytes (fewer for a shorter
			// one, the rest zero), read with its end when it is shorter.
			s := pos + 1
			var e int
			var x uint64
			switch n := len(path); {
			case s+8 <= n:
				x = load8(path[s : s+8])
				y := x ^ slashes
				if z := (y - ones) &^ y & highs; z != 0 {
					k := bits.TrailingZeros64(z) >> 3
					e, x = s+k, x&lenMask[k]
				} else if s+16 <= n {
					// A longer segment: its next eight bytes.
					y := load8(path[s+8:s+16]) ^ slashes
					if z := (y - ones) &^ y & highs; z != 0 {
						e = s + 8 + bits.TrailingZeros64(z)>>3
					} else {
						e = segEnd(path, s+16)
					}
				} else {
					e = segEnd(path, s+8)
				}
			case n >= 8:
				// The word that ends the path, the bytes before s
				// shifted out (the zeros shifted in are not '/').
				x = load8(path[n-8:n]) >> (8 * (s - (n - 8)))
				y := x ^ slashes
				if z := (y - ones) &^ y & highs; z != 0 {
					k := bits.TrailingZeros64(z) >> 3
					e, x = s+k, x&lenMask[k]
				} else {
					e = n
				}
			default:
				e = segEnd(path, s)
				x = segWord(path, s, e)
			}
			if e > s {
				var next *trie
				if h := t.hashed; h != nil {
					j := int(kidHash(x, e-s, t.seed) >> t.shift)
					if k := &h[j]; k.n == e-s && x|k.m == k.w && (k.more == nil || k.matchMore(path, s)) {
						next = k.node
					} else if t.probe != 0 {
						next = t.probeKids(j, x, path, s, e)
					}
				}
				if p := t.param; p != nil {
					if next == nil {
						w.setSpan(p.depth, s, e)
						t, pos = p, e
						continue
					}
					if sp < len(stack) {
						stack[sp] = alt{p, int32(s), int32(e)}
						sp++
					} else {
						w.setSpan(p.depth, s, e)
						w.walk(p, e, path)
					}
				}
				if next != nil {
					t, pos = next, e
					continue
				}
			}
		} else if pos == len(path) {
			// The path ends here: the routes.
			if t.exactMask&w.filter != 0 || w.filter == 0 && t.exact != nil {
				if ex := t.exact; len(ex) == 1 {
					// The mask is this layer's method set.
					w.add(ex[0].index, t.depth, len(path))
				} else {
					for _, e := range ex {
						if e.methods&w.filter != 0 || w.filter == 0 {
							w.add(e.index, t.depth, len(path))
						}
					}
				}
			}
		} else if t.slashMask&w.filter != 0 || w.filter == 0 && t.slash != nil {
			// One '/' is left.
			w.ends(t.slash, t.depth, len(path))
		}
		if sp == 0 {
			return
		}
		sp--
		a := &stack[sp]
		t, pos = a.n, int(a.end)
		w.setSpan(t.depth, int(a.start), int(a.end))
	}
}

// setSpan records the value of the depth-th parameter (from 1) of the
// branch; depth is at most maxParams, so the masks only spare the bounds
// checks.
func (w *walker) setSpan(depth, start, end int) {
	i := uint(2*depth-2) & (2*maxParams - 1)
	w.spans[i] = int32(start)
	w.spans[(i+1)&(2*maxParams-1)] = int32(end)
}

// terminals appends the layers ending at t, reached at pos.
func (w *walker) terminals(t *trie, path string, pos int) {
	if t.uses != nil {
		w.uses(t, path, pos)
	}
	switch len(path) - pos {
	case 0:
		w.ends(t.exact, t.depth, len(path))
	case 1:
		if path[pos] == '/' {
			w.ends(t.slash, t.depth, len(path))
		}
	}
}

// uses appends the use layers ending at t, reached at pos, when the path
// ends or continues with '/' there; their match ends as path-to-regexp
// 0.1's `\/?(?=\/|$)` makes it: a slash after the prefix is part of the
// match only when another slash or the end follows it.
func (w *walker) uses(t *trie, path string, pos int) {
	rest := path[pos:]
	if rest != "" && rest[0] != '/' {
		return
	}
	end := pos
	if len(rest) == 1 || len(rest) > 1 && rest[1] == '/' {
		end++
	}
	for _, u := range t.uses {
		w.add(u, t.depth, end)
	}
}

// ends appends the route layers of ends (a node's exact or slash list, at
// a node with depth parameters) that the filter keeps; their match ends at
// end, the end of the path.
func (w *walker) ends(ends []routeEnd, depth, end int) {
	for _, e := range ends {
		if w.filter == 0 || e.methods&w.filter != 0 {
			w.add(e.index, depth, end)
		}
	}
}

// add appends layer index with the captures of the depth parameters on
// the branch, its match ending at end. It is small enough to be inlined in
// the walk (one parameter, the usual case, without memmove).
func (w *walker) add(index int32, depth, end int) {
	caps := w.caps
	*w.dst = append(*w.dst, Candidate{Index: index, Caps: int32(len(*caps)), End: int32(end)})
	if depth == 1 {
		*caps = append(*caps, w.spans[0], w.spans[1])
	} else if depth != 0 {
		*caps = append(*caps, w.spans[:2*depth]...)
	}
}
