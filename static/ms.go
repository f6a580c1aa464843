package static

import (
	"errors"
	"strconv"
)

// Units of the ms package, in milliseconds.
const (
	msSecond = 1000.0
	msMinute = msSecond * 60
	msHour   = msMinute * 60
	msDay    = msHour * 24
	msWeek   = msDay * 7
	msYear   = msDay * 365.25
)

// ParseMS reads a duration as the ms 2.1 package's parse does, returning
// milliseconds: a number ("20000", "1.5", ".5", "-3"), optional spaces,
// and an optional unit, in any ASCII case: ms, msec(s), millisecond(s),
// s, sec(s), second(s), m, min(s), minute(s), h, hr(s), hour(s), d,
// day(s), w, week(s), y, yr(s), year(s). ok is false where ms returns
// undefined (anything else, or a string longer than 100 bytes).
func ParseMS(s string) (ms float64, ok bool) {
	if len(s) > 100 {
		return 0, false
	}
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intDigits := i - intStart
	if i < len(s) && s[i] == '.' {
		i++
		fracStart := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == fracStart {
			return 0, false // "1." : the pattern needs a digit after the dot
		}
	} else if intDigits == 0 {
		return 0, false
	}
	n, err := strconv.ParseFloat(s[:i], 64)
	if err != nil && !isRangeErr(err) {
		return 0, false
	}
	for i < len(s) && s[i] == ' ' {
		i++
	}
	unit := s[i:]
	if len(unit) > len("milliseconds") {
		return 0, false
	}
	var lower [12]byte
	for k := 0; k < len(unit); k++ {
		c := unit[k]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		lower[k] = c
	}
	switch string(lower[:len(unit)]) {
	case "years", "year", "yrs", "yr", "y":
		return n * msYear, true
	case "weeks", "week", "w":
		return n * msWeek, true
	case "days", "day", "d":
		return n * msDay, true
	case "hours", "hour", "hrs", "hr", "h":
		return n * msHour, true
	case "minutes", "minute", "mins", "min", "m":
		return n * msMinute, true
	case "seconds", "second", "secs", "sec", "s":
		return n * msSecond, true
	case "milliseconds", "millisecond", "msecs", "msec", "ms", "":
		return n, true
	}
	return 0, false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isRangeErr reports a ParseFloat overflow, which JavaScript's parseFloat
// reads as Infinity too.
func isRangeErr(err error) bool {
	return errors.Is(err, strconv.ErrRange)
}
