package router

import (
	"strconv"
	"unicode/utf16"
)

// This file reproduces pathToRegexp of path-to-regexp 0.1.13 (the version
// Express 4.22 uses) for string paths: the same rewrite into a regular
// expression source, the same key list (including its quirks: unnamed keys
// for every extra capturing group, numbered per call), working on UTF-16
// code units as JavaScript strings do.

type ptrKey struct {
	name     string
	optional bool
	offset   int
}

func toUnits(s string) []uint16 { return utf16.Encode([]rune(s)) }

func fromUnits(u []uint16) string { return string(utf16.Decode(u)) }

func isLineTerm(c uint16) bool { return c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029 }

func isWordUnit(c uint16) bool { return c < 0x80 && patIsWord(byte(c)) }

var (
	unitsEscDot   = toUnits(`\.`)
	unitsStar     = toUnits(`(.*)`)
	unitsSlashGrp = toUnits(`/(?:`)
	unitsLookOpen = toUnits(`((?:(?!/|`)
	unitsLookEnd  = toUnits(`).)+?)`)
	unitsSegOpen  = toUnits(`([^/`)
	unitsSegEnd   = toUnits(`]+?)`)
	unitsStarOpen = toUnits(`((?:[/`)
	unitsStarEnd  = toUnits(`].+?)?)`)
	unitsNCOpen   = toUnits(`(?:`)
)

// replaceMatch is one match of path-to-regexp's rewriting expression
// /\\.|(\/)?(\.)?:(\w+)(\(.*?\))?(\*)?(\?)?|[.*]|\/\(/g at some offset.
type replaceMatch struct {
	length                  int
	escape                  bool
	slash, format           bool
	key, capture            []uint16
	hasKey                  bool
	star, optional          bool
	dot, wildcard, slashGrp bool
}

func matchReplaceAt(p []uint16, i int) (replaceMatch, bool) {
	n := len(p)
	at := func(j int) int {
		if j < n {
			return int(p[j])
		}
		return -1
	}
	if p[i] == '\\' && i+1 < n && !isLineTerm(p[i+1]) {
		return replaceMatch{length: 2, escape: true}, true
	}
	// (\/)?(\.)? are greedy: try (slash, format) = (1,1), (1,0), (0,1), (0,0).
	for _, sf := range [4][2]bool{{true, true}, {true, false}, {false, true}, {false, false}} {
		j := i
		if sf[0] {
			if at(j) != '/' {
				continue
			}
			j++
		}
		if sf[1] {
			if at(j) != '.' {
				continue
			}
			j++
		}
		if at(j) != ':' || j+1 >= n || !isWordUnit(p[j+1]) {
			continue
		}
		j++
		k := j
		for k < n && isWordUnit(p[k]) {
			k++
		}
		m := replaceMatch{slash: sf[0], format: sf[1], key: p[j:k], hasKey: true}
		if at(k) == '(' {
			for e := k + 1; e < n && !isLineTerm(p[e]); e++ {
				if p[e] == ')' {
					m.capture = p[k : e+1]
					k = e + 1
					break
				}
			}
		}
		if at(k) == '*' {
			m.star = true
			k++
		}
		if at(k) == '?' {
			m.optional = true
			k++
		}
		m.length = k - i
		return m, true
	}
	switch {
	case p[i] == '.':
		return replaceMatch{length: 1, dot: true}, true
	case p[i] == '*':
		return replaceMatch{length: 1, wildcard: true}, true
	case p[i] == '/' && at(i+1) == '(':
		return replaceMatch{length: 2, slashGrp: true}, true
	}
	return replaceMatch{}, false
}

// jsSlice is String.prototype.slice(start, end) for 0 <= start, end <= len.
func jsSlice(p []uint16, start, end int) []uint16 {
	if start >= end {
		return nil
	}
	return p[start:end]
}

