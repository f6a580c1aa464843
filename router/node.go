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
	prefix    string
	terminals bool   // len(ends)+len(uses) > 0
	indices   string // first byte of each static child
	children  []*node
	table     *[256]uint8 // 1+index of the child by first byte, for many children
	param     *node
	ends      []terminal // route layers ending here, in stack order
	uses      []int32    // use layers ending here, in stack order
}

// manyChildren is where a node switches from scanning indices to a table.
const manyChildren = 6

// finish computes the derived lookup fields of n and its subtree once the
// tree is built.
func (n *node) finish() {
	n.terminals = len(n.ends)+len(n.uses) > 0
	n.table = nil
	if len(n.children) > manyChildren {
		n.table = new([256]uint8)
		for i := 0; i < len(n.indices); i++ {
			n.table[n.indices[i]] = uint8(i + 1)
		}
	}
	for _, c := range n.children {
		c.finish()
	}
	if n.param != nil {
		n.param.finish()
	}
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

// child returns the static child whose prefix starts with c (folded when
// fold is set, the tree holding lower-cased literals), or nil.
func (n *node) child(c byte, fold bool) *node {
	if fold {
		c = lowerTable[c]
	}
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
