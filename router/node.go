package router

// paramMarker stands for a full-segment parameter in a tree key. Patterns
// whose literals contain it are not simple, so it never collides.
const paramMarker = 0

type endKind uint8

const (
	endLoose endKind = iota // non-strict: "" or "/" may follow
	endExact                // strict, pattern without a trailing slash
	endSlash                // strict, pattern with a trailing slash
)

type terminal struct {
	index int32
	kind  endKind
}

// node is a radix tree node over pattern keys: literal bytes, with
// paramMarker for a parameter segment.
type node struct {
	prefix string
	// w0 and m0 compare the first eight bytes of prefix (fewer for a short
	// prefix; unused bytes zero) eight at a time: path bytes x match when
	// x|m0 == w0. m0 has 0x20 on the bytes that are lower-case letters when
	// the tree folds case, so either case of them matches, as lowerTable
	// folds. more holds the same for the rest of a longer prefix.
	w0, m0    uint64
	lm        uint64 // lenMask of the first chunk
	more      []chunk
	terminals bool   // len(ends)+len(uses) > 0
	indices   string // first byte of each static child
	children  []*node
	table     *[256]uint8 // 1+index of the child by first byte, for many children
	param     *node
	ends      []terminal // route layers ending here, in stack order
	endMask   uint64     // the union of the ends' method sets
	uses      []int32    // use layers ending here, in stack order
}

// chunk compares eight bytes of a prefix at offset off, as w0 and m0 do.
type chunk struct {
	off  int
	w, m uint64
}

// manyChildren is where a node switches from scanning indices to a table.
const manyChildren = 6

// finish computes the derived lookup fields of n and its subtree once the
// tree is built; methods gives each layer's method set.
func (n *node) finish(fold bool, methods []uint64) {
	n.terminals = len(n.ends)+len(n.uses) > 0
	n.endMask = 0
	for _, e := range n.ends {
		n.endMask |= methods[e.index]
	}
	n.w0, n.m0 = prefixWord(n.prefix, fold)
	n.lm = lenMask[min(len(n.prefix), 8)]
	n.more = nil
	if p := n.prefix; len(p) > 8 {
		for off := 8; off < len(p); off += 8 {
			off := min(off, len(p)-8)
			w, m := prefixWord(p[off:off+8], fold)
			n.more = append(n.more, chunk{off, w, m})
		}
	}
	n.table = nil
	if len(n.children) > manyChildren {
		n.table = new([256]uint8)
		for i := 0; i < len(n.indices); i++ {
			n.table[n.indices[i]] = uint8(i + 1)
		}
	}
	for _, c := range n.children {
		c.finish(fold, methods)
	}
	if n.param != nil {
		n.param.finish(fold, methods)
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

// matchTail reports whether path continues with n's prefix at pos when
// fewer than eight bytes of the path are left there (so the prefix is
// shorter than eight bytes). The caller checked that the path is long
// enough: pos+len(n.prefix) <= len(path).
func (n *node) matchTail(path string, pos int) bool {
	l := len(n.prefix)
	var x uint64
	if pos+l >= 8 {
		// The eight bytes that end with the prefix, shifted down.
		x = load8(path[pos+l-8:pos+l]) >> (64 - 8*l)
	} else {
		for i := l - 1; i >= 0; i-- {
			x = x<<8 | uint64(path[pos+i])
		}
	}
	return x|n.m0 == n.w0
}

// matchMore compares the bytes of a prefix longer than eight after the
// first eight; the caller checked the path is long enough.
func (n *node) matchMore(path string, pos int) bool {
	for _, c := range n.more {
		if load8(path[pos+c.off:pos+c.off+8])|c.m != c.w {
			return false
		}
	}
	return true
}

// insert adds key below n, whose prefix is already matched, and returns the
// node where key ends.
func (n *node) insert(key string) *node {
	for key != "" {
		if key[0] == paramMarker {
			if n.param == nil {
				n.param = &node{}
			}
			n = n.param
			key = key[1:]
			continue
		}
		lit := key
		for i := 0; i < len(lit); i++ {
			if lit[i] == paramMarker {
				lit = lit[:i]
				break
			}
		}
		i := indexOf(n.indices, lit[0])
		if i < 0 {
			child := &node{prefix: lit}
			n.indices += string(lit[0])
			n.children = append(n.children, child)
			n = child
			key = key[len(lit):]
			continue
		}
		child := n.children[i]
		common := 0
		for common < len(child.prefix) && common < len(lit) && child.prefix[common] == lit[common] {
			common++
		}
		if common < len(child.prefix) {
			split := &node{
				prefix:   child.prefix[:common],
				indices:  string(child.prefix[common]),
				children: []*node{child},
			}
			child.prefix = child.prefix[common:]
			n.children[i] = split
			child = split
		}
		n = child
		key = key[common:]
	}
	return n
}

func indexOf(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// child returns the static child whose prefix starts with c, or nil. When
// the tree folds case, c must be lower-cased already (the tree holds
// lower-cased literals).
func (n *node) child(c byte) *node {
	if n.table != nil {
		if i := n.table[c]; i != 0 {
			return n.children[i-1]
		}
		return nil
	}
	for i := 0; i < len(n.indices); i++ {
		if n.indices[i] == c {
			return n.children[i]
		}
	}
	return nil
}

// identityTable maps every byte to itself: the case table of a tree that
// does not fold.
var identityTable = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
	}
	return t
}()
