package router

import "slices"

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
// which layers may match a path, in stack order, with one walk of a trie
// keyed by path segment instead of trying every layer. Safe for concurrent
// use.
type Table[H any] struct {
	layers []Layer[H]
	ix     index
}

// index is the part of a Table that does not depend on the handle type,
// kept apart so that the hot loop is not generic code.
type index struct {
	// root is the trie of the simple patterns.
	root trie
	// rootEnds holds the patterns with no segment ("/"), matched after
	// the path's first '/'.
	rootEnds trie
	// others are the layers the trie cannot hold (regexps, optional or
	// regex parameters, wildcards, "/" for use ...), in stack order; a path
	// is matched against their literal prefix only.
	others []other
	// methods[i] is layer i's method set; use layers have every bit set.
	methods []uint64
	fold    bool
	// mode is how find answers a path of a segment or more: byLookup
	// (the general walk), byDescent (root.linear(): the walk without a
	// stack) or byLead (the descent, which a path starting with lead
	// starts at leadNode).
	mode uint8
	// lead, for byLead, is the root's chain of only children as a path
	// ("/a" or "/a/b", at most seven bytes) followed by '/', compared in
	// one word: the first leadLen+1 bytes of a path x match it when
	// (x|leadM)&leadMask == leadW (leadM is prefixWord's case mask). The
	// descent then starts at leadNode, at leadLen (the '/'), where the
	// segments of the lead would have taken it.
	leadW, leadM, leadMask uint64
	leadLen                uint
	leadNode               *trie
	// leadTail is set when leadNode has no static child and a param
	// child without children, and others is empty: find's tail answers
	// a path with the lead.
	leadTail bool
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
	// lens has bit len(key)%64 set for each key: a path whose length
	// modulo 64 no key has misses without hashing (the caller checks,
	// with one bit test: the processor takes a bit index modulo 64).
	lens uint64
	// slash is the memo of "/", the only key of length 1, or nil.
	slash *memo
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
	if t.slots == nil {
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
	t.lens |= 1 << (len(path) & 63)
}

// memo is the walk's answer for one path: the candidates and their
// captures, Caps counted from the start of caps.
type memo struct {
	cands []memoCand
	caps  []int32
	// one is set when cands is one candidate without captures (n 0).
	one bool
}

// memoCand is a memoized candidate, the number of its captures and its
// layer's method set.
type memoCand struct {
	Candidate
	n       int32
	methods uint64
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
		root := len(segs) == 0
		n := ix.root.insert(segs)
		if root {
			n = &ix.rootEnds
		}
		if !hasParam(segs) {
			static = append(static, patternPath(segs))
		}
		e := routeEnd{int32(i), ix.methods[i]}
		switch {
		case !l.Route:
			n.uses = append(n.uses, int32(i))
		case root:
			// "/": a non-strict route's optional trailing slash is this
			// slash (/^\/?$/), so it matches "/" (and "", left to Match)
			// but not "//", as a strict one.
			n.exact = append(n.exact, e)
		case !l.Strict:
			n.exact = append(n.exact, e)
			n.slash = append(n.slash, e)
		case trailing:
			n.slash = append(n.slash, e)
		default:
			n.exact = append(n.exact, e)
		}
	}
	ix.root.finish(ix.fold, 0, nil)
	ix.rootEnds.finish(ix.fold, 0, nil)
	ix.mode = byLookup
	if ix.root.linear() {
		ix.mode = byDescent
		ix.setLead()
	}
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
			m.cands[i].methods = ix.methods[cd.Index]
			if cd.Caps >= 0 {
				// The walk matched the layer: one span per parameter.
				m.cands[i].n = int32(2 * len(layers(cd.Index).Keys()))
			}
		}
		m.one = len(m.cands) == 1 && m.cands[0].n == 0
		ix.static.add(p, m)
	}
	ix.static.slash = ix.static.find("/")
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
	// the walk of the trie already matched the layer (a simple pattern):
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
// listed cannot match. It allocates only when dst must grow or caps has
// less than 16 entries to spare, and may write anywhere in the spare
// capacity of caps (beyond what it appends). Candidates may share
// captures (the same Caps).
func (t *Table[H]) Candidates(path string, filter uint64, dst []Candidate, caps []int32) ([]Candidate, []int32) {
	t.ix.find(path, filter, &dst, &caps)
	return dst, caps
}

// Find is Candidates appending to *cands and *caps, so that its arguments
// fit in registers. It allocates as Candidates does, may write in the
// spare capacity of *caps, and does not retain the pointers.
func (t *Table[H]) Find(path string, filter uint64, cands *[]Candidate, caps *[]int32) {
	t.ix.find(path, filter, cands, caps)
}

