package parsers

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// AppendJSON appends v encoded as JavaScript's JSON.stringify(v) would encode
// the same JavaScript value: object keys in the Object's order, numbers
// formatted as JavaScript formats them (NaN and the infinities as null),
// and strings escaped as V8 escapes them (only '"', '\\' and control
// characters; lone surrogates, which this package carries in WTF-8 form, as
// \udXXX). The value model types (string, float64, bool, nil, []any,
// *Object) and Go integers are written directly; map[string]any is written
// with its keys in V8's order for a fresh object (array indices ascending,
// then the rest sorted); any other value goes through encoding/json with
// HTML escaping off.
//
// Like JSON.stringify, which throws a RangeError past V8's stack depth, it
// fails with ErrStackDepth for values nested deeper than MaxJSONDepth (a
// cycle is such a value); dst is then returned unchanged.
func AppendJSON(dst []byte, v any) ([]byte, error) {
	return appendJSONChecked(dst, v, "")
}

// MaxJSONDepth is the nesting depth at which AppendJSON gives up. V8's limit
// depends on its stack; standalone Node 20 stringifies about 4,100 nested
// arrays.
const MaxJSONDepth = 4000

// ErrStackDepth is the error of AppendJSON for values nested deeper than
// MaxJSONDepth (JSON.stringify's RangeError "Maximum call stack size
// exceeded").
var ErrStackDepth = errors.New("parsers: maximum call stack size exceeded")

// errDepthPanic unwinds appendJSON when the depth limit is hit.
type errDepthPanic struct{}

func appendJSONChecked(dst []byte, v any, indent string) (out []byte, err error) {
	start := len(dst)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(errDepthPanic); !ok {
				panic(r)
			}
			out, err = dst[:start], ErrStackDepth
		}
	}()
	return appendJSON(dst, v, indent, "", 0), nil
}

// AppendJSONIndent is AppendJSON with JSON.stringify's space argument:
// members are written one per line, each level indented by one more copy of
// indent, and a space follows each colon. An empty indent gives AppendJSON's
// output. JSON.stringify caps the indent at 10 characters; callers
// translating a numeric space argument use that many spaces.
func AppendJSONIndent(dst []byte, v any, indent string) ([]byte, error) {
	return appendJSONChecked(dst, v, indent)
}

// MarshalJSON returns the object encoded as JSON.stringify encodes it.
// encoding/json's Marshal and Encoder re-escape '<', '>' and '&' in what a
// Marshaler returns unless HTML escaping is turned off; AppendJSON gives
// JSON.stringify's bytes directly.
func (o *Object) MarshalJSON() ([]byte, error) {
	if o == nil {
		return []byte("null"), nil
	}
	return AppendJSON(nil, o)
}

