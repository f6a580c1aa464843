package fast

import (
	"github.com/fwgo/fw/internal/rangeparser"
	"github.com/fwgo/fw/parsers"
)

// Range is one satisfiable range of req.range, inclusive at both ends:
// 0 <= Start <= End <= size-1. It marshals as {"start":…,"end":…}, as
// Express's objects do.
type Range struct {
	Start int64 `json:"start"`
	End   int64 `json:"end"`
}

// Ranges is what req.range returns for a Range header that parses: the
// ranges in header order (or merged, with combine) and the unit before the
// '=', the array's .type ("bytes" for byte ranges; any unit is accepted,
// callers check it). It marshals as the array alone, as JSON.stringify
// writes an array that has a type property. Type is a view of the Range
// header and Ranges a slice the request reuses: both are valid until the
// request ends (see Request.Range).
type Ranges struct {
	Type   string
	Ranges []Range
}

// MarshalJSON writes the ranges as a JSON array.
func (rs Ranges) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 2+len(rs.Ranges)*24)
	b = append(b, '[')
	for i, r := range rs.Ranges {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"start":`...)
		b = parsers.AppendNumber(b, float64(r.Start))
		b = append(b, `,"end":`...)
		b = parsers.AppendNumber(b, float64(r.End))
		b = append(b, '}')
	}
	return append(b, ']'), nil
}

// RangeResult says what req.range found besides the ranges.
type RangeResult int

// The results of Request.Range. RangeUnsatisfiable and RangeMalformed are
// range-parser's -1 and -2; RangeAbsent is Express's undefined.
const (
	// RangeOK: at least one satisfiable range.
	RangeOK RangeResult = 0
	// RangeUnsatisfiable: the header has a unit but no satisfiable range
	// (send answers 416).
	RangeUnsatisfiable RangeResult = -1
	// RangeMalformed: the header has no '=' (send ignores it).
	RangeMalformed RangeResult = -2
	// RangeAbsent: the request has no Range header, or an empty one.
	RangeAbsent RangeResult = 1
)

// Range parses the Range header for an entity of size bytes, as
// req.range(size, {combine}) does with range-parser: ranges past the end
// are clipped to size-1, ranges that cannot be satisfied are dropped, and
// with combine overlapping and adjacent ranges are merged. The Ranges are
// set only with RangeOK. The slice is valid until the request ends and is
// reused by the next call of Range; it allocates nothing once the request's
// buffers have grown.
func (r *Request) Range(size int64, combine bool) (Ranges, RangeResult) {
	header, _ := r.c.requestHeader(hRange)
	if header == "" {
		return Ranges{}, RangeAbsent
	}
	r.c.touched = true
	parsed, unit, res := rangeparser.Parse(r.rangeBuf[:0], size, header, combine)
	r.rangeBuf = parsed
	if res != rangeparser.OK {
		return Ranges{}, RangeResult(res)
	}
	r.ranges = r.ranges[:0]
	for _, p := range parsed {
		r.ranges = append(r.ranges, Range{Start: p.Start, End: p.End})
	}
	return Ranges{Type: unit, Ranges: r.ranges}, RangeOK
}
