package router

import "strings"

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
	for i := range layers {
		l := &layers[i]
		ix.methods[i] = ^uint64(0)
		if l.Route {
			ix.methods[i] = l.Methods
		}
		segs, trailing, ok := l.Pattern.Simple()
		if !ok || l.Pattern.FastSlash() || l.Pattern.FastStar() {
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
		if len(segs) == 0 {
			key.WriteByte('/') // "/": the slash is part of the key
			trailing = false
		}
		n := ix.root.insert(key.String())
		switch {
		case !l.Route:
			n.uses = append(n.uses, int32(i))
		case !l.Strict:
			n.ends = append(n.ends, terminal{int32(i), endLoose})
		case trailing:
			n.ends = append(n.ends, terminal{int32(i), endSlash})
		default:
			n.ends = append(n.ends, terminal{int32(i), endExact})
		}
	}
	return t
}

// Len returns the number of layers.
func (t *Table[H]) Len() int { return len(t.layers) }

// Layer returns layer i. The layer must not be modified.
func (t *Table[H]) Layer(i int32) *Layer[H] { return &t.layers[i] }

// Candidates appends to dst, in stack order, the index of every layer that
// may match path and is not a route layer excluded by filter. A filter of 0
// keeps every route; otherwise a route layer is kept when its Methods share
// a bit with filter. A layer listed may still fail its pattern's Match; a
// layer not listed cannot match. It allocates only when dst must grow.
func (t *Table[H]) Candidates(path string, filter uint64, dst []int32) []int32 {
	return t.ix.candidates(path, filter, dst)
}

func (ix *index) candidates(path string, filter uint64, dst []int32) []int32 {
	start := len(dst)
	switch {
	case path == "":
		// "" matches what "/" matches, minus strict layers: a superset.
		dst = ix.walk("/", filter, dst)
	case path[0] == '/':
		dst = ix.walk(path, filter, dst)
	}
	for _, o := range ix.others {
		if o.prefix != "" && !hasPrefixFold(path, o.prefix, ix.fold) {
			continue
		}
		if filter != 0 && ix.methods[o.index]&filter == 0 {
			continue
		}
		dst = append(dst, o.index)
	}
	if len(dst)-start > 1 {
		sortInt32(dst[start:])
	}
	return dst
}

// alt is a branch of the walk left for later: a parameter node and the
// position after the parameter's value.
type alt struct {
	n   *node
	pos int
}

// walk collects the terminals of the tree nodes path can reach. It is a
// depth-first search with an explicit stack; only parameter nodes branch.
func (ix *index) walk(path string, filter uint64, dst []int32) []int32 {
	var stack [8]alt
	sp := 0
	n, pos := &ix.root, 0
	for {
		p := n.prefix
		if len(path)-pos >= len(p) && equalFoldLower(path[pos:pos+len(p)], p, ix.fold) {
			pos += len(p)
			rest := path[pos:]
			if len(n.uses) != 0 && (rest == "" || rest[0] == '/') {
				for _, u := range n.uses {
					dst = append(dst, u)
				}
			}
			if len(n.ends) != 0 {
				dst = ix.ends(n, rest, filter, dst)
			}
			if rest != "" {
				if n.param != nil && pos > 0 && path[pos-1] == '/' {
					e := strings.IndexByte(rest, '/')
					if e < 0 {
						e = len(rest)
					}
					if e > 0 {
						if sp < len(stack) {
							stack[sp] = alt{n.param, pos + e}
							sp++
						} else {
							dst = ix.walkFrom(n.param, path, pos+e, filter, dst)
						}
					}
				}
				if child := n.child(rest[0], ix.fold); child != nil {
					n = child
					continue
				}
			}
		}
		if sp == 0 {
			return dst
		}
		sp--
		n, pos = stack[sp].n, stack[sp].pos
	}
}

// walkFrom is the recursive walk used when the explicit stack is full.
func (ix *index) walkFrom(n *node, path string, pos int, filter uint64, dst []int32) []int32 {
	p := n.prefix
	if len(path)-pos < len(p) || !equalFoldLower(path[pos:pos+len(p)], p, ix.fold) {
		return dst
	}
	pos += len(p)
	rest := path[pos:]
	if len(n.uses) != 0 && (rest == "" || rest[0] == '/') {
		dst = append(dst, n.uses...)
	}
	dst = ix.ends(n, rest, filter, dst)
	if rest == "" {
		return dst
	}
	if n.param != nil && path[pos-1] == '/' {
		e := strings.IndexByte(rest, '/')
		if e < 0 {
			e = len(rest)
		}
		if e > 0 {
			dst = ix.walkFrom(n.param, path, pos+e, filter, dst)
		}
	}
	if child := n.child(rest[0], ix.fold); child != nil {
		dst = ix.walkFrom(child, path, pos, filter, dst)
	}
	return dst
}

// ends appends the route layers ending at n that accept rest.
func (ix *index) ends(n *node, rest string, filter uint64, dst []int32) []int32 {
	for _, e := range n.ends {
		switch e.kind {
		case endLoose:
			if rest != "" && rest != "/" {
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
		if filter != 0 && ix.methods[e.index]&filter == 0 {
			continue
		}
		dst = append(dst, e.index)
	}
	return dst
}

func hasPrefixFold(s, lowered string, fold bool) bool {
	return len(s) >= len(lowered) && equalFoldLower(s[:len(lowered)], lowered, fold)
}

// equalFoldLower compares a to b, which is already lower-cased when fold is
// set, folding ASCII upper case in a.
func equalFoldLower(a, b string, fold bool) bool {
	if !fold {
		return a == b
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != b[i] {
			return false
		}
	}
	return true
}

func sortInt32(s []int32) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
