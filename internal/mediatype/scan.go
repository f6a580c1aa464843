package mediatype

// charClass is a set of bytes.
type charClass [256]bool

func newClass(ranges ...[2]byte) *charClass {
	var c charClass
	for _, r := range ranges {
		for b := int(r[0]); b <= int(r[1]); b++ {
			c[b] = true
		}
	}
	return &c
}

func one(b byte) [2]byte { return [2]byte{b, b} }

var (
	// tchar is RFC 7230's token character, [!#$%&'*+.^_`|~0-9A-Za-z-].
	tchar = newClass(one('!'), [2]byte{'#', '\''}, one('*'), one('+'), one('-'), one('.'),
		[2]byte{'0', '9'}, [2]byte{'A', 'Z'}, one('^'), one('_'), one('`'), [2]byte{'a', 'z'}, one('|'), one('~'))

	// content-type 1.0.5's quoted-string: qdtext and the byte after '\'.
	ctQDText     = newClass(one(0x0b), one(0x20), one(0x21), [2]byte{0x23, 0x5b}, [2]byte{0x5d, 0x7e}, [2]byte{0x80, 0xff})
	ctQuotedPair = newClass(one(0x0b), [2]byte{0x20, 0xff})
	// ctText is content-type's TEXT_REGEXP class, for Format's values.
	ctText = newClass(one(0x0b), [2]byte{0x20, 0x7e}, [2]byte{0x80, 0xff})

	// media-typer 0.3.0's quoted-string, which type-is validates.
	mtQDText     = newClass(one(0x20), one(0x21), [2]byte{0x23, 0x5b}, [2]byte{0x5d, 0x7e}, [2]byte{0x80, 0xff})
	mtQuotedPair = newClass([2]byte{0x20, 0x7e})
)

// paramSyntax is the parameter grammar of one module:
// ; *token *= *(quoted-string|token) *
type paramSyntax struct {
	qdtext, quotedPair *charClass
}

var (
	contentTypeParams = paramSyntax{ctQDText, ctQuotedPair}
	mediaTyperParams  = paramSyntax{mtQDText, mtQuotedPair}
)

// param matches one parameter at s[i:], which must start with ';', as the
// modules' global PARAM_REGEXP does when its match must begin at i. It
// returns the name, the raw value (quotes included) and the index after the
// match, or ok false when no match starts at i.
func (p *paramSyntax) param(s string, i int) (name, value string, next int, ok bool) {
	if i >= len(s) || s[i] != ';' {
		return "", "", 0, false
	}
	i = skipSpaces(s, i+1)
	start := i
	for i < len(s) && tchar[s[i]] {
		i++
	}
	if i == start {
		return "", "", 0, false
	}
	name = s[start:i]
	i = skipSpaces(s, i)
	if i >= len(s) || s[i] != '=' {
		return "", "", 0, false
	}
	i = skipSpaces(s, i+1)
	start = i
	if i < len(s) && s[i] == '"' {
		i++
		for {
			if i >= len(s) {
				return "", "", 0, false
			}
			c := s[i]
			if c == '"' {
				i++
				break
			}
			if c == '\\' && i+1 < len(s) && p.quotedPair[s[i+1]] {
				i += 2
				continue
			}
			if !p.qdtext[c] {
				return "", "", 0, false
			}
			i++
		}
	} else {
		for i < len(s) && tchar[s[i]] {
			i++
		}
		if i == start {
			return "", "", 0, false
		}
	}
	value = s[start:i]
	return name, value, skipSpaces(s, i), true
}

func skipSpaces(s string, i int) int {
	for i < len(s) && s[i] == ' ' {
		i++
	}
	return i
}

// lower returns s with ASCII letters lower-cased, and s itself when it has
// none. Only ASCII matters: the callers validate s as ASCII tokens.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// equalLower reports whether s lower-cased (ASCII) equals the lower-case t.
func equalLower(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != t[i] {
			return false
		}
	}
	return true
}
