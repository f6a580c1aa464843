package router

import (
	"unicode"
	"unicode/utf16"
)

// This file parses the JavaScript regular-expression source that
// path-to-regexp generates (or that a user writes inside a pattern) into a
// syntax tree. It follows ECMAScript's non-unicode grammar with the Annex B
// web-compatibility extensions, as V8 (Node 20) accepts it: a pattern V8
// rejects is rejected here too. Backreferences and lookbehind are rejected
// because the linear-time matcher cannot run them.

type reNodeKind uint8

const (
	astEmpty    reNodeKind = iota
	astSet                 // one byte of set
	astConcat              // subs in sequence
	astAlt                 // subs, first preferred
	astRepeat              // subs[0] repeated min..max (max < 0: unbounded)
	astGroup               // subs[0]; capturing when capture > 0
	astBegin               // ^
	astEnd                 // $
	astWordB               // \b
	astNotWordB            // \B
	astLook                // (?=subs[0]) or (?!subs[0])
)

type reNode struct {
	kind     reNodeKind
	set      reByteSet
	subs     []*reNode
	min, max int
	greedy   bool
	capture  int  // group number, 1-based, for capturing groups
	neg      bool // negative lookahead
	look     int  // lookahead number, 0-based, in source order
	// groups and lookaheads inside the node (including itself), as ranges
	// of their numbers; used to reset captures at each repetition.
	capLo, capHi   int // group numbers [capLo, capHi)
	lookLo, lookHi int // lookahead numbers [lookLo, lookHi)
}

// maxRepeat caps the bounds of {n,m} quantifiers the parser keeps exact;
// larger bounds exceed the compiled program size anyway.
const reMaxRepeat = 1 << 20

// regexSyntaxError reports a regular expression the matcher cannot compile,
// because JavaScript rejects it or because it uses a feature the linear-time
// matcher does not run.
type regexSyntaxError struct {
	msg         string
	unsupported bool
}

func (e *regexSyntaxError) Error() string { return e.msg }

type regexParser struct {
	src        []uint16
	pos        int
	ignoreCase bool
	totalCaps  int  // capturing groups in the whole pattern (prescan)
	named      bool // the pattern has a named group: \k is a reference
	names      map[string]bool
	caps       int // groups opened so far
	looks      int // lookaheads opened so far
	depth      int
	err        error
}

// maxNesting bounds group nesting so that parsing, compiling and the
// recursive helpers stay within a small stack.
const reMaxNesting = 200

func parseRegex(src []uint16, ignoreCase bool) (*reNode, int, int, error) {
	p := &regexParser{src: src, ignoreCase: ignoreCase}
	p.prescan()
	n := p.parseDisjunction()
	if p.err == nil && p.pos < len(p.src) {
		// only an unmatched ')' stops the top-level disjunction early
		p.fail("Unmatched ')'")
	}
	if p.err != nil {
		return nil, 0, 0, p.err
	}
	return n, p.caps, p.looks, nil
}

func (p *regexParser) fail(msg string) {
	if p.err == nil {
		p.err = &regexSyntaxError{msg: msg}
	}
}

func (p *regexParser) unsupported(msg string) {
	if p.err == nil {
		p.err = &regexSyntaxError{msg: msg, unsupported: true}
	}
}

func (p *regexParser) more() bool { return p.err == nil && p.pos < len(p.src) }

func (p *regexParser) peek(off int) int {
	if p.pos+off < len(p.src) {
		return int(p.src[p.pos+off])
	}
	return -1
}

// prescan counts capturing groups and notes named groups, as V8 does before
// parsing, because both change how escapes parse (\1 and \k).
func (p *regexParser) prescan() {
	s := p.src
	inClass := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '(':
			if i+1 < len(s) && s[i+1] == '?' {
				if i+3 < len(s) && s[i+2] == '<' && s[i+3] != '=' && s[i+3] != '!' {
					p.totalCaps++
					p.named = true
				}
			} else {
				p.totalCaps++
			}
		}
	}
}

