package parsers

import (
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/fwgo/fw/internal/bytesconv"
)

// ParseJSON parses text as JavaScript's JSON.parse does and returns a value
// of the package's value model: string, float64, bool, nil, []any or
// *Object. text is UTF-8 (or WTF-8); bytes that are not are read as U+FFFD,
// as Node would decode them. Lone surrogates written as \uXXXX escapes come
// back in WTF-8 form (see AppendQuote). A syntax error is a *SyntaxError
// whose message is V8's (Node 20) for the same input.
//
// The returned strings share one allocation made for this call; text is
// not retained and may be reused once ParseJSON returns. Nesting depth is
// bounded only by the input length: the parser does not recurse.
func ParseJSON(text []byte) (any, error) {
	if !utf8.Valid(text) {
		text = toWTF8(text)
	}
	d := getDecoder(text)
	defer putDecoder(d)
	return d.parse()
}

var decoderPool = sync.Pool{New: func() any { return new(decoder) }}

// getDecoder returns a pooled decoder for src. Its stacks are reused; the
// arena and slabs it hands values out of are never reused.
func getDecoder(src []byte) *decoder {
	d := decoderPool.Get().(*decoder)
	d.src = src
	return d
}

func putDecoder(d *decoder) {
	clear(d.vals[:cap(d.vals)]) // drop references to values
	clear(d.keys[:cap(d.keys)])
	*d = decoder{vals: d.vals[:0], keys: d.keys[:0], stack: d.stack[:0]}
	decoderPool.Put(d)
}

// SyntaxError is a JSON syntax error with V8's message.
type SyntaxError struct {
	// Message is what V8's JSON.parse would put in the SyntaxError's message,
	// for example "Unexpected end of JSON input" or "Expected property name
	// or '}' in JSON at position 1".
	Message string
	// Offset is the byte offset in the input at which the error was found.
	Offset int
}

// Error returns the message.
func (e *SyntaxError) Error() string { return e.Message }

// token classes, as V8's JSON scanner names them.
type jsonToken uint8

const (
	tokIllegal jsonToken = iota
	tokString
	tokNumber
	tokTrue
	tokFalse
	tokNull
	tokWhitespace
	tokColon
	tokComma
	tokLBrace
	tokRBrace
	tokLBrack
	tokRBrack
	tokEOS
)

var oneCharTokens = func() (t [256]jsonToken) {
	t['"'] = tokString
	t['-'] = tokNumber
	for c := '0'; c <= '9'; c++ {
		t[c] = tokNumber
	}
	t['t'], t['f'], t['n'] = tokTrue, tokFalse, tokNull
	t[' '], t['\t'], t['\r'], t['\n'] = tokWhitespace, tokWhitespace, tokWhitespace, tokWhitespace
	t[':'], t[','] = tokColon, tokComma
	t['{'], t['}'], t['['], t[']'] = tokLBrace, tokRBrace, tokLBrack, tokRBrack
	return t
}()

// errKind names V8's JSON parse messages.
type errKind uint8

const (
	errUnexpectedToken errKind = iota // derived from the token at the position
	errPropNameOrRBrace
	errCommaOrRBrace
	errCommaOrRBrack
	errColonAfterPropName
	errDoubleQuotedPropName
	errUnterminatedString
	errBadControlChar
	errBadEscape
	errBadUnicodeEscape
	errNoNumberAfterMinus
	errExponentMissing
	errUnterminatedFraction
	errNonWhitespaceAfter
)

