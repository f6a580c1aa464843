package router

import (
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
)

// This file compiles arrays of paths and *regexp.Regexp paths.
//
// Express (path-to-regexp) compiles an array to one RegExp whose source is
// the elements' sources joined with '|', with the array's flags. When every
// element is a string (or an array of strings) the joined source is compiled
// as one regex. A *regexp.Regexp element cannot join a JavaScript source, so
// the array is split into parts (runs of string elements, and each Go
// regexp) and matched as the alternation would be: the leftmost match wins,
// and at equal start the earlier part. A Go regexp element takes the array's
// case-insensitivity, as a RegExp element takes the array's flags in
// Express.

type patternPart struct {
	re         *regex
	goRe       *regexp.Regexp
	firstGroup int // global number of the part's first group (1-based)
	groups     int
}

// arrayLeaf is a flattened array element: a JavaScript source or a Go
// regexp.
type arrayLeaf struct {
	src  []uint16
	goRe *regexp.Regexp
}

func (p *Pattern) compileArray(elems []any) error {
	var keys []ptrKey
	var leaves []arrayLeaf
	if err := p.flatten(elems, &keys, &leaves, 0); err != nil {
		return err
	}
	p.keys = publicKeys(keys)
	hasGo := false
	var srcs []string
	for _, l := range leaves {
		if l.goRe != nil {
			hasGo = true
			srcs = append(srcs, l.goRe.String())
		} else {
			srcs = append(srcs, fromUnits(l.src))
		}
	}
	p.source = strings.Join(srcs, "|")
	if len(leaves) == 0 {
		p.source = "(?:)"
	}
	ignoreCase := !p.opts.CaseSensitive
	if !hasGo {
		re, err := compileRegex(toUnits(p.source), ignoreCase)
		if err != nil {
			return p.wrap(err)
		}
		p.kind, p.re, p.prefix = kindVM, re, re.prefix
		return nil
	}
	p.kind = kindComposite
	group := 1
	var run []string
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		re, err := compileRegex(toUnits(strings.Join(run, "|")), ignoreCase)
		if err != nil {
			return p.wrap(err)
		}
		p.parts = append(p.parts, patternPart{re: re, firstGroup: group, groups: re.groups})
		group += re.groups
		run = run[:0]
		return nil
	}
	for _, l := range leaves {
		if l.goRe == nil {
			run = append(run, fromUnits(l.src))
			continue
		}
		if err := flush(); err != nil {
			return err
		}
		g := l.goRe
		if ignoreCase {
			var err error
			if g, err = regexp.Compile("(?i)" + g.String()); err != nil {
				return &PatternError{Path: p.str, Msg: err.Error()}
			}
		}
		p.parts = append(p.parts, patternPart{goRe: g, firstGroup: group, groups: g.NumSubexp()})
		group += g.NumSubexp()
	}
	return flush()
}

// flatten walks a (nested) array as path-to-regexp's recursion does,
// collecting keys and each element's source.
func (p *Pattern) flatten(elems []any, keys *[]ptrKey, leaves *[]arrayLeaf, depth int) error {
	if depth > reMaxNesting {
		return &PatternError{Path: p.str, Msg: "arrays nested too deeply", Unsupported: true}
	}
	for _, e := range elems {
		switch v := e.(type) {
		case string:
			src := ptrSource(toUnits(v), keys, p.opts.Strict, p.opts.End)
			// Each element is a RegExp of its own first, and throws alone.
			if _, _, _, err := parseRegex(src, false); err != nil {
				return p.wrapElement(v, src, err)
			}
			*leaves = append(*leaves, arrayLeaf{src: escapeSource(src)})
		case JSRegExp, *JSRegExp:
			js, ok := v.(JSRegExp)
			if !ok {
				if v.(*JSRegExp) == nil {
					return &PatternError{Path: p.str, Msg: "nil *JSRegExp in array"}
				}
				js = *v.(*JSRegExp)
			}
			src := toUnits(js.Source)
			if _, _, _, err := parseRegex(src, false); err != nil {
				return p.wrapElement(js.Source, src, err)
			}
			*keys = append(*keys, jsRegExpKeys(src)...)
			*leaves = append(*leaves, arrayLeaf{src: escapeSource(src)})
		case *regexp.Regexp:
			if v == nil {
				return &PatternError{Path: p.str, Msg: "nil *regexp.Regexp in array"}
			}
			*keys = append(*keys, goRegexpPtrKeys(v)...)
			*leaves = append(*leaves, arrayLeaf{goRe: v})
		case []string:
			sub := make([]any, len(v))
			for i, s := range v {
				sub[i] = s
			}
			if err := p.flattenSub(sub, keys, leaves, depth); err != nil {
				return err
			}
		case []any:
			if err := p.flattenSub(v, keys, leaves, depth); err != nil {
				return err
			}
		default:
			return &PatternError{Path: p.str, Msg: "path must be a string, array of strings, or regular expression"}
		}
	}
	return nil
}

