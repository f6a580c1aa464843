package router

import (
	"math/bits"
	"slices"
	"strings"
)

// Layer is one entry of an ordered stack, as Express's Layer: a pattern and
// a handle of the caller's type.
type Layer[H any] struct {
	// Pattern matches the request path.
	Pattern *Pattern
	// Handle is the caller's handler value; the table never looks at it.
	Handle H
	// Route marks a route layer (a whole-path match): it is filtered by
	// method. Other layers are use layers (a prefix match).
	Route bool
	// Strict is the strict option the route's pattern was compiled with.
	// A use layer's pattern must be compiled non-strict, as Express's
	// router.use compiles it; its Strict is ignored.
	Strict bool
	// Methods is the set of methods a route layer answers (bit i for method
	// i of the caller's numbering; the caller reserves one bit for "all").
	Methods uint64
}

// Table is an immutable, compiled snapshot of a stack of layers. It answers
// which layers may match a path, in stack order, with one walk of a radix
// tree instead of trying every layer. Safe for concurrent use.
type Table[H any] struct {
	layers []Layer[H]
	ix     index
}

// index is the part of a Table that does not depend on the handle type,
// kept apart so that the hot loop is not generic code.
type index struct {
	root node
	// others are the layers the tree cannot hold (regexps, optional or
	// regex parameters, wildcards, "/" for use ...), in stack order; a path
	// is matched against their literal prefix only.
	others []other
	// methods[i] is layer i's method set; use layers have every bit set.
	methods []uint64
	fold    bool
	// static memoizes the answer (with no method filter) for the paths of
	// the parameterless simple patterns, exactly as the walk gives it: a
	// request for such a path, as written in the table, costs one map
	// lookup instead of the walk. Other paths (other case, added slash,
	// parameters) miss and walk.
	static memoTable
}

// memoTable is an open-addressing hash table of memos, cheaper than a map
// on the miss every path with a parameter takes: a hash of the length and
// the first and last eight bytes, then one or two slot compares.
type memoTable struct {
	slots []memoSlot // a power of two, at most half full; nil when empty
	mask  uint64
	// lens has bit min(len(key), 63) set for each key: a path whose
	// length no key has misses without hashing.
	lens uint64
}

type memoSlot struct {
	hash uint64
	key  string // "" marks an empty slot
	memo
}

// memoHash mixes the length and the first and last eight bytes of s.
func memoHash(s string) uint64 {
	n := len(s)
	var a, b uint64
	if n >= 8 {
		a, b = load8(s), load8(s[n-8:])
	} else {
		for i := 0; i < n; i++ {
			a = a<<8 | uint64(s[i])
		}
	}
	h := (a^uint64(n))*0x9e3779b97f4a7c15 ^ b*0xff51afd7ed558ccd
	return h ^ h>>31
}

// find returns the memo of path, or nil.
func (t *memoTable) find(path string) *memo {
	if t.lens&(1<<min(len(path), 63)) == 0 {
		return nil
	}
	h := memoHash(path)
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if s.key == "" {
			return nil
		}
		if s.hash == h && s.key == path {
			return &s.memo
		}
	}
}

// add inserts m for path, which must not be in t; t must have room.
func (t *memoTable) add(path string, m memo) {
	h := memoHash(path)
	i := h & t.mask
	for t.slots[i].key != "" {
		i = (i + 1) & t.mask
	}
	t.slots[i] = memoSlot{hash: h, key: path, memo: m}
	t.lens |= 1 << min(len(path), 63)
}

// memo is the walk's answer for one path: the candidates and their
// captures, Caps counted from the start of caps.
type memo struct {
	cands []memoCand
	caps  []int32
}

// memoCand is a memoized candidate and the number of its captures.
type memoCand struct {
	Candidate
	n int32
}

type other struct {
	index  int32
	prefix string // empty: always a candidate
}

