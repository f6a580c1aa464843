package directory

import (
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/fwgo/fw/internal/ecma"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// collator is String.prototype.localeCompare in Node's default locale
// (en-US, ICU's root collation), which serve-index's fileSort uses. A
// collate.Collator is not safe for concurrent use, hence the pool.
type collator struct{ c *collate.Collator }

var collators = sync.Pool{New: func() any { return &collator{collate.New(language.Und)} }}

func (c *collator) compare(a, b string) int { return c.c.CompareString(a, b) }

// sortUTF16 is Array.prototype.sort without a comparator: by UTF-16 code
// units, which differs from Go's byte order only between characters above
// U+FFFF and those from U+E000 to U+FFFF.
func sortUTF16(names []string) {
	slices.SortStableFunc(names, compareUTF16)
}

func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			return unit(ra) - unit(rb)
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) - len(b)
}

// unit is the first UTF-16 code unit of r.
func unit(r rune) int {
	if r >= 0x10000 {
		hi, _ := utf16.EncodeRune(r)
		return int(hi)
	}
	return int(r)
}

// replaceJS is s.replace(/token/g, repl) with a string repl: every
// occurrence of token replaced, with repl's $ patterns ($$, $&, $` and
// $') expanded as JavaScript expands them (the pattern has no groups, so
// $1 and the like stay as they are).
func replaceJS(s, token, repl string) string {
	if !strings.Contains(s, token) {
		return s
	}
	var b strings.Builder
	rest := 0
	for {
		i := strings.Index(s[rest:], token)
		if i < 0 {
			break
		}
		at := rest + i
		b.WriteString(s[rest:at])
		for j := 0; j < len(repl); j++ {
			if repl[j] != '$' || j+1 == len(repl) {
				b.WriteByte(repl[j])
				continue
			}
			switch repl[j+1] {
			case '$':
				b.WriteByte('$')
			case '&':
				b.WriteString(token)
			case '`':
				b.WriteString(s[:at])
			case '\'':
				b.WriteString(s[at+len(token):])
			default:
				b.WriteByte('$')
				continue
			}
			j++
		}
		rest = at + len(token)
	}
	b.WriteString(s[rest:])
	return b.String()
}

// jsonArray is JSON.stringify of an array of strings.
func jsonArray(names []string) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	b.WriteByte('[')
	for i, n := range names {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		for j := 0; j < len(n); j++ {
			switch c := n[j]; {
			case c == '"' || c == '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case c == '\b':
				b.WriteString(`\b`)
			case c == '\f':
				b.WriteString(`\f`)
			case c == '\n':
				b.WriteString(`\n`)
			case c == '\r':
				b.WriteString(`\r`)
			case c == '\t':
				b.WriteString(`\t`)
			case c < 0x20:
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&15])
			default:
				b.WriteByte(c)
			}
		}
		b.WriteByte('"')
	}
	b.WriteByte(']')
	return b.String()
}

// jsLower is String.prototype.toLocaleLowerCase in en-US: Go's ToLower
// plus the two rules of SpecialCasing it lacks, U+0130 to "i\u0307" and a
// final capital sigma to U+03C2.
func jsLower(s string) string {
	if !strings.ContainsAny(s, "\u0130\u03a3") {
		return strings.ToLower(s)
	}
	rs := []rune(s)
	var b strings.Builder
	for i, r := range rs {
		switch r {
		case '\u0130':
			b.WriteString("i\u0307")
		case '\u03a3':
			if finalSigma(rs, i) {
				b.WriteRune('\u03c2')
			} else {
				b.WriteRune('\u03c3')
			}
		default:
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// finalSigma is Unicode's Final_Sigma condition: a cased letter before
// rs[i] and none after it, case-ignorable characters skipped.
func finalSigma(rs []rune, i int) bool {
	before := false
	for j := i - 1; j >= 0; j-- {
		if caseIgnorable(rs[j]) {
			continue
		}
		before = cased(rs[j])
		break
	}
	if !before {
		return false
	}
	for j := i + 1; j < len(rs); j++ {
		if caseIgnorable(rs[j]) {
			continue
		}
		return !cased(rs[j])
	}
	return true
}

func cased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) || unicode.IsTitle(r)
}

func caseIgnorable(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf, unicode.Lm, unicode.Sk) ||
		strings.ContainsRune("'.:^`\u00b7\u2018\u2019\u2024\u2027", r)
}

// nodeUTF8 is Buffer.toString('utf8') of a file name: each maximal
// ill-formed subsequence becomes one U+FFFD (the WHATWG rule).
func nodeUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return string(ecma.AppendUTF8(make([]byte, 0, len(s)+8), []byte(s)))
}
