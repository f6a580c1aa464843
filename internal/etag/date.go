package etag

import (
	"math"
	"time"
)

// ParseDate parses s as JavaScript's Date.parse does in Node 20 (V8 11.3)
// and returns milliseconds since the Unix epoch; ok is false where
// Date.parse returns NaN. fresh and send compare Last-Modified,
// If-Modified-Since and If-Unmodified-Since with it.
//
// It accepts what V8 accepts: ES5 ISO strings ("2024-01-02",
// "2024-01-02T03:04:05.123Z", "+002024-01-02T03:04:05+01:00") and V8's
// legacy formats, among them the three HTTP-date forms (IMF-fixdate
// "Tue, 02 Jan 2024 03:04:05 GMT", RFC 850 "Tuesday, 02-Jan-24 03:04:05
// GMT", asctime "Tue Jan  2 03:04:05 2024"), with V8's leniency: words
// before the first number are ignored, parenthesised text is skipped, day
// overflow rolls over ("31 Feb" is 2 March), two-digit years map to
// 1950-2049 and a missing year is 2001. Dates without an offset are local
// time, except ISO date-only forms, which are UTC. The string is read one
// byte per character, as Node reads header values (latin1); a NUL byte
// ends it.
func ParseDate(s string) (ms int64, ok bool) {
	return parseDateIn(s, time.Local)
}

// parseDateIn is ParseDate with dates without an offset read in loc, as V8
// reads them in the process's time zone.
func parseDateIn(s string, loc *time.Location) (int64, bool) {
	if ms, ok := parseIMFFixdate(s); ok {
		return ms, true
	}
	var p dateParser
	p.init(s)
	if !p.parse() {
		return 0, false
	}
	return p.result(loc)
}

// kNone marks a missing component (V8's kMaxInt).
const kNone = math.MaxInt32

const maxSignificantDigits = 9

type tokenKind int8

const (
	tokInvalid tokenKind = iota
	tokUnknown
	tokSpace
	tokNumber
	tokSymbol
	tokEnd
	tokWord
)

type keywordType int8

const (
	kwNone keywordType = iota // a word that is no keyword
	kwMonth
	kwZone
	kwTimeSeparator
	kwAmPm
)

type token struct {
	kind   tokenKind
	kw     keywordType
	length int
	value  int // number value, symbol character or keyword value
}

func (t token) isNumber() bool           { return t.kind == tokNumber }
func (t token) isEnd() bool              { return t.kind == tokEnd }
func (t token) isFixedNumber(n int) bool { return t.kind == tokNumber && t.length == n }
func (t token) isSymbol(c byte) bool     { return t.kind == tokSymbol && t.value == int(c) }
func (t token) isSign() bool             { return t.isSymbol('+') || t.isSymbol('-') }
func (t token) sign() int                { return 44 - t.value } // '+' is 1, '-' is -1
func (t token) isKeyword(k keywordType) bool {
	return t.kind == tokWord && t.kw == k
}
func (t token) isZ() bool { return t.isKeyword(kwZone) && t.length == 1 && t.value == 0 }

// keyword is an entry of V8's keyword table: a lower-case prefix of up to
// three letters (zero-padded), its type and value.
type keyword struct {
	prefix [3]byte
	kind   keywordType
	value  int
}