// candidates is Candidates on the index.
func (ix *index) candidates(path string, filter uint64, dst []Candidate, caps []int32) ([]Candidate, []int32) {
	ix.find(path, filter, &dst, &caps)
	return dst, caps
}

// walkCandidates is Candidates without the memo.
func (ix *index) walkCandidates(path string, filter uint64, dst []Candidate, caps []int32) ([]Candidate, []int32) {
	ix.lookup(path, filter, &dst, &caps, false)
	return dst, caps
}

// appendTo appends the memo's candidates that filter keeps to *cands, as
// the walk would list them, and their captures to *caps. The slices are
// grown by their length alone when they have room (no write barrier).
// lookup appends the common memo, one candidate without captures, itself.
func (m *memo) appendTo(filter uint64, cands *[]Candidate, caps *[]int32) {
	for i := range m.cands {
		mc := &m.cands[i]
		if mc.methods&filter == 0 && filter != 0 {
			continue
		}
		cd := mc.Candidate
		if mc.n != 0 {
			cd.Caps = int32(len(*caps))
			appendCaps(caps, m.caps[mc.Caps:mc.Caps+mc.n])
		} else if cd.Caps >= 0 {
			cd.Caps = int32(len(*caps))
		}
		k := len(*cands)
		if k == cap(*cands) {
			growCandidates(cands)
		}
		*cands = (*cands)[:k+1]
		(*cands)[k] = cd
	}
}

// appendCaps appends spans to *caps.
func appendCaps(caps *[]int32, spans []int32) {
	k := len(*caps)
	if cap(*caps)-k < len(spans) {
		*caps = slices.Grow(*caps, len(spans))
	}
	*caps = (*caps)[:k+len(spans)]
	copy((*caps)[k:], spans)
}

func hasParam(segs []Segment) bool {
	for _, s := range segs {
		if s.Param {
			return true
		}
	}
	return false
}

// lookup is Find, from the memo when useMemo is set and it has path.
func (ix *index) lookup(path string, filter uint64, cands *[]Candidate, caps *[]int32, useMemo bool) {
	if useMemo && ix.static.lens&(1<<(uint(len(path))&63)) != 0 {
		var m *memo
		if len(path) == 1 {
			if path[0] == '/' {
				m = ix.static.slash
			}
		} else {
			m = ix.static.find(path)
		}
		if m != nil {
			// The common memo, one candidate without captures (one),
			// appended without a call: appendTo's answer.
			if k := len(*cands); m.one && k < cap(*cands) {
				mc := &m.cands[0]
				if mc.methods&filter != 0 || filter == 0 {
					cd := mc.Candidate
					if cd.Caps >= 0 {
						cd.Caps = int32(len(*caps))
					}
					*cands = (*cands)[:k+1]
					(*cands)[k] = cd
				}
				return
			}
			m.appendTo(filter, cands, caps)
			return
		}
	}
	var w walker
	w.dst, w.caps, w.filter = cands, caps, filter
	start := len(*cands)
	if path == "" || path[0] == '/' {
		p := path
		if p == "" {
			// "" matches what "/" matches, minus strict layers: a
			// superset, left to Match (below).
			p = "/"
		}
		if r := &ix.rootEnds; r.terminal && (len(p) == 1 || p[1] == '/') {
			// The patterns without a segment ("/"): as the other
			// nodes' but reached after the first '/'.
			w.terminals(r, p, 1)
		}
		w.walk(&ix.root, 0, p)
		if path == "" {
			for i := start; i < len(*cands); i++ {
				(*cands)[i].Caps = -1
			}
		}
	}
	if ix.others != nil {
		w.others(ix, path)
	}
	if len(*cands)-start > 1 {
		sortCandidates((*cands)[start:])
	}
}

// others appends the layers the trie does not hold whose literal prefix
// path has and that the filter keeps.
func (w *walker) others(ix *index, path string) {
	for _, o := range ix.others {
		if o.prefix != "" && !hasPrefixFold(path, o.prefix, ix.fold) {
			continue
		}
		if w.filter != 0 && ix.methods[o.index]&w.filter == 0 {
			continue
		}
		*w.dst = append(*w.dst, Candidate{Index: o.index, Caps: -1})
	}
}

// patternPath is the path a parameterless simple pattern matches as
// written: its segments joined by '/', or "/".
func patternPath(segs []Segment) string {
	if len(segs) == 0 {
		return "/"
	}
	b := make([]byte, 0, 64)
	for _, s := range segs {
		b = append(b, '/')
		b = append(b, s.Literal...)
	}
	return string(b)
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