func (p *regexParser) parseDisjunction() *reNode {
	alts := []*reNode{p.parseAlternative()}
	for p.more() && p.src[p.pos] == '|' {
		p.pos++
		alts = append(alts, p.parseAlternative())
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &reNode{kind: astAlt, subs: alts}
}

func (p *regexParser) parseAlternative() *reNode {
	var terms []*reNode
	for p.more() {
		c := p.src[p.pos]
		if c == '|' || c == ')' {
			break
		}
		t := p.parseTerm()
		if t != nil {
			terms = append(terms, t)
		}
	}
	switch len(terms) {
	case 0:
		return &reNode{kind: astEmpty}
	case 1:
		return terms[0]
	}
	return &reNode{kind: astConcat, subs: terms}
}

func (p *regexParser) parseTerm() *reNode {
	capLo, lookLo := p.caps+1, p.looks
	var atom *reNode
	quantifiable := true
	c := p.src[p.pos]
	switch c {
	case '^':
		p.pos++
		atom, quantifiable = &reNode{kind: astBegin}, false
	case '$':
		p.pos++
		atom, quantifiable = &reNode{kind: astEnd}, false
	case '\\':
		switch p.peek(1) {
		case 'b':
			p.pos += 2
			atom, quantifiable = &reNode{kind: astWordB}, false
		case 'B':
			p.pos += 2
			atom, quantifiable = &reNode{kind: astNotWordB}, false
		default:
			atom = p.parseAtomEscape()
		}
	case '(':
		atom = p.parseGroup()
		if atom == nil {
			return nil
		}
	case '[':
		atom = p.parseClass()
	case '.':
		p.pos++
		atom = &reNode{kind: astSet}
		atom.set.addRange(0, 255)
		atom.set = reClearBytes(atom.set, '\n', '\r')
	case '*', '+', '?':
		p.fail("Nothing to repeat")
		return nil
	case '{':
		if _, _, n := p.braced(p.pos); n > 0 {
			p.fail("Nothing to repeat")
			return nil
		}
		p.pos++
		atom = p.unit('{')
	default:
		p.pos++
		atom = p.unit(c)
	}
	if p.err != nil {
		return nil
	}
	atom.capLo, atom.capHi = capLo, p.caps+1
	atom.lookLo, atom.lookHi = lookLo, p.looks
	return p.parseQuantifier(atom, quantifiable)
}

func reClearBytes(s reByteSet, bs ...byte) reByteSet {
	for _, b := range bs {
		s[b>>6] &^= 1 << (b & 63)
	}
	return s
}

// unit returns the atom matching code unit c.
func (p *regexParser) unit(c uint16) *reNode {
	if c < 0x80 { // ASCII: itself, and the other case of a letter
		n := &reNode{kind: astSet}
		n.set.add(byte(c))
		if p.ignoreCase && patIsLetter(byte(c)) {
			n.set.add(byte(c) ^ 0x20)
		}
		return n
	}
	u := reUnitSet{}
	u.addUnit(c)
	return &reNode{kind: astSet, set: u.bytes(p.ignoreCase)}
}

func (p *regexParser) setNode(u *reUnitSet, negate bool) *reNode {
	s := u.bytes(p.ignoreCase)
	if negate {
		s.invert()
	}
	return &reNode{kind: astSet, set: s}
}

// braced parses {n}, {n,} or {n,m} at i and returns the bounds and the
// length consumed, or length 0 when the text is not a braced quantifier.
func (p *regexParser) braced(i int) (lo, hi, n int) {
	s := p.src
	j := i + 1
	lo, ok := reDigits(s, &j)
	if !ok {
		return 0, 0, 0
	}
	hi = lo
	if j < len(s) && s[j] == ',' {
		j++
		if j < len(s) && s[j] == '}' {
			hi = -1
		} else if hi, ok = reDigits(s, &j); !ok {
			return 0, 0, 0
		}
	}
	if j >= len(s) || s[j] != '}' {
		return 0, 0, 0
	}
	return lo, hi, j + 1 - i
}

// digits parses decimal digits at *j, saturating at maxRepeat+1.
func reDigits(s []uint16, j *int) (int, bool) {
	start := *j
	v := 0
	for *j < len(s) && s[*j] >= '0' && s[*j] <= '9' {
		if v <= reMaxRepeat {
			v = v*10 + int(s[*j]-'0')
		}
		*j++
	}
	if v > reMaxRepeat {
		v = reMaxRepeat + 1
	}
	return v, *j > start
}

func (p *regexParser) parseQuantifier(atom *reNode, quantifiable bool) *reNode {
	if !p.more() {
		return atom
	}
	lo, hi := 0, 0
	switch p.src[p.pos] {
	case '*':
		lo, hi = 0, -1
		p.pos++
	case '+':
		lo, hi = 1, -1
		p.pos++
	case '?':
		lo, hi = 0, 1
		p.pos++
	case '{':
		var n int
		if lo, hi, n = p.braced(p.pos); n == 0 {
			return atom
		}
		p.pos += n
		if hi >= 0 && lo > hi {
			p.fail("numbers out of order in {} quantifier")
			return nil
		}
	default:
		return atom
	}
	if !quantifiable {
		p.fail("Nothing to repeat")
		return nil
	}
	greedy := true
	if p.more() && p.src[p.pos] == '?' {
		greedy = false
		p.pos++
	}
	if lo > reMaxRepeat || hi > reMaxRepeat {
		p.unsupported("repetition count too large")
		return nil
	}
	return &reNode{kind: astRepeat, subs: []*reNode{atom}, min: lo, max: hi, greedy: greedy,
		capLo: atom.capLo, capHi: atom.capHi, lookLo: atom.lookLo, lookHi: atom.lookHi}
}

func (p *regexParser) parseGroup() *reNode {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > reMaxNesting {
		p.unsupported("groups nested too deeply")
		return nil
	}
	p.pos++ // (
	var n *reNode
	if p.peek(0) == '?' {
		switch p.peek(1) {
		case ':':
			p.pos += 2
			n = &reNode{kind: astGroup}
		case '=', '!':
			neg := p.peek(1) == '!'
			p.pos += 2
			n = &reNode{kind: astLook, neg: neg, look: p.looks}
			p.looks++
		case '<':
			if c := p.peek(2); c == '=' || c == '!' {
				p.unsupported("lookbehind assertions (?<= and (?<! are not supported")
				return nil
			}
			p.pos += 2
			name := p.groupName()
			if p.err != nil {
				return nil
			}
			if p.names == nil {
				p.names = map[string]bool{}
			}
			if p.names[name] {
				p.fail("Duplicate capture group name")
				return nil
			}
			p.names[name] = true
			p.caps++
			n = &reNode{kind: astGroup, capture: p.caps}
		default:
			p.fail("Invalid group")
			return nil
		}
	} else {
		p.caps++
		n = &reNode{kind: astGroup, capture: p.caps}
	}
	body := p.parseDisjunction()
	if p.err != nil {
		return nil
	}
	if !p.more() || p.src[p.pos] != ')' {
		p.fail("Unterminated group")
		return nil
	}
	p.pos++
	n.subs = []*reNode{body}
	return n
}

// groupName parses a group name up to and including '>'.
func (p *regexParser) groupName() string {
	var name []rune
	for {
		if !p.more() {
			p.fail("Invalid capture group name")
			return ""
		}
		c := rune(p.src[p.pos])
		if c == '>' {
			p.pos++
			break
		}
		if c == '\\' {
			// \uXXXX escapes are allowed in names
			if p.peek(1) != 'u' {
				p.fail("Invalid capture group name")
				return ""
			}
			v, ok := reHexAt(p.src, p.pos+2, 4)
			if !ok {
				p.fail("Invalid Unicode escape")
				return ""
			}
			p.pos += 6
			c = rune(v)
		} else {
			p.pos++
			if utf16.IsSurrogate(c) && p.pos < len(p.src) {
				c = utf16.DecodeRune(c, rune(p.src[p.pos]))
				p.pos++
			}
		}
		if !identChar(c, len(name) == 0) {
			p.fail("Invalid capture group name")
			return ""
		}
		name = append(name, c)
	}
	if len(name) == 0 {
		p.fail("Invalid capture group name")
		return ""
	}
	return string(name)
}

func identChar(c rune, first bool) bool {
	switch {
	case c == '$' || c == '_':
		return true
	case c < 0x80:
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || !first && c >= '0' && c <= '9'
	case unicode.IsLetter(c) || unicode.Is(unicode.Nl, c) || unicode.Is(unicode.Other_ID_Start, c):
		return true
	case first:
		return false
	}
	return c == 0x200C || c == 0x200D || unicode.In(c, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc) ||
		unicode.Is(unicode.Other_ID_Continue, c)
}

func reHexAt(s []uint16, i, n int) (int, bool) {
	if i+n > len(s) {
		return 0, false
	}
	v := 0
	for k := 0; k < n; k++ {
		d := reHexVal(s[i+k])
		if d < 0 {
			return 0, false
		}
		v = v*16 + d
	}
	return v, true
}

func reHexVal(c uint16) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// parseAtomEscape parses an escape outside a class, at the backslash.
func (p *regexParser) parseAtomEscape() *reNode {
	if p.pos+1 >= len(p.src) {
		p.fail("\\ at end of pattern")
		return nil
	}
	c := p.src[p.pos+1]
	switch c {
	case 'd', 'D', 's', 'S', 'w', 'W':
		p.pos += 2
		return p.setNode(classEscape(c), false)
	case 'k':
		if p.named {
			p.pos += 2
			if p.peek(0) != '<' {
				p.fail("Invalid named reference")
				return nil
			}
			p.pos++
			name := p.groupName()
			if p.err != nil {
				return nil
			}
			if !p.hasGroupName(name) {
				p.fail("Invalid named capture referenced")
				return nil
			}
			p.unsupported("backreferences (\\k<name>) are not supported")
			return nil
		}
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		j := p.pos + 1
		n, _ := reDigits(p.src, &j)
		if n <= p.totalCaps {
			p.unsupported("backreferences (\\" + string(rune(c)) + "...) are not supported")
			return nil
		}
	}
	p.pos++
	u, ok := p.characterEscape(false)
	if !ok {
		return nil
	}
	return p.unit(u)
}

// hasGroupName reports whether a named group called name appears anywhere
// in the pattern (a \k reference may precede its group).
func (p *regexParser) hasGroupName(name string) bool {
	want := utf16.Encode([]rune(name))
	s := p.src
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == '(' && s[i+1] == '?' && s[i+2] == '<' {
			j := i + 3
			k := 0
			for j < len(s) && k < len(want) && s[j] == want[k] {
				j++
				k++
			}
			if k == len(want) && j < len(s) && s[j] == '>' {
				return true
			}
		}
	}
	return false
}