func appendJSON(dst []byte, v any, indent, prefix string, depth int) []byte {
	switch v.(type) {
	case *Object, []any, map[string]any:
		if depth >= MaxJSONDepth {
			panic(errDepthPanic{})
		}
	}
	switch x := v.(type) {
	case nil:
		return append(dst, "null"...)
	case string:
		return AppendQuote(dst, x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return append(dst, "null"...)
		}
		return AppendNumber(dst, x)
	case bool:
		if x {
			return append(dst, "true"...)
		}
		return append(dst, "false"...)
	case *Object:
		if x == nil {
			return append(dst, "null"...)
		}
		if x.Len() == 0 {
			return append(dst, '{', '}')
		}
		inner := prefix + indent
		dst = append(dst, '{')
		first := true
		for k, val := range x.All() {
			if !first {
				dst = append(dst, ',')
			}
			first = false
			dst = appendNewline(dst, indent, inner)
			dst = AppendQuote(dst, k)
			dst = append(dst, ':')
			if indent != "" {
				dst = append(dst, ' ')
			}
			dst = appendJSON(dst, val, indent, inner, depth+1)
		}
		dst = appendNewline(dst, indent, prefix)
		return append(dst, '}')
	case []any:
		if x == nil {
			return append(dst, "null"...)
		}
		if len(x) == 0 {
			return append(dst, '[', ']')
		}
		inner := prefix + indent
		dst = append(dst, '[')
		for i, val := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendNewline(dst, indent, inner)
			dst = appendJSON(dst, val, indent, inner, depth+1)
		}
		dst = appendNewline(dst, indent, prefix)
		return append(dst, ']')
	case []string:
		if x == nil {
			return append(dst, "null"...)
		}
		if len(x) == 0 {
			return append(dst, '[', ']')
		}
		inner := prefix + indent
		dst = append(dst, '[')
		for i, val := range x {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendNewline(dst, indent, inner)
			dst = AppendQuote(dst, val)
		}
		dst = appendNewline(dst, indent, prefix)
		return append(dst, ']')
	case map[string]any:
		if x == nil {
			return append(dst, "null"...)
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, compareKeys)
		var o Object
		for _, k := range keys {
			o.Set(k, x[k])
		}
		return appendJSON(dst, &o, indent, prefix, depth)
	case int:
		return strconv.AppendInt(dst, int64(x), 10)
	case int64:
		return strconv.AppendInt(dst, x, 10)
	case int32:
		return strconv.AppendInt(dst, int64(x), 10)
	case uint:
		return strconv.AppendUint(dst, uint64(x), 10)
	case uint64:
		return strconv.AppendUint(dst, x, 10)
	case uint32:
		return strconv.AppendUint(dst, uint64(x), 10)
	case float32:
		return appendJSON(dst, float64(x), indent, prefix, depth)
	case json.Number:
		return append(dst, x...)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent != "" {
		enc.SetIndent(prefix, indent)
	}
	if err := enc.Encode(v); err != nil {
		return append(dst, "null"...)
	}
	return append(dst, bytes.TrimRight(buf.Bytes(), "\n")...)
}

func appendNewline(dst []byte, indent, prefix string) []byte {
	if indent == "" {
		return dst
	}
	dst = append(dst, '\n')
	return append(dst, prefix...)
}

// compareKeys orders keys as V8 orders the keys of a fresh object: array
// indices ascending, then the others (here: sorted, as Go maps have no
// insertion order).
func compareKeys(a, b string) int {
	na, ia := arrayIndex(a)
	nb, ib := arrayIndex(b)
	switch {
	case ia && ib:
		if na < nb {
			return -1
		}
		if na > nb {
			return 1
		}
		return 0
	case ia:
		return -1
	case ib:
		return 1
	}
	return strings.Compare(a, b)
}

const lowerHex = "0123456789abcdef"

// AppendQuote appends s as a JSON string literal the way JSON.stringify
// writes it: '"' and '\\' escaped, control characters as \b \t \n \f \r or
// \u00XX, surrogate code points (WTF-8, as this package decodes lone
// surrogates) as \udXXX, any other invalid UTF-8 byte as \ufffd, and all
// other characters, U+2028 and U+2029 included, unescaped.
func AppendQuote(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
			dst = append(dst, s[start:i]...)
			if cp, ok := surrogateAt(s, i); ok {
				dst = append(dst, '\\', 'u', lowerHex[cp>>12], lowerHex[cp>>8&0xF], lowerHex[cp>>4&0xF], lowerHex[cp&0xF])
				i += 3
			} else {
				dst = append(dst, `\ufffd`...)
				i++
			}
			start = i
			continue
		}
		dst = append(dst, s[start:i]...)
		switch c {
		case '"':
			dst = append(dst, '\\', '"')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\r':
			dst = append(dst, '\\', 'r')
		default:
			dst = append(dst, '\\', 'u', '0', '0', lowerHex[c>>4], lowerHex[c&0xF])
		}
		i++
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// surrogateAt reports whether s[i:] starts with a surrogate code point
// encoded as three WTF-8 bytes (ED A0..BF 80..BF), and returns it.
func surrogateAt[T string | []byte](s T, i int) (uint16, bool) {
	if i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2]&0xC0 == 0x80 {
		return 0xD000 | uint16(s[i+1]&0x3F)<<6 | uint16(s[i+2]&0x3F), true
	}
	return 0, false
}
