package parsers

import (
	"bytes"
	"unicode/utf8"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/ecma"
	"github.com/fwgo/fw/internal/uri"
)

// DefaultParameterLimit is the default number of parameters of Node's
// querystring (maxKeys), of qs (parameterLimit) and of body-parser's
// urlencoded parser (parameterLimit).
const DefaultParameterLimit = 1000

// Unlimited, as a parameter limit, means no limit (JavaScript's Infinity).
const Unlimited = int(^uint(0) >> 1)

// ParseQuerySimple parses s as Node 20's querystring.parse(s) does, the
// "simple" query parser of Express and the parser of
// urlencoded({extended: false}): '&' separates pairs, the first '='
// separates key and value, '+' is a space, percent escapes are decoded with
// decodeURIComponent (falling back to Node's lenient byte decoding when that
// fails), and a repeated key collects its values in a []any of strings. At
// most DefaultParameterLimit pairs are read; the rest is ignored.
//
// The result is never nil. Its strings share one allocation and do not
// alias s, so s may be a view of pooled memory.
func ParseQuerySimple(s []byte) *Object {
	return parseQuerystring(s, DefaultParameterLimit)
}

// parseQuerystring is querystring.parse(s, '&', '=', {maxKeys}); maxKeys
// Unlimited means no limit.
func parseQuerystring(s []byte, maxKeys int) *Object {
	if len(s) == 0 {
		return &Object{}
	}
	obj := &Object{strs: make([]member, 0, min(bytes.Count(s, []byte{'&'})+1, maxKeys, 1024))}
	var a arena
	a.init(len(s))
	pairs := maxKeys
	// State of Node's scanner. key and value accumulate spans of s, with
	// '+' already replaced by ' ', in the arena.
	lastPos := 0
	eqSeen := false
	keyEncoded, valEncoded := false, false
	encodeCheck := 0
	keyMark, valMark := a.mark(), -1
	flushKey := func(end int) {
		a.b = append(a.b, s[lastPos:end]...)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '&' {
			end := i
			if !eqSeen {
				if lastPos < end {
					flushKey(end)
				} else if a.mark() == keyMark {
					// An empty substring between separators.
					pairs--
					if pairs == 0 {
						return obj
					}
					lastPos = i + 1
					continue
				}
			} else if lastPos < end {
				flushKey(end)
			}
			addKeyVal(obj, &a, keyMark, valMark, keyEncoded, valEncoded)
			pairs--
			if pairs == 0 {
				return obj
			}
			keyEncoded, valEncoded = false, false
			encodeCheck = 0
			lastPos = i + 1
			eqSeen = false
			keyMark, valMark = a.mark(), -1
			continue
		}
		if !eqSeen {
			if c == '=' {
				eqSeen = true
				if lastPos < i {
					flushKey(i)
				}
				valMark = a.mark()
				encodeCheck = 0
				lastPos = i + 1
				continue
			}
			if !keyEncoded {
				if c == '%' {
					encodeCheck = 1
					continue
				} else if encodeCheck > 0 {
					if isHex(c) {
						encodeCheck++
						if encodeCheck == 3 {
							keyEncoded = true
						}
						continue
					}
					encodeCheck = 0
				}
			}
			if c == '+' {
				if lastPos < i {
					flushKey(i)
				}
				a.b = append(a.b, ' ')
				lastPos = i + 1
				continue
			}
		}
		// Node's value scanning also runs for key characters that fell
		// through above; it can mark the value as encoded.
		if c == '+' {
			if lastPos < i {
				flushKey(i)
			}
			a.b = append(a.b, ' ')
			lastPos = i + 1
		} else if !valEncoded {
			if c == '%' {
				encodeCheck = 1
			} else if encodeCheck > 0 {
				if isHex(c) {
					encodeCheck++
					if encodeCheck == 3 {
						valEncoded = true
					}
				} else {
					encodeCheck = 0
				}
			}
		}
	}
	if lastPos < len(s) {
		flushKey(len(s))
	} else if !eqSeen && a.mark() == keyMark {
		return obj
	}
	addKeyVal(obj, &a, keyMark, valMark, keyEncoded, valEncoded)
	return obj
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// addKeyVal stores the pair accumulated in the arena: the key from keyMark,
// the value from valMark (-1: no '=' was seen, the value is empty).
func addKeyVal(obj *Object, a *arena, keyMark, valMark int, keyEncoded, valEncoded bool) {
	end := len(a.b)
	keyEnd := end
	if valMark >= 0 {
		keyEnd = valMark
	}
	// Views of the raw spans; the arena only grows past them.
	k := bytesconv.B2S(a.b[keyMark:keyEnd])
	v := ""
	if valMark >= 0 {
		v = bytesconv.B2S(a.b[valMark:end])
	}
	if len(k) > 0 && keyEncoded {
		k = qsUnescape(a, k)
	}
	if len(v) > 0 && valEncoded {
		v = qsUnescape(a, v)
	}
	cur, ok := obj.Get(k)
	if !ok {
		obj.Set(k, v)
		return
	}
	if arr, isArr := cur.([]any); isArr {
		obj.Set(k, append(arr, v))
		return
	}
	obj.Set(k, []any{cur, v})
}

// qsUnescape is Node's querystring.unescape: decodeURIComponent, or when
// that throws, unescapeBuffer(s).toString(). The result is stored in a.
func qsUnescape(a *arena, s string) string {
	m := a.mark()
	var ok bool
	a.b, ok = uri.AppendDecodeComponent(a.b, s)
	if ok {
		return a.since(m)
	}
	a.b = a.b[:m]
	return appendUnescapeBuffer(a, s)
}

// appendUnescapeBuffer is Node's querystring.unescapeBuffer(s) followed by
// Buffer.toString(): the string is walked in UTF-16 code units, valid %XX
// escapes become their byte, and every other unit becomes its low 8 bits;
// the bytes are then decoded as UTF-8 with replacement characters.
func appendUnescapeBuffer(a *arena, s string) string {
	units := utf16Units(s)
	raw := make([]byte, 0, len(units))
	maxLength := len(units) - 2
	for i := 0; i < len(units); {
		c := units[i]
		if c == '%' && i < maxLength {
			hi, okHi := unhexUnit(units[i+1])
			if !okHi {
				raw = append(raw, '%')
				i++
				continue
			}
			lo, okLo := unhexUnit(units[i+2])
			if !okLo {
				raw = append(raw, '%', byte(units[i+1]))
				i += 2
				continue
			}
			raw = append(raw, hi<<4|lo)
			i += 3
			continue
		}
		raw = append(raw, byte(c))
		i++
	}
	m := a.mark()
	a.b = ecma.AppendUTF8(a.b, raw)
	return a.since(m)
}

func unhexUnit(u uint16) (byte, bool) {
	if u >= utf8.RuneSelf {
		return 0, false
	}
	return unhex(byte(u))
}