var errTemplates = [...]string{
	errPropNameOrRBrace:     "Expected property name or '}' in JSON at position ",
	errCommaOrRBrace:        "Expected ',' or '}' after property value in JSON at position ",
	errCommaOrRBrack:        "Expected ',' or ']' after array element in JSON at position ",
	errColonAfterPropName:   "Expected ':' after property name in JSON at position ",
	errDoubleQuotedPropName: "Expected double-quoted property name in JSON at position ",
	errUnterminatedString:   "Unterminated string in JSON at position ",
	errBadControlChar:       "Bad control character in string literal in JSON at position ",
	errBadEscape:            "Bad escaped character in JSON at position ",
	errBadUnicodeEscape:     "Bad Unicode escape in JSON at position ",
	errNoNumberAfterMinus:   "No number after minus sign in JSON at position ",
	errExponentMissing:      "Exponent part is missing a number in JSON at position ",
	errUnterminatedFraction: "Unterminated fractional number in JSON at position ",
	errNonWhitespaceAfter:   "Unexpected non-whitespace character after JSON at position ",
}

// jsonError is a parse failure before its message is built.
type jsonError struct {
	kind errKind
	pos  int // byte offset
}

// frame is an open array or object.
type frame struct {
	object bool
	start  int // index in decoder.vals of the first member or element
}

// decoder parses one JSON text. Its zero value with src set is ready.
type decoder struct {
	src   []byte
	pos   int
	arena []byte // backing store of every decoded string; never reallocated
	vals  []any
	keys  []string
	stack []frame
	slab  []any    // backing store handed out for arrays
	mslab []member // backing store handed out for object members
	oslab []Object // backing store handed out for objects
}

func (d *decoder) fail(kind errKind, pos int) *jsonError {
	return &jsonError{kind: kind, pos: pos}
}

func (d *decoder) parse() (any, error) {
	v, jerr := d.value()
	if jerr == nil {
		d.skipSpace()
		if d.pos < len(d.src) {
			jerr = d.fail(errNonWhitespaceAfter, d.pos)
		}
	}
	if jerr != nil {
		return nil, &SyntaxError{Message: v8Message(d.src, jerr), Offset: jerr.pos}
	}
	return v, nil
}

