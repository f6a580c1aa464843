// Package rangeparser parses HTTP Range headers as the range-parser 1.2.1
// package does for Express 4 (req.range) and send (express.static,
// res.sendFile).
//
// The header is read as Node reads request headers: one byte per character
// (latin1). Parse writes into a caller's slice and allocates nothing when the
// slice has room; its work is linear in the header length, plus an
// O(n log n) sort when ranges are combined, so a header of thousands of
// ranges costs microseconds, never more.
//
// Numbers are read as JavaScript's parseInt(s, 10) reads them: leading white
// space and a '+' sign are skipped and reading stops at the first non-digit
// ("5abc" is 5). Values too large for an int64 saturate; for every size below
// 2^53 (JavaScript's exact integers) the results equal range-parser's.
package rangeparser

import "github.com/fwgo/fw/internal/ecma"

// Result is what Parse reports besides the ranges.
type Result int

// The results of Parse; Unsatisfiable and Malformed carry range-parser's
// numeric codes -1 and -2.
const (
	// OK means at least one satisfiable range was found.
	OK Result = 0
	// Unsatisfiable means the header has a unit but no satisfiable range;
	// send answers 416 with "Content-Range: bytes */<size>".
	Unsatisfiable Result = -1
	// Malformed means the header has no '='; send ignores it and serves the
	// whole entity.
	Malformed Result = -2
)

// Range is one satisfiable range, inclusive at both ends, with
// 0 <= Start <= End <= size-1.
type Range struct {
	Start int64
	End   int64
	index int // position among the parsed ranges, used by combining
}

const maxInt64 = 1<<63 - 1

// Parse parses the Range header for an entity of size bytes and appends the
// satisfiable ranges to dst in header order; with combine, overlapping and
// adjacent ranges are merged and listed in the order of the first range of
// each merged group, as range-parser's combine option does.
//
// unit is the text before the first '=' ("bytes" for byte ranges; callers
// must check it, as send does). It is a substring of header. When result is
// not OK, ranges is dst unchanged (its length restored) and unit is empty for
// Malformed.
//
// Ranges that are syntactically invalid, start beyond the end or start
// before 0 are skipped; an end beyond the entity is clipped to size-1. A
// range without '-' ("bytes=5") reads as "5-".
func Parse(dst []Range, size int64, header string, combine bool) (ranges []Range, unit string, result Result) {
	eq := -1
	for i := 0; i < len(header); i++ {
		if header[i] == '=' {
			eq = i
			break
		}
	}
	if eq < 0 {
		return dst, "", Malformed
	}
	unit = header[:eq]
	base := len(dst)
	rest := header[eq+1:]
	for {
		part := rest
		comma := indexByte(rest, ',')
		if comma >= 0 {
			part = rest[:comma]
		}
		if r, ok := parseOne(part, size); ok {
			r.index = len(dst) - base
			dst = append(dst, r)
		}
		if comma < 0 {
			break
		}
		rest = rest[comma+1:]
	}
	if len(dst) == base {
		return dst, unit, Unsatisfiable
	}
	if combine {
		dst = dst[:base+combineRanges(dst[base:])]
	}
	return dst, unit, OK
}

// parseOne reads one "start-end" element as range-parser does, reporting
// whether it is satisfiable.
func parseOne(part string, size int64) (Range, bool) {
	first, second, hasDash := part, "", false
	if dash := indexByte(part, '-'); dash >= 0 {
		// split('-') keeps only the text up to a second '-'.
		first, second, hasDash = part[:dash], part[dash+1:], true
		if dash2 := indexByte(second, '-'); dash2 >= 0 {
			second = second[:dash2]
		}
	}
	start, startOK := parseInt(first)
	end, endOK := int64(0), false
	if hasDash {
		end, endOK = parseInt(second)
	}
	switch {
	case !startOK:
		// "-nnn": the last nnn bytes.
		if !endOK {
			return Range{}, false
		}
		start = size - end
		end = size - 1
	case !endOK:
		// "nnn-": to the end.
		end = size - 1
	}
	if end > size-1 {
		end = size - 1
	}
	if start > end || start < 0 {
		return Range{}, false
	}
	return Range{Start: start, End: end}, true
}

// parseInt reads s as JavaScript's parseInt(s, 10) does on a latin1
// string; ok is false where parseInt returns NaN. Values saturate at the
// largest int64.
func parseInt(s string) (n int64, ok bool) {
	i := 0
	for i < len(s) && ecma.IsSpace(s[i]) {
		i++
	}
	// A '-' never reaches here: the caller splits on it.
	if i < len(s) && s[i] == '+' {
		i++
	}
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		ok = true
		d := int64(s[i] - '0')
		if n > (maxInt64-d)/10 {
			n = maxInt64
		} else {
			n = n*10 + d
		}
	}
	return n, ok
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}
