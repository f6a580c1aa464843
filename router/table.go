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
	root   node
	// others are the layers the tree cannot hold (regexps, optional or
	// regex parameters, wildcards ...), in stack order; a path is matched
	// against their literal prefix only.
	others []other
	fold   bool
}

type other struct {
	index  int32
	prefix string // empty: always a candidate
}

// NewTable compiles layers. caseSensitive must match the options the
// patterns were compiled with (one router has one setting).
func NewTable[H any](layers []Layer[H], caseSensitive bool) *Table[H] {
	t := &Table[H]{layers: layers, fold: !caseSensitive}
	for i := range layers {
		l := &layers[i]
		segs, trailing, ok := l.Pattern.Simple()
		if !ok || l.Pattern.FastSlash() || l.Pattern.FastStar() {
			t.others = append(t.others, other{index: int32(i), prefix: l.Pattern.LiteralPrefix()})
			continue
		}
		var key strings.Builder
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
		n := t.root.insert(key.String())
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
	start := len(dst)
	switch {
	case path == "":
		// "" matches what "/" matches, minus strict layers: a superset.
		dst = t.walk(&t.root, "/", 0, filter, dst)
	case path[0] == '/':
		dst = t.walk(&t.root, path, 0, filter, dst)
	}
	for _, o := range t.others {
		if o.prefix != "" && !hasPrefixFold(path, o.prefix, t.fold) {
			continue
		}
		if filter != 0 && t.layers[o.index].Route && t.layers[o.index].Methods&filter == 0 {
			continue
		}
		dst = append(dst, o.index)
	}
	sortInt32(dst[start:])
	return dst
}

func (t *Table[H]) walk(n *node, path string, pos int, filter uint64, dst []int32) []int32 {
	p := n.prefix
	if len(path)-pos < len(p) || !equalFoldLower(path[pos:pos+len(p)], p, t.fold) {
		return dst
	}
	pos += len(p)
	rest := path[pos:]
	if len(n.uses) != 0 && (rest == "" || rest[0] == '/') {
		dst = append(dst, n.uses...)
	}
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
		if filter != 0 && t.layers[e.index].Methods&filter == 0 {
			continue
		}
		dst = append(dst, e.index)
	}
	if rest == "" {
		return dst
	}
	if n.param != nil && pos > 0 && path[pos-1] == '/' {
		e := strings.IndexByte(rest, '/')
		if e < 0 {
			e = len(rest)
		}
		if e > 0 {
			dst = t.walk(n.param, path, pos+e, filter, dst)
		}
	}
	c := rest[0]
	if t.fold && 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	for i, b := range []byte(n.indices) {
		if b == c {
			return t.walk(n.children[i], path, pos, filter, dst)
		}
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
