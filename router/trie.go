package router

import "math/bits"

// trie is a tree of simple patterns keyed by segment: a node is the set of
// patterns that share the segments on the way to it; its static children
// are keyed by a literal segment, its param child by any non-empty one.
// A walk takes one step per segment of the request path: it finds where
// the segment ends (eight bytes at a time), then its static child (a hash
// of the segment's length and first eight bytes, then one word compare for
// a segment of up to eight bytes) and its param child.
//
// The fields the walk reads come first.
type trie struct {
	// hashed, for a node with static children, holds them by
	// kidHash(w, n, seed) >> shift: a child is at that index or at most
	// probe entries after it (linear probing, without wrapping around);
	// empty entries have n -1. The seed is chosen when the tree is built
	// to make probe small, mostly 0 (a perfect hash: one compare finds the
	// child or that there is none).
	hashed []slot
	seed   uint64
	shift  uint64 // 64 - log2(len(hashed)-probe), below 64
	param  *trie
	uses   []int32 // use layers ending here, in stack order
	// exact are the route layers that match when the path ends here,
	// slash those that match when one '/' follows, in stack order; the
	// masks are the unions of their method sets.
	exactMask, slashMask uint64
	exact, slash         []routeEnd
	// span is, for a param node, the index in walker.spans of its
	// parameter's start (2*depth-2); the end follows it.
	span  int
	probe int
	// more compares, for the static child of a literal longer than eight
	// bytes, the literal's bytes after the first eight (its slot compares
	// those).
	more []chunk
	// depth is the number of parameters on the way to the node.
	depth    int
	terminal bool // uses, exact or slash is not empty
	// kids are the static children; their literal is lower-cased when
	// the tree folds case (as Simple returns it).
	kids []kid
	// byLit finds a static child by its literal while the tree is built
	// (insert), so that building is linear in the number of children.
	byLit map[string]*trie
}

// routeEnd is a route layer ending at a node and its method set.
type routeEnd struct {
	index   int32
	methods uint64
}

// kid is a static child as the tree is built: its literal and node.
type kid struct {
	lit  string
	node *trie
}

// slot is a static child in its parent's hash table: its literal's
// length n and first eight bytes (fewer for a short one, unused bytes
// zero) as a little-endian word w, with the case mask m of prefixWord:
// path bytes x match when x|m == w. For a literal longer than eight bytes
// n also has the bit long, so that the walk's one compare of n with the
// segment's length fails for it and child compares the rest (the child's
// more). Thirty-two bytes, so that indexing is a shift.
type slot struct {
	w, m uint64
	n    int
	node *trie
}

// long marks the slot of a literal longer than eight bytes.
const long = 1 << 32

// chunk compares eight bytes of a literal at offset off, as slot.w and
// slot.m do for the first eight.
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

// child returns the static child of the segment path[s:e], of first
// bytes x (fewer for a shorter one, the rest zero) and hash index j, when
// the slot at j is not it by the walk's one compare: a literal longer than
// eight bytes, or one probing finds; nil when there is none.
func (t *trie) child(j, x uint64, path string, s, e int) *trie {
	for i := j; i <= j+uint64(t.probe); i++ {
		if k := &t.hashed[i]; k.n&^long == e-s && x|k.m == k.w && (k.n&long == 0 || matchMore(k.node.more, path, s)) {
			return k.node
		}
	}
	return nil
}

// hashKids lays kids out by kidHash for the trie's hashed field: it tries
// a bounded number of odd multipliers for each table size from twice to
// sixteen times the number of children (fewer for a node of thousands,
// so that building stays near-linear), and keeps the layout with the
// fewest probes (the smallest table among equals), stopping at the first
// perfect one.
func hashKids(kids []slot) (hashed []slot, seed uint64, probe int, shift uint64) {
	minBits := 1
	for 1<<minBits < 2*len(kids) {
		minBits++
	}
	at := make([]int, len(kids))
	tries := min(500, max(4, (1<<17)/len(kids)))
	probe = -1
	for bits := minBits; 1<<bits <= 16*len(kids); bits++ {
		used := make([]bool, 1<<bits+len(kids))
		sd := uint64(0x9e3779b97f4a7c15)
		for try := 0; try < tries; try++ {
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
				probe, seed, shift = p, sd, uint64(64-bits)
				hashed = make([]slot, 1<<bits+p)
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
		next := t.byLit[s.Literal]
		if next == nil {
			next = &trie{}
			t.kids = append(t.kids, kid{s.Literal, next})
			if t.byLit == nil {
				t.byLit = make(map[string]*trie)
			}
			t.byLit[s.Literal] = next
		}
		t = next
	}
	return t
}

// finish computes the lookup fields of t and its subtree once the tree is
// built; more is the chunks of the literal leading to t after its first
// eight bytes.
func (t *trie) finish(fold bool, depth int, more []chunk) {
	t.depth = depth
	t.span = max(2*depth-2, 0)
	t.more = more
	t.terminal = t.uses != nil || t.exact != nil || t.slash != nil
	t.exactMask, t.slashMask = 0, 0
	for _, e := range t.exact {
		t.exactMask |= e.methods
	}
	for _, e := range t.slash {
		t.slashMask |= e.methods
	}
	slots := make([]slot, len(t.kids))
	for i, k := range t.kids {
		w, m := prefixWord(k.lit, fold)
		slots[i] = slot{w: w, m: m, n: len(k.lit), node: k.node}
		var more []chunk
		for off := 8; off < len(k.lit); off += 8 {
			off := min(off, len(k.lit)-8)
			w, m := prefixWord(k.lit[off:off+8], fold)
			more = append(more, chunk{off, w, m})
		}
		k.node.finish(fold, depth, more)
	}
	t.byLit = nil // built: no more inserts
	t.hashed, t.seed, t.probe, t.shift = nil, 0, 0, 0
	if len(slots) > 0 {
		t.hashed, t.seed, t.probe, t.shift = hashKids(slots)
		for i := range t.hashed {
			if t.hashed[i].n > 8 {
				t.hashed[i].n |= long
			}
		}
	}
	if t.param != nil {
		t.param.finish(fold, depth+1, nil)
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

// matchMore compares the bytes of a literal longer than eight after the
// first eight (its node's more) with the segment at s, which has the
// literal's length.
func matchMore(more []chunk, path string, s int) bool {
	for _, c := range more {
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
