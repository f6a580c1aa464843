package parsers

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/fwgo/fw/internal/ecma"
)

// DefaultLimit is body-parser's default limit: "100kb".
const DefaultLimit = 100 << 10

var errBadSize = errors.New("parsers: invalid byte size")

// ParseBytes parses a byte size as the bytes package (bytes.parse, 3.1)
// does for the limit option. "100kb", "1.5 MB", "+2gb" use binary units
// (kb = 1024) and are floored to whole bytes. Any other string is read as
// JavaScript's parseInt reads it: leading white space, an optional sign,
// then the leading decimal digits ("1024" → 1024, "12abc" → 12, "1e3" → 1).
// A string with no leading digits ("abc", "", "Infinity") is an error: an
// invalid limit is rejected, never taken as "no limit". Sizes beyond int64
// saturate.
func ParseBytes(s string) (int64, error) {
	if n, ok := parseUnitSize(s); ok {
		return n, nil
	}
	return parseIntPrefix(s)
}

// units of the bytes package, which has no unit "b" in its pattern.
var sizeUnits = map[string]float64{
	"kb": 1 << 10, "mb": 1 << 20, "gb": 1 << 30, "tb": 1 << 40, "pb": 1 << 50,
}

// parseUnitSize matches /^((-|\+)?(\d+(?:\.\d+)?)) *(kb|mb|gb|tb|pb)$/i.
func parseUnitSize(s string) (int64, bool) {
	if len(s) < 3 {
		return 0, false
	}
	unit, ok := sizeUnits[strings.ToLower(s[len(s)-2:])]
	if !ok {
		return 0, false
	}
	num := strings.TrimRight(s[:len(s)-2], " ")
	digits := num
	if digits != "" && (digits[0] == '-' || digits[0] == '+') {
		digits = digits[1:]
	}
	intPart, frac, hasDot := strings.Cut(digits, ".")
	if !allDigits(intPart) || hasDot && !allDigits(frac) {
		return 0, false
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, false
	}
	return saturate(math.Floor(unit * f)), true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseIntPrefix reads s as JavaScript's parseInt(s, 10).
func parseIntPrefix(s string) (int64, error) {
	s = strings.TrimLeftFunc(s, ecma.IsSpaceRune)
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	end := 0
	for end < len(s) && s[end] >= '0' && s[end] <= '9' {
		end++
	}
	if end == 0 {
		return 0, errBadSize
	}
	f, err := strconv.ParseFloat(s[:end], 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, errBadSize
	}
	if neg {
		f = -f
	}
	return saturate(f), nil
}

func saturate(f float64) int64 {
	switch {
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}
