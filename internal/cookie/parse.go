// Package cookie holds the cookie handling of Express 4: the cookie 0.7.2
// package (parse for req.cookies, serialize for res.cookie and
// res.clearCookie), cookie-signature 1.0.x (signed cookies) and the helpers
// of cookie-parser 1.4.x (signedCookie(s), JSONCookie(s)).
//
// Headers are read one byte per character, as Node reads them (latin1).
// Values that Express would hold as JavaScript strings are Go strings of
// the same bytes when they are ASCII; where JavaScript would hold characters
// decoded from %XX escapes, the Go string holds their UTF-8 encoding. All
// functions are safe for concurrent use.
package cookie

import (
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/uri"
)

// Kind says what the Value of a Pair stands for in req.cookies or
// req.signedCookies.
type Kind uint8

const (
	// String is a plain string value.
	String Kind = iota
	// JSON marks a "j:" cookie whose Value is the JSON text after the
	// prefix; Express holds JSON.parse(Value) (an object, array, number,
	// true or a non-empty string).
	JSON
	// False marks a signed cookie whose signature no secret verified;
	// req.signedCookies holds false for it and Value is empty.
	False
)

// Pair is one cookie: a name and its value.
type Pair struct {
	Name  string
	Value string
	Kind  Kind
}

// protoKey is dropped by parse: assigning it on a JavaScript object sets
// the prototype (ignored for a string), so req.cookies never holds it.
const protoKey = "__proto__"

// dedupMapAt is the number of cookies above which Parse switches from a
// linear scan to a map to find repeated names, so hostile headers with
// thousands of names stay linear.
const dedupMapAt = 32

// Parse appends to dst the cookies of a Cookie header as cookie.parse does:
// pairs are separated by ';', names and values are trimmed of spaces and
// tabs, a value wrapped in double quotes loses them, segments without '='
// are skipped, the first occurrence of a name wins, "__proto__" is dropped
// and a value holding '%' is decoded with decodeURIComponent, or kept as it
// is when that fails.
//
// Names and undecoded values are substrings of header. Decoded values are
// appended to buf and the returned strings point into it: they stay valid
// while header and buf are neither modified nor reused, so a caller that
// pools them must copy what it keeps. Parse allocates only when dst or buf
// lacks room, or for more than 32 distinct names.
func Parse(dst []Pair, buf []byte, header string) ([]Pair, []byte) {
	n := len(header)
	if n < 2 {
		return dst, buf
	}
	base := len(dst)
	var seen map[string]struct{}
	index := 0
	for index < n {
		eq := indexFrom(header, '=', index)
		if eq < 0 {
			break
		}
		end := indexFrom(header, ';', index)
		if end < 0 {
			end = n
		} else if eq > end {
			// A segment without '=': resume after the last ';' before eq.
			index = lastIndexBefore(header, ';', eq) + 1
			continue
		}
		keyStart := skipSpace(header, index, eq)
		key := header[keyStart:trimSpaceEnd(header, eq, keyStart)]
		if key != protoKey && !isSeen(dst[base:], seen, key) {
			valStart := skipSpace(header, eq+1, end)
			valEnd := trimSpaceEnd(header, end, valStart)
			if valEnd > valStart && header[valStart] == '"' && header[valEnd-1] == '"' {
				valStart++
				valEnd--
			}
			val := ""
			if valStart < valEnd {
				val = header[valStart:valEnd]
			}
			val, buf = decode(val, buf)
			dst = append(dst, Pair{Name: key, Value: val})
			if seen != nil {
				seen[key] = struct{}{}
			} else if len(dst)-base > dedupMapAt {
				seen = make(map[string]struct{}, 2*dedupMapAt)
				for _, p := range dst[base:] {
					seen[p.Name] = struct{}{}
				}
			}
		}
		index = end + 1
	}
	return dst, buf
}

func isSeen(pairs []Pair, seen map[string]struct{}, name string) bool {
	if seen != nil {
		_, ok := seen[name]
		return ok
	}
	for i := range pairs {
		if pairs[i].Name == name {
			return true
		}
	}
	return false
}

// decode is cookie's tryDecode(decode): decodeURIComponent when the value
// holds '%', the raw value when there is none or decoding fails.
func decode(val string, buf []byte) (string, []byte) {
	if indexFrom(val, '%', 0) < 0 {
		return val, buf
	}
	start := len(buf)
	out, ok := uri.AppendDecodeComponent(buf, val)
	if !ok {
		return val, buf[:start]
	}
	return bytesconv.B2S(out[start:len(out):len(out)]), out
}

func indexFrom(s string, c byte, from int) int {
	if i := strings.IndexByte(s[from:], c); i >= 0 {
		return from + i
	}
	return -1
}

// lastIndexBefore is s.lastIndexOf(c, before-1): the last c before index
// before, or -1.
func lastIndexBefore(s string, c byte, before int) int {
	for i := before - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// skipSpace returns the first index in [i, max) not holding a space or tab,
// or max.
func skipSpace(s string, i, max int) int {
	for ; i < max; i++ {
		if s[i] != ' ' && s[i] != '\t' {
			return i
		}
	}
	return max
}

// trimSpaceEnd returns the index after the last character in [min, i) not
// a space or tab, or min.
func trimSpaceEnd(s string, i, min int) int {
	for i > min {
		if c := s[i-1]; c != ' ' && c != '\t' {
			return i
		}
		i--
	}
	return min
}