// characterEscape parses the escape after a backslash (p.pos is on the
// character after it) and returns the code unit it denotes. inClass selects
// the class rules (\b is backspace, \c accepts digits and _).
func (p *regexParser) characterEscape(inClass bool) (uint16, bool) {
	c := p.src[p.pos]
	switch c {
	case 'f':
		p.pos++
		return '\f', true
	case 'n':
		p.pos++
		return '\n', true
	case 'r':
		p.pos++
		return '\r', true
	case 't':
		p.pos++
		return '\t', true
	case 'v':
		p.pos++
		return '\v', true
	case 'c':
		if n := p.peek(1); n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z' ||
			inClass && (n >= '0' && n <= '9' || n == '_') {
			p.pos += 2
			return uint16(n % 32), true
		}
		// "\c" not followed by a control letter is a literal backslash;
		// the 'c' is parsed again as the next atom.
		return '\\', true
	case 'x':
		if v, ok := reHexAt(p.src, p.pos+1, 2); ok {
			p.pos += 3
			return uint16(v), true
		}
	case 'u':
		if v, ok := reHexAt(p.src, p.pos+1, 4); ok {
			p.pos += 5
			return uint16(v), true
		}
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(c - '0')
		p.pos++
		if d := p.peek(0); d >= '0' && d <= '7' {
			v = v*8 + d - '0'
			p.pos++
			if e := p.peek(0); c <= '3' && e >= '0' && e <= '7' {
				v = v*8 + e - '0'
				p.pos++
			}
		}
		return uint16(v), true
	case 'k':
		if p.named {
			p.fail("Invalid escape")
			return 0, false
		}
	}
	p.pos++
	return c, true
}