// NewTable compiles layers. caseSensitive must match the options the
// patterns were compiled with (one router has one setting).
func NewTable[H any](layers []Layer[H], caseSensitive bool) *Table[H] {
	t := &Table[H]{layers: layers}
	ix := &t.ix
	ix.fold = !caseSensitive
	ix.methods = make([]uint64, len(layers))
	var key strings.Builder
	var static []string
	for i := range layers {
		l := &layers[i]
		ix.methods[i] = ^uint64(0)
		if l.Route {
			ix.methods[i] = l.Methods
		}
		segs, trailing, ok := l.Pattern.Simple()
		// The walk records at most maxParams parameters on a branch and
		// does not follow a deeper one: a pattern with more is left to
		// Match, or it would never be a candidate.
		if !ok || l.Pattern.FastSlash() || l.Pattern.FastStar() || paramCount(segs) > maxParams {
			ix.others = append(ix.others, other{index: int32(i), prefix: l.Pattern.LiteralPrefix()})
			continue
		}
		key.Reset()
		for _, s := range segs {
			key.WriteByte('/')
			if s.Param {
				key.WriteByte(paramMarker)
			} else {
				key.WriteString(s.Literal)
			}
		}
		root := len(segs) == 0
		if root {
			// "/": the slash is part of the key, and it is also the
			// optional trailing slash of a non-strict route (/^\/?$/),
			// which so matches "/" (and "", left to Match) but not "//".
			key.WriteByte('/')
			trailing = false
		}
		n := ix.root.insert(key.String())
		if !hasParam(segs) {
			static = append(static, key.String())
		}
		switch {
		case !l.Route:
			n.uses = append(n.uses, int32(i))
		case !l.Strict && !root:
			n.ends = append(n.ends, terminal{int32(i), endLoose})
		case trailing:
			n.ends = append(n.ends, terminal{int32(i), endSlash})
		default:
			n.ends = append(n.ends, terminal{int32(i), endExact})
		}
	}
	ix.root.finish(ix.fold, ix.methods)
	ix.memoize(static, func(i int32) *Pattern { return layers[i].Pattern })
	return t
}

// paramCount is the number of parameter segments in segs.
func paramCount(segs []Segment) int {
	n := 0
	for _, s := range segs {
		if s.Param {
			n++
		}
	}
	return n
}

// memoize fills ix.static with the answer for each of paths. ix must be
// complete: a memo is the same function of its path as the walk.
func (ix *index) memoize(paths []string, layers func(int32) *Pattern) {
	if len(paths) == 0 {
		return
	}
	size := 4
	for size < 2*len(paths) {
		size <<= 1
	}
	ix.static = memoTable{slots: make([]memoSlot, size), mask: uint64(size - 1)}
	for _, p := range paths {
		if ix.static.find(p) != nil {
			continue
		}
		cands, caps := ix.walkCandidates(p, 0, nil, nil)
		m := memo{cands: make([]memoCand, len(cands)), caps: slices.Clip(caps)}
		for i, cd := range cands {
			m.cands[i].Candidate = cd
			if cd.Caps >= 0 {
				// The walk matched the layer: one span per parameter.
				m.cands[i].n = int32(2 * len(layers(cd.Index).Keys()))
			}
		}
		ix.static.add(p, m)
	}
}

// Len returns the number of layers.
func (t *Table[H]) Len() int { return len(t.layers) }

// Layer returns layer i. The layer must not be modified.
func (t *Table[H]) Layer(i int32) *Layer[H] { return &t.layers[i] }

// Candidate is a layer that may match a path.
type Candidate struct {
	// Index is the layer's position in the stack.
	Index int32
	// Caps is the offset in the caps slice of the layer's captures when
	// the walk of the tree already matched the layer (a simple pattern):
	// then Match need not run, End is the end of the match, and the
	// captures are caps[Caps:Caps+2*len(keys)]. Caps is -1 when the caller
	// must run the pattern's Match.
	Caps int32
	End  int32
}

// Candidates appends to dst, in stack order, every layer that may match
// path and is not a route layer excluded by filter, and the captures of
// the ones the walk matched to caps. A filter of 0 keeps every route;
// otherwise a route layer is kept when its Methods share a bit with filter.
// A candidate with Caps -1 may still fail its pattern's Match; a layer not
// listed cannot match. It allocates only when dst or caps must grow.
func (t *Table[H]) Candidates(path string, filter uint64, dst []Candidate, caps []int32) ([]Candidate, []int32) {
	return t.ix.candidates(path, filter, dst, caps)
}

func (ix *index) candidates(path string, filter uint64, dst []Candidate, caps []int32) ([]Candidate, []int32) {
	return ix.lookup(path, filter, dst, caps, true)
}

// walkCandidates is candidates without the memo.
func (ix *index) walkCandidates(path string, filter uint64, dst []Candidate, caps []int32) ([]Candidate, []int32) {
	return ix.lookup(path, filter, dst, caps, false)
}

// appendTo appends the memo's candidates that filter keeps, as the walk
// would list them, and their captures.
func (m *memo) appendTo(filter uint64, methods []uint64, dst []Candidate, caps []int32) ([]Candidate, []int32) {
	for _, mc := range m.cands {
		cd := mc.Candidate
		if filter != 0 && methods[cd.Index]&filter == 0 {
			continue
		}
		if mc.n != 0 {
			from := cd.Caps
			cd.Caps = int32(len(caps))
			caps = append(caps, m.caps[from:from+mc.n]...)
		} else if cd.Caps >= 0 {
			cd.Caps = int32(len(caps))
		}
		dst = append(dst, cd)
	}
	return dst, caps
}

