package etag

// parse runs V8's DateParser::Parse: as much of an ES5 ISO string as
// matches, then the legacy parser over what is left, then the composers'
// checks. It reports false where Date.parse gives NaN.
func (p *dateParser) parse() bool {
	t := p.parseISO()
	if t.kind == tokInvalid {
		return false
	}
	hasReadNumber := p.dayIndex > 0
	for ; !t.isEnd(); t = p.take() {
		switch {
		case t.isNumber():
			hasReadNumber = true
			if !p.legacyNumber(t.value) {
				return false
			}
		case t.kind == tokWord:
			switch {
			case t.kw == kwAmPm && !p.timeEmpty():
				p.hourOffset = t.value
			case t.kw == kwMonth:
				p.namedMonth = t.value
				p.skipSymbol('-')
			case t.kw == kwZone && hasReadNumber:
				p.tzSet(t.value)
			default:
				// Garbage words are allowed only before the first number,
				// and must be separated from it.
				if hasReadNumber || p.peek().isNumber() {
					return false
				}
			}
		case t.isSign() && (p.tzIsUTC() || !p.timeEmpty()):
			// A UTC offset, only after UTC or a time.
			p.tzSetSign(t.sign())
			n, length := 0, 0
			if p.peek().isNumber() {
				nt := p.take()
				n, length = nt.value, nt.length
			}
			hasReadNumber = true
			switch {
			case p.peek().isSymbol(':'):
				p.tzHour, p.tzMinute = n, kNone
			case length == 1 || length == 2:
				p.tzHour, p.tzMinute = n, 0
			case length == 3 || length == 4:
				p.tzHour, p.tzMinute = n/100, n%100
			default:
				return false
			}
		case (t.isSign() || t.isSymbol(')')) && hasReadNumber:
			return false
		}
	}
	return true
}

// legacyNumber handles a number read by the legacy parser.
func (p *dateParser) legacyNumber(n int) bool {
	if p.skipSymbol(':') {
		if p.skipSymbol(':') {
			// n "::"
			if !p.timeEmpty() {
				return false
			}
			p.timeAdd(n)
			p.timeAdd(0)
			return true
		}
		// n ":"
		if !p.timeAdd(n) {
			return false
		}
		if p.peek().isSymbol('.') {
			p.take()
		}
		return true
	}
	// The '.' is consumed even when no time is expected, as in V8.
	if p.skipSymbol('.') && p.timeExpecting(n) {
		p.timeAdd(n)
		if !p.peek().isNumber() {
			return false
		}
		p.timeAddFinal(readMilliseconds(p.take()))
		return true
	}
	if p.tzExpecting(n) {
		p.tzMinute = n
		return true
	}
	if p.timeExpecting(n) {
		p.timeAddFinal(n)
		// The time must end at the end, white space, "Z" or a sign.
		pk := p.peek()
		return pk.isEnd() || pk.kind == tokSpace || pk.isZ() || pk.isSign()
	}
	if !p.dayAdd(n) {
		return false
	}
	p.skipSymbol('-')
	return true
}

// parseISO reads an ES5 date-time string,
// [('-'|'+')yy]yyyy[-MM[-DD]][THH:mm[:ss[.sss]][Z|(+|-)hh:mm]], as far as it
// matches. It returns the end token when the whole string is one, an
// invalid token when a time part is malformed, or the next token for the
// legacy parser.
func (p *dateParser) parseISO() token {
	switch {
	case p.peek().isSign():
		signTok := p.take()
		if !p.peek().isFixedNumber(6) {
			return signTok
		}
		sign := signTok.sign()
		year := p.take().value
		if sign < 0 && year == 0 {
			return signTok
		}
		p.dayAdd(sign * year)
	case p.peek().isFixedNumber(4):
		p.dayAdd(p.take().value)
	default:
		return p.take()
	}
	if p.skipSymbol('-') {
		if !p.peek().isFixedNumber(2) || !isMonth(p.peek().value) {
			return p.take()
		}
		p.dayAdd(p.take().value)
		if p.skipSymbol('-') {
			if !p.peek().isFixedNumber(2) || !isDay(p.peek().value) {
				return p.take()
			}
			p.dayAdd(p.take().value)
		}
	}
	if !p.peek().isKeyword(kwTimeSeparator) {
		if !p.peek().isEnd() {
			return p.take()
		}
	} else if !p.parseISOTime() {
		return token{kind: tokInvalid}
	}
	// Date-only forms without an offset are UTC, date-time forms local.
	if p.tzHour == kNone && p.timeEmpty() {
		p.tzSet(0)
	}
	p.isoDate = true
	return token{kind: tokEnd, value: -1}
}

// parseISOTime reads 'T'HH:mm[:ss[.sss]][Z|(+|-)hh:mm|(+|-)hhmm] up to the
// end of the string; any deviation makes the whole date invalid.
func (p *dateParser) parseISOTime() bool {
	p.take() // 'T'
	if !p.peek().isFixedNumber(2) || !between(p.peek().value, 0, 24) {
		return false
	}
	hour24 := p.peek().value == 24
	p.timeAdd(p.take().value)
	if !p.skipSymbol(':') {
		return false
	}
	if !p.peek().isFixedNumber(2) || !isMinute(p.peek().value) || hour24 && p.peek().value > 0 {
		return false
	}
	p.timeAdd(p.take().value)
	if p.skipSymbol(':') {
		if !p.peek().isFixedNumber(2) || !isSecond(p.peek().value) || hour24 && p.peek().value > 0 {
			return false
		}
		p.timeAdd(p.take().value)
		if p.skipSymbol('.') {
			if !p.peek().isNumber() || hour24 && p.peek().value > 0 {
				return false
			}
			p.timeAdd(readMilliseconds(p.take()))
		}
	}
	switch {
	case p.peek().isZ():
		p.take()
		p.tzSet(0)
	case p.peek().isSign():
		p.tzSetSign(p.take().sign())
		if p.peek().isFixedNumber(4) {
			hm := p.take().value
			if !isHour(hm/100) || !isMinute(hm%100) {
				return false
			}
			p.tzHour, p.tzMinute = hm/100, hm%100
		} else {
			if !p.peek().isFixedNumber(2) || !isHour(p.peek().value) {
				return false
			}
			p.tzHour = p.take().value
			if !p.skipSymbol(':') {
				return false
			}
			if !p.peek().isFixedNumber(2) || !isMinute(p.peek().value) {
				return false
			}
			p.tzMinute = p.take().value
		}
	}
	return p.peek().isEnd()
}