// ptrSource rewrites a path string as pathToRegexp does and returns the
// source of the resulting RegExp ('^' included); keys are appended to keys.
func ptrSource(path []uint16, keys *[]ptrKey, strict, end bool) []uint16 {
	keysOffset := len(*keys)
	extraOffset, pos := 0, 0
	var backtrack []uint16
	out := []uint16{'^'}
	last := 0
	for i := 0; i < len(path); {
		m, ok := matchReplaceAt(path, i)
		if !ok {
			i++
			continue
		}
		offset := i
		out = append(out, path[last:i]...)
		i += m.length
		last = i
		match := path[offset:i]
		if m.escape {
			backtrack = append(backtrack, match...)
			pos += 2
			out = append(out, match...)
			continue
		}
		if m.dot {
			backtrack = append(backtrack, unitsEscDot...)
			extraOffset++
			pos++
			out = append(out, unitsEscDot...)
			continue
		}
		if m.slash || m.format {
			backtrack = backtrack[:0]
		} else {
			backtrack = append(backtrack, jsSlice(path, pos, offset)...)
		}
		pos = offset + len(match)
		if m.wildcard {
			backtrack = backtrack[:0]
			extraOffset += 3
			out = append(out, unitsStar...)
			continue
		}
		if m.slashGrp {
			backtrack = append(backtrack, '/')
			extraOffset += 2
			out = append(out, unitsSlashGrp...)
			continue
		}
		var format []uint16
		if m.format {
			format = unitsEscDot
		}
		var capture []uint16
		switch {
		case m.capture != nil:
			capture = rewriteCapture(m.capture)
		case len(backtrack) > 0:
			capture = append(append(append([]uint16{}, unitsLookOpen...), backtrack...), unitsLookEnd...)
		default:
			capture = append(append(append([]uint16{}, unitsSegOpen...), format...), unitsSegEnd...)
		}
		*keys = append(*keys, ptrKey{name: fromUnits(m.key), optional: m.optional, offset: offset + extraOffset})
		result := append([]uint16{}, unitsNCOpen...)
		result = append(result, format...)
		if m.slash {
			result = append(result, '/')
		}
		result = append(result, capture...)
		if m.star {
			result = append(append(append(result, unitsStarOpen...), format...), unitsStarEnd...)
		}
		result = append(result, ')')
		if m.optional {
			result = append(result, '?')
		}
		backtrack = backtrack[:0]
		extraOffset += len(result) - len(match)
		out = append(out, result...)
	}
	out = append(out, path[last:]...)

	// Unnamed capturing groups get numbered keys, inserted in order. The
	// offsets are in the rewritten path (without the leading '^').
	body := out[1:]
	k, name := 0, 0
	scanGroups(body, func(index int, _ []uint16, _ bool) {
		at := keysOffset + k
		if at == len(*keys) || (*keys)[at].offset > index {
			*keys = append(*keys, ptrKey{})
			copy((*keys)[at+1:], (*keys)[at:])
			(*keys)[at] = ptrKey{name: strconv.Itoa(name), offset: index}
			name++
		}
		k++
	})

	if !strict {
		if len(out) > 1 && out[len(out)-1] == '/' {
			out = append(out, '?')
		} else {
			out = append(out, '/', '?')
		}
	}
	if end {
		out = append(out, '$')
	} else if len(out) == 1 || out[len(out)-1] != '/' {
		out = append(out, toUnits("(?=/|$)")...)
	}
	return out
}

// rewriteCapture applies capture.replace(/\\.|\*/, ...): the first escape
// is kept as is and ends the rewrite; otherwise the first '*' becomes (.*).
func rewriteCapture(c []uint16) []uint16 {
	for j := 0; j < len(c); j++ {
		if c[j] == '\\' && j+1 < len(c) && !isLineTerm(c[j+1]) {
			return c
		}
		if c[j] == '*' {
			out := append([]uint16{}, c[:j]...)
			out = append(out, unitsStar...)
			return append(out, c[j+1:]...)
		}
	}
	return c
}

// scanGroups runs path-to-regexp's MATCHING_GROUP_REGEXP,
// /\\.|\((?:\?<(.*?)>)?(?!\?)/g, over src and reports each '(' it takes for
// a capturing group, with the name of a (?<name> group.
func scanGroups(src []uint16, fn func(index int, name []uint16, named bool)) {
	n := len(src)
	for i := 0; i < n; i++ {
		if src[i] == '\\' && i+1 < n && !isLineTerm(src[i+1]) {
			i++
			continue
		}
		if src[i] != '(' {
			continue
		}
		if i+2 < n && src[i+1] == '?' && src[i+2] == '<' {
			found := false
			for k := i + 3; k < n && !isLineTerm(src[k]); k++ {
				if src[k] == '>' && (k+1 >= n || src[k+1] != '?') {
					fn(i, src[i+3:k], true)
					i = k
					found = true
					break
				}
			}
			if found {
				continue
			}
		}
		if i+1 >= n || src[i+1] != '?' {
			fn(i, nil, false)
		}
	}
}

// escapeSource returns a RegExp's source as V8 reports it (the .source
// property): '/' outside classes and line terminators escaped, and "(?:)"
// for the empty pattern. Elements of path arrays are joined in this form.
func escapeSource(src []uint16) []uint16 {
	if len(src) == 0 {
		return toUnits("(?:)")
	}
	out := make([]uint16, 0, len(src)+4)
	inClass := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			i++
			d := src[i]
			if isLineTerm(d) {
				out = append(out, lineTermEscape(d)...)
				continue
			}
			out = append(out, c, d)
			continue
		case c == '/' && !inClass:
			out = append(out, '\\', '/')
			continue
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		case isLineTerm(c):
			out = append(out, lineTermEscape(c)...)
			continue
		}
		out = append(out, c)
	}
	return out
}

func lineTermEscape(c uint16) []uint16 {
	switch c {
	case '\n':
		return toUnits(`\n`)
	case '\r':
		return toUnits(`\r`)
	case 0x2028:
		return toUnits(`\u2028`)
	}
	return toUnits(`\u2029`)
}
