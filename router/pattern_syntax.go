package router

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

// reMaxRepeat caps the bounds of {n,m} quantifiers the parser keeps exact;
// larger bounds exceed the compiled program size anyway.
const reMaxRepeat = 1 << 20

// regexSyntaxError reports a regular expression the matcher cannot compile,
// because JavaScript rejects it or because it uses a feature the linear-time
// matcher does not run.
type regexSyntaxError struct {
	msg         string
	unsupported bool
}

// Error returns the message.
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

// reMaxNesting bounds group nesting so that parsing, compiling and the
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

// reDigits parses decimal digits at *j, saturating at reMaxRepeat+1.
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