var keywords = [...]keyword{
	{[3]byte{'j', 'a', 'n'}, kwMonth, 1}, {[3]byte{'f', 'e', 'b'}, kwMonth, 2},
	{[3]byte{'m', 'a', 'r'}, kwMonth, 3}, {[3]byte{'a', 'p', 'r'}, kwMonth, 4},
	{[3]byte{'m', 'a', 'y'}, kwMonth, 5}, {[3]byte{'j', 'u', 'n'}, kwMonth, 6},
	{[3]byte{'j', 'u', 'l'}, kwMonth, 7}, {[3]byte{'a', 'u', 'g'}, kwMonth, 8},
	{[3]byte{'s', 'e', 'p'}, kwMonth, 9}, {[3]byte{'o', 'c', 't'}, kwMonth, 10},
	{[3]byte{'n', 'o', 'v'}, kwMonth, 11}, {[3]byte{'d', 'e', 'c'}, kwMonth, 12},
	{[3]byte{'a', 'm'}, kwAmPm, 0}, {[3]byte{'p', 'm'}, kwAmPm, 12},
	{[3]byte{'u', 't'}, kwZone, 0}, {[3]byte{'u', 't', 'c'}, kwZone, 0},
	{[3]byte{'z'}, kwZone, 0}, {[3]byte{'g', 'm', 't'}, kwZone, 0},
	{[3]byte{'c', 'd', 't'}, kwZone, -5}, {[3]byte{'c', 's', 't'}, kwZone, -6},
	{[3]byte{'e', 'd', 't'}, kwZone, -4}, {[3]byte{'e', 's', 't'}, kwZone, -5},
	{[3]byte{'m', 'd', 't'}, kwZone, -6}, {[3]byte{'m', 's', 't'}, kwZone, -7},
	{[3]byte{'p', 'd', 't'}, kwZone, -7}, {[3]byte{'p', 's', 't'}, kwZone, -8},
	{[3]byte{'t'}, kwTimeSeparator, 0},
}

// lookupKeyword finds a word by its prefix; words longer than three
// characters match month names only.
func lookupKeyword(prefix [3]byte, length int) (keywordType, int) {
	for _, k := range keywords {
		if k.prefix == prefix && (length <= 3 || k.kind == kwMonth) {
			return k.kind, k.value
		}
	}
	return kwNone, 0
}

// dateParser holds the tokenizer and V8's three composers (day, time and
// time zone); it lives on the stack.
type dateParser struct {
	s    string
	i    int  // index of the character after ch
	ch   byte // current character, 0 at the end
	next token

	day        [3]int
	dayIndex   int
	namedMonth int
	isoDate    bool

	tm         [4]int
	tmIndex    int
	hourOffset int

	tzSign, tzHour, tzMinute int
}

func (p *dateParser) init(s string) {
	p.s = s
	p.namedMonth = kNone
	p.hourOffset = kNone
	p.tzSign, p.tzHour, p.tzMinute = kNone, kNone, kNone
	p.advance()
	p.next = p.scan()
}

func (p *dateParser) advance() {
	if p.i < len(p.s) {
		p.ch = p.s[p.i]
	} else {
		p.ch = 0
	}
	p.i++
}

func (p *dateParser) scan() token {
	c := p.ch
	switch {
	case c == 0:
		return token{kind: tokEnd, value: -1}
	case '0' <= c && c <= '9':
		// Leading zeros are skipped, then the first nine significant
		// digits make the value; length counts every digit.
		start := p.i
		for p.ch == '0' {
			p.advance()
		}
		n, sig := 0, 0
		for '0' <= p.ch && p.ch <= '9' {
			if sig < maxSignificantDigits {
				n = n*10 + int(p.ch-'0')
			}
			sig++
			p.advance()
		}
		return token{kind: tokNumber, length: p.i - start, value: n}
	case c == ':' || c == '-' || c == '+' || c == '.' || c == ')':
		p.advance()
		return token{kind: tokSymbol, length: 1, value: int(c)}
	case isWordChar(c):
		var prefix [3]byte
		length := 0
		for isWordChar(p.ch) {
			if length < 3 {
				prefix[length] = p.ch | 0x20
			}
			length++
			p.advance()
		}
		kw, v := lookupKeyword(prefix, length)
		return token{kind: tokWord, kw: kw, length: length, value: v}
	case c == ' ' || '\t' <= c && c <= '\r' || c == 0xA0:
		p.advance()
		return token{kind: tokSpace, length: 1, value: -1}
	case c == '(':
		balance := 0
		for {
			if p.ch == ')' {
				balance--
			} else if p.ch == '(' {
				balance++
			}
			p.advance()
			if balance <= 0 || p.ch == 0 {
				break
			}
		}
		return token{kind: tokUnknown, length: 1, value: -1}
	}
	p.advance()
	return token{kind: tokUnknown, length: 1, value: -1}
}

// isWordChar reports whether c continues a word: any character from 'A'
// up except the no-break space, which is white space.
func isWordChar(c byte) bool { return c >= 'A' && c != 0xA0 }

func (p *dateParser) peek() token { return p.next }

func (p *dateParser) take() token {
	t := p.next
	p.next = p.scan()
	return t
}