func (d *decoder) skipSpace() {
	for d.pos < len(d.src) {
		switch d.src[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *decoder) peek() jsonToken {
	if d.pos >= len(d.src) {
		return tokEOS
	}
	return oneCharTokens[d.src[d.pos]]
}

// value parses one JSON value iteratively: containers are kept on d.stack
// and their members on d.vals and d.keys.
func (d *decoder) value() (any, *jsonError) {
	for {
		// Parse one scalar, or open a container.
		d.skipSpace()
		var v any
		switch d.peek() {
		case tokString:
			s, err := d.str()
			if err != nil {
				return nil, err
			}
			v = s
		case tokNumber:
			f, err := d.number()
			if err != nil {
				return nil, err
			}
			v = f
		case tokTrue:
			if err := d.literal("true"); err != nil {
				return nil, err
			}
			v = true
		case tokFalse:
			if err := d.literal("false"); err != nil {
				return nil, err
			}
			v = false
		case tokNull:
			if err := d.literal("null"); err != nil {
				return nil, err
			}
			v = nil
		case tokLBrace:
			d.pos++
			d.skipSpace()
			if d.peek() == tokRBrace {
				d.pos++
				v = d.newObject()
				break
			}
			if d.peek() != tokString {
				return nil, d.fail(errPropNameOrRBrace, d.pos)
			}
			d.stack = append(d.stack, frame{object: true, start: len(d.vals)})
			if err := d.key(errColonAfterPropName); err != nil {
				return nil, err
			}
			continue
		case tokLBrack:
			d.pos++
			d.skipSpace()
			if d.peek() == tokRBrack {
				d.pos++
				v = []any{}
				break
			}
			d.stack = append(d.stack, frame{start: len(d.vals)})
			continue
		default:
			return nil, d.fail(errUnexpectedToken, d.pos)
		}
		// A value is complete: hand it to the open containers, closing
		// those that end here.
		for {
			if len(d.stack) == 0 {
				return v, nil
			}
			top := &d.stack[len(d.stack)-1]
			d.vals = append(d.vals, v)
			d.skipSpace()
			tok := d.peek()
			if tok == tokComma {
				d.pos++
				if top.object {
					d.skipSpace()
					if d.peek() != tokString {
						return nil, d.fail(errDoubleQuotedPropName, d.pos)
					}
					if err := d.key(errUnexpectedToken); err != nil {
						return nil, err
					}
				}
				break // parse the next member
			}
			if top.object {
				if tok != tokRBrace {
					return nil, d.fail(errCommaOrRBrace, d.pos)
				}
				d.pos++
				v = d.closeObject(top.start)
			} else {
				if tok != tokRBrack {
					return nil, d.fail(errCommaOrRBrack, d.pos)
				}
				d.pos++
				v = d.closeArray(top.start)
			}
			d.stack = d.stack[:len(d.stack)-1]
		}
	}
}

// key parses a property name and the colon after it. The name is kept on
// d.keys, parallel to the value that will follow on d.vals. A missing colon
// fails with noColon: V8 names it only after the first property.
func (d *decoder) key(noColon errKind) *jsonError {
	k, err := d.str()
	if err != nil {
		return err
	}
	d.keys = append(d.keys, k)
	d.skipSpace()
	if d.peek() != tokColon {
		return d.fail(noColon, d.pos)
	}
	d.pos++
	return nil
}

func (d *decoder) closeArray(start int) any {
	n := len(d.vals) - start
	if len(d.slab)+n > cap(d.slab) {
		d.slab = make([]any, 0, max(n, 64))
	}
	l := len(d.slab)
	d.slab = append(d.slab, d.vals[start:]...)
	arr := d.slab[l : l+n : l+n]
	clear(d.vals[start:])
	d.vals = d.vals[:start]
	return arr
}

func (d *decoder) closeObject(start int) any {
	n := len(d.vals) - start
	keys := d.keys[len(d.keys)-n:]
	o := d.newObject()
	// Reserve room for the common case of string keys, from a shared slab.
	if len(d.mslab)+n > cap(d.mslab) {
		d.mslab = make([]member, 0, max(n, 32))
	}
	l := len(d.mslab)
	d.mslab = d.mslab[:l+n]
	o.strs = d.mslab[l : l : l+n]
	for i, k := range keys {
		o.Set(k, d.vals[start+i])
	}
	clear(d.vals[start:])
	d.vals = d.vals[:start]
	d.keys = d.keys[:len(d.keys)-n]
	return o
}

// newObject hands out an Object from a slab: one allocation per 16.
func (d *decoder) newObject() *Object {
	if len(d.oslab) == cap(d.oslab) {
		d.oslab = make([]Object, 0, 16)
	}
	d.oslab = d.oslab[:len(d.oslab)+1]
	return &d.oslab[len(d.oslab)-1]
}

// literal scans true, false or null, whose first character was peeked.
func (d *decoder) literal(word string) *jsonError {
	rest := d.src[d.pos:]
	if len(rest) >= len(word) && string(rest[:len(word)]) == word {
		d.pos += len(word)
		return nil
	}
	d.pos++
	for i := 1; i < len(word); i++ {
		if d.pos >= len(d.src) {
			return d.fail(errUnexpectedToken, d.pos) // end of input
		}
		if d.src[d.pos] != word[i] {
			return d.fail(errUnexpectedToken, d.pos)
		}
		d.pos++
	}
	return d.fail(errUnexpectedToken, d.pos)
}

// smallInts holds boxed float64 values for small non-negative integers, so
// that the most common numbers need no allocation.
var smallInts = func() (t [1024]any) {
	for i := range t {
		t[i] = float64(i)
	}
	return t
}()

func (d *decoder) number() (any, *jsonError) {
	s := d.src
	start := d.pos
	i := d.pos
	if s[i] == '-' {
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return nil, d.fail(errNoNumberAfterMinus, i)
		}
	}
	simple := true
	var n uint64
	if s[i] == '0' {
		i++
		if i < len(s) && s[i] >= '0' && s[i] <= '9' {
			d.pos = i
			return nil, d.fail(errUnexpectedToken, i) // "Unexpected number"
		}
	} else {
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			n = n*10 + uint64(s[i]-'0')
		}
	}
	if i < len(s) && s[i] == '.' {
		simple = false
		i++
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return nil, d.fail(errUnterminatedFraction, i)
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		simple = false
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if i >= len(s) || s[i] < '0' || s[i] > '9' {
			return nil, d.fail(errExponentMissing, i)
		}
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	d.pos = i
	digits := i - start
	if simple && digits <= 15 {
		if s[start] == '-' {
			if n == 0 {
				return negZero, nil
			}
			return -float64(n), nil
		}
		if n < uint64(len(smallInts)) {
			return smallInts[n], nil
		}
		return float64(n), nil
	}
	// ParseFloat rounds correctly, as V8 does; out-of-range values become
	// ±Inf or 0, which is what JavaScript yields too.
	f, _ := strconv.ParseFloat(bytesconv.B2S(s[start:i]), 64)
	return f, nil
}

var negZero any = func() float64 { z := 0.0; return -z }()

// str scans a string literal at d.pos (which holds '"') and returns its
// value, stored in the arena.
func (d *decoder) str() (string, *jsonError) {
	s := d.src
	i := d.pos + 1
	start := i
	for ; i < len(s); i++ {
		c := s[i]
		if c == '"' {
			d.pos = i + 1
			return d.save(s[start:i]), nil
		}
		if c == '\\' {
			break
		}
		if c < 0x20 {
			return "", d.fail(errBadControlChar, i)
		}
	}
	if i >= len(s) {
		return "", d.fail(errUnterminatedString, len(s))
	}
	// Slow path: escapes. Decode into the arena directly.
	d.reserve()
	a := d.arena
	begin := len(a)
	a = append(a, s[start:i]...)
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			d.arena = a
			d.pos = i + 1
			return bytesconv.B2S(a[begin:]), nil
		case c < 0x20:
			d.arena = a[:begin]
			return "", d.fail(errBadControlChar, i)
		case c != '\\':
			a = append(a, c)
			i++
			continue
		}
		i++
		if i >= len(s) {
			d.arena = a[:begin]
			return "", d.fail(errUnexpectedToken, i) // end of input
		}
		switch s[i] {
		case '"', '\\', '/':
			a = append(a, s[i])
		case 'b':
			a = append(a, '\b')
		case 'f':
			a = append(a, '\f')
		case 'n':
			a = append(a, '\n')
		case 'r':
			a = append(a, '\r')
		case 't':
			a = append(a, '\t')
		case 'u':
			var u uint16
			for k := 1; k <= 4; k++ {
				if i+k >= len(s) {
					d.arena = a[:begin]
					return "", d.fail(errBadUnicodeEscape, len(s))
				}
				h, ok := unhex(s[i+k])
				if !ok {
					d.arena = a[:begin]
					return "", d.fail(errBadUnicodeEscape, i+k)
				}
				u = u<<4 | uint16(h)
			}
			// Join a low surrogate only with a high one of this string.
			if u >= 0xDC00 && u <= 0xDFFF && len(a)-begin < 3 {
				a = append(a, 0xED, 0xA0|byte(u>>6&0x1F), 0x80|byte(u&0x3F))
			} else {
				a = appendUnit(a, u)
			}
			i += 4
		default:
			d.arena = a[:begin]
			return "", d.fail(errBadEscape, i)
		}
		i++
	}
	d.arena = a[:begin]
	return "", d.fail(errUnterminatedString, len(s))
}

// reserve makes sure the arena can hold every string still to be decoded
// without growing: decoded strings are never longer than their source.
func (d *decoder) reserve() {
	if d.arena == nil || cap(d.arena)-len(d.arena) < len(d.src)-d.pos {
		d.arena = make([]byte, 0, len(d.src)-d.pos)
	}
}

// save copies raw (a string without escapes) into the arena.
func (d *decoder) save(raw []byte) string {
	if len(raw) == 0 {
		return ""
	}
	d.reserve()
	l := len(d.arena)
	d.arena = append(d.arena, raw...)
	return bytesconv.B2S(d.arena[l:])
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
