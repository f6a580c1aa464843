package router

import "strings"

// This file matches segment patterns ("/users/:id/posts") without the VM.
// For such a path path-to-regexp generates ^\/users\/(?:([^\/]+?))\/posts
// followed by the trailing-slash and end rules; a parameter's [^\/]+? can
// only stop at the next '/' or at the end, so a single left-to-right scan
// gives the regular expression's match. The same holds for a parameter
// with a one-class regular expression (:id(\d+)), and, worked out per
// trailing-slash and end rule, for a final wildcard (/files/*) or optional
// parameter (/users/:id?). Tests check every case against the VM.

// simpleSegments splits path into simple segments, or reports that the path
// is not simple: it must start with '/', have no empty segment, and each
// segment must be ":name" (word characters) or literal characters that have
// no meaning in path-to-regexp or regular expressions ('.' is allowed: it
// is escaped to \.).
func simpleSegments(path string, ignoreCase bool) ([]Segment, bool, bool) {
	if path == "" || path[0] != '/' {
		return nil, false, false
	}
	rest := path[1:]
	if rest == "" {
		return nil, true, true
	}
	trailing := strings.HasSuffix(rest, "/")
	if trailing {
		rest = rest[:len(rest)-1]
	}
	var segs []Segment
	for _, part := range strings.Split(rest, "/") {
		if part == "" {
			return nil, false, false
		}
		if part[0] == ':' {
			name := part[1:]
			if name == "" {
				return nil, false, false
			}
			for i := 0; i < len(name); i++ {
				if !patIsWord(name[i]) {
					return nil, false, false
				}
			}
			segs = append(segs, Segment{Literal: name, Param: true})
			continue
		}
		for i := 0; i < len(part); i++ {
			if !plainLiteral(part[i]) {
				return nil, false, false
			}
		}
		if ignoreCase {
			part = strings.ToLower(part)
		}
		segs = append(segs, Segment{Literal: part})
	}
	return segs, trailing, true
}

// plainLiteral reports whether c stands for itself in a path-to-regexp path.
func plainLiteral(c byte) bool {
	if c <= ' ' || c >= 0x7F {
		return false
	}
	switch c {
	case '\\', '^', '$', '|', '?', '*', '+', '(', ')', '[', ']', '{', '}', ':', '/':
		return false
	}
	return true
}

// simpleOp is a step of the segment matcher.
type simpleOp struct {
	kind  simpleKind
	lit   string    // opLit: slashes included, lower-cased when case-insensitive
	class reByteSet // opClass
}

type simpleKind uint8

const (
	opLit      simpleKind = iota
	opParam               // [^\/]+?: the bytes up to the next '/', at least one
	opClass               // (set+): a run of set bytes, at least one (set excludes '/')
	opOptParam            // (?:\/([^\/]+?))? ending the path
	opStar                // (.*) ending the path
)

// segmentOps compiles a path of '/'-separated segments into matcher steps:
// literal segments (plain characters), ":name", ":name(class+)", and as the
// last segment "*" or ":name?". "/users/:id/edit" is "/users/", param,
// "/edit". It reports false for any other path (the VM runs it).
func segmentOps(path string, ignoreCase, strict bool) ([]simpleOp, bool) {
	if path == "" || path[0] != '/' {
		return nil, false
	}
	var ops []simpleOp
	lit := ""
	flush := func() {
		if lit != "" {
			ops = append(ops, simpleOp{kind: opLit, lit: lit})
			lit = ""
		}
	}
	i := 0
	for i < len(path) {
		if path[i] != '/' {
			return nil, false
		}
		i++
		if i == len(path) { // trailing slash
			if len(ops) > 0 && (ops[len(ops)-1].kind == opStar || ops[len(ops)-1].kind == opOptParam) {
				return nil, false
			}
			if strict {
				lit += "/"
			}
			break
		}
		j := i
		switch {
		case path[i] == '*':
			if i+1 != len(path) {
				return nil, false
			}
			lit += "/"
			flush()
			ops = append(ops, simpleOp{kind: opStar})
			j = len(path)
		case path[i] == ':':
			j++
			for j < len(path) && patIsWord(path[j]) {
				j++
			}
			if j == i+1 {
				return nil, false
			}
			switch {
			case j == len(path) || path[j] == '/':
				lit += "/"
				flush()
				ops = append(ops, simpleOp{kind: opParam})
			case path[j] == '?' && j+1 == len(path):
				flush() // the '/' is inside the optional group
				ops = append(ops, simpleOp{kind: opOptParam})
				j++
			case path[j] == '(':
				e := strings.IndexByte(path[j:], ')')
				if e < 0 {
					return nil, false
				}
				set, ok := paramClass(path[j:j+e+1], ignoreCase)
				if !ok {
					return nil, false
				}
				j += e + 1
				if j < len(path) && path[j] != '/' {
					return nil, false
				}
				lit += "/"
				flush()
				ops = append(ops, simpleOp{kind: opClass, class: set})
			default:
				return nil, false
			}
		default:
			for j < len(path) && path[j] != '/' {
				if !plainLiteral(path[j]) {
					return nil, false
				}
				j++
			}
			seg := path[i:j]
			if ignoreCase {
				seg = strings.ToLower(seg)
			}
			lit += "/" + seg
		}
		i = j
	}
	flush()
	return ops, true
}