func hasParam(segs []Segment) bool {
	for _, s := range segs {
		if s.Param {
			return true
		}
	}
	return false
}

// lookup is candidates, from the memo when memo is set and it has path.
func (ix *index) lookup(path string, filter uint64, dst []Candidate, caps []int32, memo bool) ([]Candidate, []int32) {
	if memo {
		if m := ix.static.find(path); m != nil {
			return m.appendTo(filter, ix.methods, dst, caps)
		}
	}
	start := len(dst)
	w := walker{ix: ix, path: path, filter: filter, dst: dst, caps: caps}
	if path == "" {
		// "" matches what "/" matches, minus strict layers: a superset,
		// left to Match.
		w.path = "/"
		w.walk()
		for i := start; i < len(w.dst); i++ {
			w.dst[i].Caps = -1
		}
	} else if path[0] == '/' {
		w.walk()
	}
	dst, caps = w.dst, w.caps
	for _, o := range ix.others {
		if o.prefix != "" && !hasPrefixFold(path, o.prefix, ix.fold) {
			continue
		}
		if filter != 0 && ix.methods[o.index]&filter == 0 {
			continue
		}
		dst = append(dst, Candidate{Index: o.index, Caps: -1})
	}
	if len(dst)-start > 1 {
		sortCandidates(dst[start:])
	}
	return dst, caps
}

// maxParams bounds the parameters the walk records on one branch; a
// deeper branch is left to Match.
const maxParams = 8

// walker is the state of one walk of the tree.
type walker struct {
	ix     *index
	path   string
	filter uint64
	dst    []Candidate
	caps   []int32
	depth  int32                // parameters on the current branch
	spans  [2 * maxParams]int32 // start, end of each parameter on it
}

// alt is a branch of the walk left for later: a parameter node, the span of
// the parameter's value and the parameter count before it.
type alt struct {
	n                 *node
	start, end, depth int32
}

// walk collects the terminals of the tree nodes the path can reach. It is
// a depth-first search with an explicit stack: a node with both a static
// child and a parameter child for the next segment leaves the parameter for
// later; with only one of them the walk goes straight on.
func (w *walker) walk() {
	var stack [4]alt
	sp := 0
	n, pos := &w.ix.root, 0
	path := w.path
	lower := &identityTable
	if w.ix.fold {
		lower = &lowerTable
	}
	for {
		if l := len(n.prefix); l != 0 {
			// The prefix, eight bytes at a time (matchAt's cases inline).
			if rem := len(path) - pos; rem >= 8 {
				if load8(path[pos:pos+8])&n.lm|n.m0 != n.w0 || l > 8 && (rem < l || !n.matchMore(path, pos)) {
					goto back
				}
			} else if rem < l || !n.matchTail(path, pos) {
				goto back
			}
			pos += l
		}
		if n.terminals {
			if len(n.uses) != 0 && (pos == len(path) || path[pos] == '/') {
				w.uses(n, pos)
			}
			// A route ends the path or leaves at most a slash.
			if len(n.ends) != 0 && len(path)-pos <= 1 {
				w.ends(n, path[pos:])
			}
		}
		if pos < len(path) {
			child := n.child(lower[path[pos]])
			if n.param != nil && w.depth < maxParams {
				if e := paramEnd(path, pos); e > pos {
					if child == nil {
						w.spans[2*w.depth], w.spans[2*w.depth+1] = int32(pos), int32(e)
						w.depth++
						n, pos = n.param, e
						continue
					}
					if sp < len(stack) {
						stack[sp] = alt{n.param, int32(pos), int32(e), w.depth}
						sp++
					} else {
						w.branch(n.param, pos, e)
					}
				}
			}
			if child != nil {
				n = child
				continue
			}
		}
	back:
		if sp == 0 {
			return
		}
		sp--
		a := &stack[sp]
		n, w.depth = a.n, a.depth
		w.spans[2*w.depth], w.spans[2*w.depth+1] = a.start, a.end
		w.depth++
		pos = int(a.end)
	}
}

