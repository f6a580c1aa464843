package router

import (
	"unicode"
	"unicode/utf16"
)

// This file parses the atoms of JavaScript regular expressions that need
// the most rules: escapes (Annex B: legacy octal, identity escapes, \c),
// character classes and group names.

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
