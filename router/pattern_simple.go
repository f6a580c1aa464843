package router

import "strings"

// This file matches simple patterns ("/users/:id/posts") without the VM.
// For such a path path-to-regexp generates ^\/users\/(?:([^\/]+?))\/posts
// followed by the trailing-slash and end rules; a parameter's [^\/]+? can
// only stop at the next '/' or at the end, so a single left-to-right scan
// gives the regular expression's match. Tests check it against the VM.

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

func (p *Pattern) matchSimple(path string, caps []int32) (int, int, bool) {
	ignoreCase := !p.opts.CaseSensitive
	i, k := 0, 0
	for _, seg := range p.segs {
		if i >= len(path) || path[i] != '/' {
			return 0, 0, false
		}
		i++
		if seg.Param {
			j := i
			for j < len(path) && path[j] != '/' {
				j++
			}
			if j == i {
				return 0, 0, false
			}
			caps[2*k], caps[2*k+1] = int32(i), int32(j)
			k++
			i = j
			continue
		}
		lit := seg.Literal
		if len(path)-i < len(lit) {
			return 0, 0, false
		}
		if ignoreCase {
			for t := 0; t < len(lit); t++ {
				if patLower(path[i+t]) != lit[t] {
					return 0, 0, false
				}
			}
		} else if path[i:i+len(lit)] != lit {
			return 0, 0, false
		}
		i += len(lit)
	}
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
	case p.trailing: // \/$ or \/
		if i < n && path[i] == '/' && (!p.opts.End || i+1 == n) {
			return 0, i + 1, true
		}
	case p.opts.End: // $
		if i == n {
			return 0, n, true
		}
	default: // (?=\/|$)
		if i == n || path[i] == '/' {
			return 0, i, true
		}
	}
	return 0, 0, false
}