func classEscape(c uint16) *reUnitSet {
	switch c {
	case 'd':
		return classDigit()
	case 'D':
		return classDigit().complement()
	case 's':
		return classSpace()
	case 'S':
		return classSpace().complement()
	case 'w':
		return classWord()
	}
	return classWord().complement()
}

func (p *regexParser) parseClass() *reNode {
	p.pos++ // [
	negate := false
	if p.peek(0) == '^' {
		negate = true
		p.pos++
	}
	u := &reUnitSet{}
	for {
		if !p.more() {
			p.fail("Unterminated character class")
			return nil
		}
		if p.src[p.pos] == ']' {
			p.pos++
			break
		}
		lo, loSet := p.classAtom()
		if p.err != nil {
			return nil
		}
		if p.peek(0) == '-' && p.peek(1) != ']' && p.peek(1) >= 0 {
			p.pos++
			hi, hiSet := p.classAtom()
			if p.err != nil {
				return nil
			}
			if loSet != nil || hiSet != nil {
				// Annex B: a class escape at either end makes the dash literal.
				reAddAtom(u, lo, loSet)
				reAddAtom(u, hi, hiSet)
				u.addUnit('-')
				continue
			}
			if lo > hi {
				p.fail("Range out of order in character class")
				return nil
			}
			u.addRange(lo, hi)
			continue
		}
		reAddAtom(u, lo, loSet)
	}
	return p.setNode(u, negate)
}

func reAddAtom(u *reUnitSet, c uint16, set *reUnitSet) {
	if set != nil {
		u.addSet(set)
		return
	}
	u.addUnit(c)
}

// classAtom parses one class atom: a code unit, or a class escape's set.
func (p *regexParser) classAtom() (uint16, *reUnitSet) {
	c := p.src[p.pos]
	if c != '\\' {
		p.pos++
		return c, nil
	}
	if p.pos+1 >= len(p.src) {
		p.fail("\\ at end of pattern")
		return 0, nil
	}
	p.pos++
	switch e := p.src[p.pos]; e {
	case 'd', 'D', 's', 'S', 'w', 'W':
		p.pos++
		return 0, classEscape(e)
	case 'b':
		p.pos++
		return '\b', nil
	case '-':
		p.pos++
		return '-', nil
	}
	v, _ := p.characterEscape(true)
	return v, nil
}