// flattenSub flattens a nested array; an empty one is a RegExp with the
// empty source, which JavaScript shows as (?:).
func (p *Pattern) flattenSub(elems []any, keys *[]ptrKey, leaves *[]arrayLeaf, depth int) error {
	if len(elems) == 0 {
		*leaves = append(*leaves, arrayLeaf{src: toUnits("(?:)")})
		return nil
	}
	return p.flatten(elems, keys, leaves, depth+1)
}

func (p *Pattern) wrapElement(elem string, src []uint16, err error) error {
	e := &PatternError{Path: p.str, Source: fromUnits(escapeSource(src)),
		Msg: "element " + strconv.Quote(elem) + ": " + err.Error()}
	if se, ok := err.(*regexSyntaxError); ok && se.unsupported {
		e.Unsupported = true
	}
	return e
}

// goRegexpPtrKeys names a Go regexp's groups as path-to-regexp names a
// RegExp's: the group name, or a counter of unnamed groups from 0.
func goRegexpPtrKeys(re *regexp.Regexp) []ptrKey {
	var keys []ptrKey
	n := 0
	for _, name := range re.SubexpNames()[1:] {
		if name == "" {
			name = strconv.Itoa(n)
			n++
		}
		keys = append(keys, ptrKey{name: name})
	}
	return keys
}

func goRegexpKeys(re *regexp.Regexp) []Key { return publicKeys(goRegexpPtrKeys(re)) }

// goRegexpPrefix returns the literal a Go regexp's matches start with at
// offset 0: only for a regexp that begins with ^ (or \A) followed by a
// literal, lower-cased when the router is case-insensitive, and only while
// the literal is ASCII and (for a case-sensitive router) not case-folded.
func goRegexpPrefix(re *regexp.Regexp, ignoreCase bool) string {
	t, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return ""
	}
	t = t.Simplify()
	if t.Op != syntax.OpConcat || len(t.Sub) < 2 || t.Sub[0].Op != syntax.OpBeginText {
		return ""
	}
	lit := t.Sub[1]
	if lit.Op != syntax.OpLiteral || lit.Flags&syntax.FoldCase != 0 && !ignoreCase {
		return ""
	}
	var b strings.Builder
	for _, r := range lit.Rune {
		if r >= 0x80 {
			break
		}
		c := byte(r)
		if ignoreCase {
			c = patLower(c)
		}
		b.WriteByte(c)
	}
	return b.String()
}

// matchGoRegexp matches a Go regexp and copies the captures of its first
// nkeys groups to caps (-1 for keys beyond its groups).
func matchGoRegexp(re *regexp.Regexp, path string, caps []int32, nkeys int) (int, int, bool) {
	loc := re.FindStringSubmatchIndex(path)
	if loc == nil {
		return 0, 0, false
	}
	for i := 0; i < nkeys; i++ {
		if g := i + 1; 2*g+1 < len(loc) {
			caps[2*i], caps[2*i+1] = int32(loc[2*g]), int32(loc[2*g+1])
		} else {
			caps[2*i], caps[2*i+1] = -1, -1
		}
	}
	return loc[0], loc[1], true
}

func (p *Pattern) matchComposite(path string, caps []int32) (int, int, bool) {
	best, bestStart := -1, 0
	for i := range p.parts {
		part := &p.parts[i]
		var start int
		var ok bool
		if part.goRe != nil {
			loc := part.goRe.FindStringIndex(path)
			ok = loc != nil
			if ok {
				start = loc[0]
			}
		} else {
			start, _, ok = part.re.match(path, nil, 0)
		}
		if ok && (best < 0 || start < bestStart) {
			best, bestStart = i, start
			if start == 0 {
				break
			}
		}
	}
	if best < 0 {
		return 0, 0, false
	}
	for i := range p.keys {
		caps[2*i], caps[2*i+1] = -1, -1
	}
	part := &p.parts[best]
	// Run the winning part again for its captures, into the keys of its
	// groups (keys beyond the groups stay -1).
	lo := part.firstGroup - 1
	hi := min(lo+part.groups, len(p.keys))
	var start, end int
	if part.goRe != nil {
		start, end, _ = matchGoRegexp(part.goRe, path, caps[2*lo:], hi-lo)
	} else {
		start, end, _ = part.re.match(path, caps[2*lo:], hi-lo)
	}
	return start, end, true
}
