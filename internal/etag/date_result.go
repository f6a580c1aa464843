package etag

import "time"

const (
	msPerDay = 86400000
	// maxTime is the largest magnitude of a JavaScript time value.
	maxTime = 8.64e15
	// maxLocalTime bounds local times before conversion to UTC, as V8's
	// kMaxTimeBeforeUTCInMs does.
	maxLocalTime = maxTime + 864000000
)

// result runs the composers' final checks and V8's MakeDay, MakeTime,
// local-time conversion and TimeClip.
func (p *dateParser) result(loc *time.Location) (int64, bool) {
	year, month, day, ok := p.writeDay()
	if !ok {
		return 0, false
	}
	hour, minute, second, milli, ok := p.writeTime()
	if !ok {
		return 0, false
	}
	offset, hasOffset, ok := p.writeZone()
	if !ok {
		return 0, false
	}
	// Beyond this the result is outside the time range whatever the rest.
	if year < -400000 || year > 400000 {
		return 0, false
	}
	date := daysFromCivil(int64(year), month, 1)*msPerDay + int64(day-1)*msPerDay +
		int64(hour)*3600000 + int64(minute)*60000 + int64(second)*1000 + int64(milli)
	if hasOffset {
		date -= int64(offset) * 1000
	} else {
		if date < -maxLocalTime || date > maxLocalTime {
			return 0, false
		}
		date = localToUTC(date, loc)
	}
	if date < -maxTime || date > maxTime {
		return 0, false
	}
	return date, true
}

// writeDay orders the day components as V8 does: ISO dates are
// year-month-day; otherwise a named month takes the remaining numbers as
// day and year, and plain numbers are month-day-year unless the first is
// no valid day. Missing components are 1, so a missing year is 2001.
// Legacy years 0-49 are 2000-2049 and 50-99 are 1950-1999.
func (p *dateParser) writeDay() (year, month, day int, ok bool) {
	if p.dayIndex < 1 {
		return 0, 0, 0, false
	}
	for p.dayIndex < len(p.day) {
		p.day[p.dayIndex] = 1
		p.dayIndex++
	}
	c := p.day
	month, day = kNone, kNone
	if p.namedMonth == kNone {
		if p.isoDate || !isDay(c[0]) {
			year, month, day = c[0], c[1], c[2]
		} else {
			month, day, year = c[0], c[1], c[2]
		}
	} else {
		month = p.namedMonth
		if !isDay(c[0]) {
			year, day = c[0], c[1]
		} else {
			day, year = c[0], c[1]
		}
	}
	if !p.isoDate {
		if between(year, 0, 49) {
			year += 2000
		} else if between(year, 50, 99) {
			year += 1900
		}
	}
	if !isMonth(month) || !isDay(day) {
		return 0, 0, 0, false
	}
	return year, month, day, true
}

func (p *dateParser) writeTime() (hour, minute, second, milli int, ok bool) {
	for p.tmIndex < len(p.tm) {
		p.tm[p.tmIndex] = 0
		p.tmIndex++
	}
	hour, minute, second, milli = p.tm[0], p.tm[1], p.tm[2], p.tm[3]
	if p.hourOffset != kNone {
		if !between(hour, 0, 12) {
			return 0, 0, 0, 0, false
		}
		hour = hour%12 + p.hourOffset
	}
	if !isHour(hour) || !isMinute(minute) || !isSecond(second) || !isMillisecond(milli) {
		// 24:00:00.000 is allowed.
		if hour != 24 || minute != 0 || second != 0 || milli != 0 {
			return 0, 0, 0, 0, false
		}
	}
	return hour, minute, second, milli, true
}

// writeZone returns the UTC offset in seconds, or hasOffset false for
// local time.
func (p *dateParser) writeZone() (offset int, hasOffset, ok bool) {
	if p.tzSign == kNone {
		return 0, false, true
	}
	h, m := p.tzHour, p.tzMinute
	if h == kNone {
		h = 0
	}
	if m == kNone {
		m = 0
	}
	total := uint32(h)*3600 + uint32(m)*60 // V8's unsigned arithmetic
	if total > 1<<31-1 {                   // Smi::kMaxValue on x64 Node (no pointer compression)
		return 0, false, false
	}
	offset = int(total)
	if p.tzSign < 0 {
		offset = -offset
	}
	return offset, true, true
}

// daysFromCivil is the number of days from 1970-01-01 to the given
// proleptic Gregorian date.
func daysFromCivil(y int64, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := int64((m + 9) % 12)
	doy := (153*mp+2)/5 + int64(d) - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// localToUTC converts a local wall-clock time in milliseconds to UTC in
// loc the way V8 (through ICU) does: a time that occurs twice takes the
// earlier offset, and a time skipped by a transition also takes the offset
// in force before the transition.
func localToUTC(ms int64, loc *time.Location) int64 {
	if loc == time.UTC {
		return ms
	}
	const day = 86400000
	before, after := offsetAt(ms-day, loc), offsetAt(ms+day, loc)
	u1 := ms - before
	if before == after || offsetAt(u1, loc) == before {
		return u1
	}
	if u2 := ms - after; offsetAt(u2, loc) == after {
		return u2
	}
	return u1
}

// offsetAt is loc's UTC offset in milliseconds at the instant ms.
func offsetAt(ms int64, loc *time.Location) int64 {
	_, off := time.UnixMilli(ms).In(loc).Zone()
	return int64(off) * 1000
}