// paramClass recognises a parameter's regular expression "(class+)" (or
// class+?) whose class excludes '/', and returns the class.
func paramClass(capture string, ignoreCase bool) (reByteSet, bool) {
	src := rewriteCapture(toUnits(capture))
	tree, groups, looks, err := parseRegex(src, ignoreCase)
	if err != nil || groups != 1 || looks != 0 || tree.kind != astGroup || tree.capture != 1 {
		return reByteSet{}, false
	}
	r := tree.subs[0]
	if r.kind != astRepeat || r.min != 1 || r.max != -1 || r.subs[0].kind != astSet || r.subs[0].set.has('/') {
		return reByteSet{}, false
	}
	return r.subs[0].set, true
}

// hasPrefixLower reports whether s starts with lit, ignoring ASCII case
// (lit is lower-case).
func hasPrefixLower(s, lit string) bool {
	if len(s) < len(lit) {
		return false
	}
	if s[:len(lit)] == lit {
		return true
	}
	for i := 0; i < len(lit); i++ {
		if c := s[i]; c != lit[i] && !(c >= 'A' && c <= 'Z' && c+32 == lit[i]) {
			return false
		}
	}
	return true
}

func (p *Pattern) matchSimple(path string, caps []int32) (int, int, bool) {
	i, k := 0, 0
	n := len(path)
	for j := range p.ops {
		op := &p.ops[j]
		switch op.kind {
		case opLit:
			if p.opts.CaseSensitive {
				if !strings.HasPrefix(path[i:], op.lit) {
					return 0, 0, false
				}
			} else if !hasPrefixLower(path[i:], op.lit) {
				return 0, 0, false
			}
			i += len(op.lit)
			continue
		case opParam:
			if i >= n || path[i] == '/' {
				return 0, 0, false
			}
			e := strings.IndexByte(path[i:], '/')
			if e < 0 {
				e = n
			} else {
				e += i
			}
			caps[2*k], caps[2*k+1] = int32(i), int32(e)
			k++
			i = e
			continue
		case opClass:
			e := i
			for e < n && op.class.has(path[e]) {
				e++
			}
			if e == i {
				return 0, 0, false
			}
			caps[2*k], caps[2*k+1] = int32(i), int32(e)
			k++
			i = e
			continue
		case opStar:
			// (.*) takes the rest, up to a line terminator: then the VM
			// works out the backtracking into the trailing-slash rule.
			if rest := path[i:]; strings.IndexByte(rest, '\n') >= 0 || strings.IndexByte(rest, '\r') >= 0 {
				return p.re.match(path, caps, len(p.keys))
			}
			caps[2*k], caps[2*k+1] = int32(i), int32(n)
			return 0, n, true
		case opOptParam:
			return p.matchOptional(path, i, caps[2*k:2*k+2])
		}
	}
	return p.matchTail(path, i)
}

// matchTail applies the trailing-slash and end rules at i.
func (p *Pattern) matchTail(path string, i int) (int, int, bool) {
	n := len(path)
	switch {
	case !p.opts.Strict && p.opts.End: // \/?$
		if i == n || path[i] == '/' && i+1 == n {
			return 0, n, true
		}
	case !p.opts.Strict: // \/?(?=\/|$)
		if i < n && path[i] == '/' && (i+1 == n || path[i+1] == '/') {
			return 0, i + 1, true
		}
		if i == n || path[i] == '/' {
			return 0, i, true
		}
	case p.opts.End: // $ (a trailing slash is in the last literal)
		if i == n {
			return 0, n, true
		}
	case p.trailing: // a prefix ending in '/'
		return 0, i, true
	default: // (?=\/|$)
		if i == n || path[i] == '/' {
			return 0, i, true
		}
	}
	return 0, 0, false
}

// matchOptional matches a final (?:\/([^\/]+?))? and the tail at i. The
// group is tried first; its parameter can only end at the next '/' (or the
// end), where the tail must then hold, else the group is skipped.
func (p *Pattern) matchOptional(path string, i int, cap2 []int32) (int, int, bool) {
	n := len(path)
	cap2[0], cap2[1] = -1, -1
	if i+1 < n && path[i] == '/' && path[i+1] != '/' {
		e := strings.IndexByte(path[i+1:], '/')
		if e < 0 {
			e = n
		} else {
			e += i + 1
		}
		switch {
		case !p.opts.Strict && p.opts.End: // \/?$
			if e == n || e+1 == n {
				cap2[0], cap2[1] = int32(i+1), int32(e)
				return 0, n, true
			}
		case !p.opts.Strict: // \/?(?=\/|$): holds at e
			cap2[0], cap2[1] = int32(i+1), int32(e)
			if e < n && (e+1 == n || path[e+1] == '/') {
				return 0, e + 1, true
			}
			return 0, e, true
		case p.opts.End: // $
			if e == n {
				cap2[0], cap2[1] = int32(i+1), int32(n)
				return 0, n, true
			}
		default: // (?=\/|$): holds at e
			cap2[0], cap2[1] = int32(i+1), int32(e)
			return 0, e, true
		}
	}
	return p.matchTail(path, i)
}

// capturingOps counts the steps that capture, which must be the keys.
func capturingOps(ops []simpleOp) int {
	n := 0
	for _, op := range ops {
		if op.kind != opLit {
			n++
		}
	}
	return n
}