func (p *dateParser) skipSymbol(c byte) bool {
	if p.next.isSymbol(c) {
		p.next = p.scan()
		return true
	}
	return false
}

func between(x, lo, hi int) bool { return uint(x-lo) <= uint(hi-lo) }
func isMonth(x int) bool         { return between(x, 1, 12) }
func isDay(x int) bool           { return between(x, 1, 31) }
func isHour(x int) bool          { return between(x, 0, 23) }
func isMinute(x int) bool        { return between(x, 0, 59) }
func isSecond(x int) bool        { return between(x, 0, 59) }
func isMillisecond(x int) bool   { return between(x, 0, 999) }

// Day composer.

func (p *dateParser) dayAdd(n int) bool {
	if p.dayIndex < len(p.day) {
		p.day[p.dayIndex] = n
		p.dayIndex++
		return true
	}
	return false
}

// Time composer.

func (p *dateParser) timeEmpty() bool { return p.tmIndex == 0 }

func (p *dateParser) timeAdd(n int) bool {
	if p.tmIndex < len(p.tm) {
		p.tm[p.tmIndex] = n
		p.tmIndex++
		return true
	}
	return false
}

func (p *dateParser) timeAddFinal(n int) bool {
	if !p.timeAdd(n) {
		return false
	}
	for p.tmIndex < len(p.tm) {
		p.tm[p.tmIndex] = 0
		p.tmIndex++
	}
	return true
}

func (p *dateParser) timeExpecting(n int) bool {
	return p.tmIndex == 1 && isMinute(n) || p.tmIndex == 2 && isSecond(n) || p.tmIndex == 3 && isMillisecond(n)
}

// Time zone composer.

func (p *dateParser) tzSet(hours int) {
	p.tzSign = 1
	if hours < 0 {
		p.tzSign = -1
	}
	p.tzHour = hours * p.tzSign
	p.tzMinute = 0
}

func (p *dateParser) tzSetSign(sign int) {
	p.tzSign = 1
	if sign < 0 {
		p.tzSign = -1
	}
}

func (p *dateParser) tzExpecting(n int) bool {
	return p.tzHour != kNone && p.tzMinute == kNone && isMinute(n)
}

func (p *dateParser) tzIsUTC() bool { return p.tzHour == 0 && p.tzMinute == 0 }

// readMilliseconds keeps the first three significant digits of a numeral.
func readMilliseconds(t token) int {
	n, length := t.value, t.length
	switch {
	case length == 1:
		n *= 100
	case length == 2:
		n *= 10
	case length > 3:
		if length > maxSignificantDigits {
			length = maxSignificantDigits
		}
		for ; length > 3; length-- {
			n /= 10
		}
	}
	return n
}

var weekdays = [7]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}
var months = [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}

// parseIMFFixdate is a shortcut for the common HTTP-date form, "Tue, 02
// Jan 2024 03:04:05 GMT", giving what the full parser gives. It declines
// (ok false) anything unusual, which the full parser then reads: years
// below 100 (two-digit year rules), hour 24, out-of-range fields.
func parseIMFFixdate(s string) (int64, bool) {
	if len(s) != 29 || s[3] != ',' || s[4] != ' ' || s[7] != ' ' || s[11] != ' ' || s[16] != ' ' ||
		s[19] != ':' || s[22] != ':' || s[25:] != " GMT" {
		return 0, false
	}
	wd := false
	for _, w := range weekdays {
		wd = wd || s[:3] == w
	}
	month := 0
	for i, m := range months {
		if s[8:11] == m {
			month = i + 1
		}
	}
	day, ok1 := digits(s[5:7])
	year, ok2 := digits(s[12:16])
	hour, ok3 := digits(s[17:19])
	minute, ok4 := digits(s[20:22])
	sec, ok5 := digits(s[23:25])
	if !wd || month == 0 || !ok1 || !ok2 || !ok3 || !ok4 || !ok5 ||
		!isDay(day) || year < 100 || !isHour(hour) || !isMinute(minute) || !isSecond(sec) {
		return 0, false
	}
	return (daysFromCivil(int64(year), month, 1)+int64(day-1))*msPerDay +
		int64(hour)*3600000 + int64(minute)*60000 + int64(sec)*1000, true
}

func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}