// paramEnd returns where the parameter value starting at pos ends: at the
// next slash. It looks at eight bytes at a time: the lowest zero byte of
// x^'/'.. found by the borrow trick is exact (false hits only lie above a
// true one).
func paramEnd(path string, pos int) int {
	const ones = 0x0101010101010101
	for pos+8 <= len(path) {
		x := load8(path[pos:pos+8]) ^ '/'*ones
		if t := (x - ones) &^ x & (0x80 * ones); t != 0 {
			return pos + bits.TrailingZeros64(t)/8
		}
		pos += 8
	}
	for pos < len(path) && path[pos] != '/' {
		pos++
	}
	return pos
}

// branch walks a parameter branch recursively, when the explicit stack is
// full.
func (w *walker) branch(param *node, start, end int) {
	depth := w.depth
	w.spans[2*depth], w.spans[2*depth+1] = int32(start), int32(end)
	w.depth++
	w.walkNode(param, end)
	w.depth = depth
}

// walkNode is the recursive form of walk, from node n at pos.
func (w *walker) walkNode(n *node, pos int) {
	path := w.path
	p := n.prefix
	if len(path)-pos < len(p) || !equalFoldLower(path[pos:pos+len(p)], p, w.ix.fold) {
		return
	}
	pos += len(p)
	rest := path[pos:]
	if len(n.uses) != 0 && (rest == "" || rest[0] == '/') {
		w.uses(n, pos)
	}
	if len(n.ends) != 0 && len(rest) <= 1 {
		w.ends(n, rest)
	}
	if rest == "" {
		return
	}
	if n.param != nil && w.depth < maxParams {
		if e := paramEnd(path, pos); e > pos {
			w.branch(n.param, pos, e)
		}
	}
	c := rest[0]
	if w.ix.fold {
		c = lowerTable[c]
	}
	if child := n.child(c); child != nil {
		w.walkNode(child, pos)
	}
}

// uses appends the use layers ending at n; the match ends as path-to-regexp
// 0.1's `\/?(?=\/|$)` makes it: a slash after the prefix is part of the
// match only when another slash or the end follows it.
func (w *walker) uses(n *node, pos int) {
	end := pos
	if rest := w.path[pos:]; len(rest) == 1 || len(rest) > 1 && rest[1] == '/' {
		end++
	}
	for _, u := range n.uses {
		w.add(u, end)
	}
}

// ends appends the route layers ending at n that accept rest; their match
// is the whole path.
func (w *walker) ends(n *node, rest string) {
	if w.filter != 0 && n.endMask&w.filter == 0 {
		return
	}
	for _, e := range n.ends {
		switch e.kind {
		case endLoose:
			if len(rest) > 1 || len(rest) == 1 && rest[0] != '/' {
				continue
			}
		case endExact:
			if rest != "" {
				continue
			}
		case endSlash:
			if rest != "/" {
				continue
			}
		}
		if w.filter != 0 && w.ix.methods[e.index]&w.filter == 0 {
			continue
		}
		w.add(e.index, len(w.path))
	}
}

func (w *walker) add(index int32, end int) {
	w.dst = append(w.dst, Candidate{Index: index, Caps: int32(len(w.caps)), End: int32(end)})
	if w.depth > 0 {
		w.caps = append(w.caps, w.spans[:2*w.depth]...)
	}
}

func hasPrefixFold(s, lowered string, fold bool) bool {
	return len(s) >= len(lowered) && equalFoldLower(s[:len(lowered)], lowered, fold)
}

// equalFoldLower compares a to b, of the same length, b being already
// lower-cased when fold is set: ASCII upper case in a is folded, eight
// bytes at a time.
func equalFoldLower(a, b string, fold bool) bool {
	if !fold {
		return a == b
	}
	for len(a) >= 8 {
		if lower8(load8(a)) != load8(b) {
			return false
		}
		a, b = a[8:], b[8:]
	}
	for i := 0; i < len(a); i++ {
		if lowerTable[a[i]] != b[i] {
			return false
		}
	}
	return true
}

// load8 reads the first eight bytes of s as a little-endian word; the
// compiler turns it into one load.
func load8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// lower8 lower-cases the ASCII letters of eight bytes at once: a byte gets
// 0x20 added when it lies in 'A'..'Z'; bytes >= 0x80 are left alone.
func lower8(x uint64) uint64 {
	const ones = 0x0101010101010101
	h := x & (0x7f * ones)
	geA := h + (0x80-'A')*ones // high bit set when the byte >= 'A'
	gtZ := h + (0x7f-'Z')*ones // high bit set when the byte > 'Z'
	upper := geA &^ gtZ &^ x & (0x80 * ones)
	return x | upper>>2
}

var lowerTable = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
		if 'A' <= i && i <= 'Z' {
			t[i] += 'a' - 'A'
		}
	}
	return t
}()

func sortCandidates(s []Candidate) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].Index < s[j-1].Index; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
