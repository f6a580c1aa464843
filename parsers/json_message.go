package parsers

import (
	"strconv"
)

// V8 quotes the whole source in "Unexpected token" messages when it is
// shorter than minSourceForContext UTF-16 units; otherwise it quotes
// contextChars units on either side of the error.
const (
	contextChars        = 10
	minSourceForContext = 2*contextChars + 1
)

// v8Message builds the message V8's JSON.parse (Node 20) gives for err.
func v8Message(src []byte, err *jsonError) string {
	if err.kind != errUnexpectedToken {
		pos := utf16Len(src[:err.pos])
		return errTemplates[err.kind] + strconv.Itoa(pos)
	}
	if err.pos >= len(src) {
		return "Unexpected end of JSON input"
	}
	switch oneCharTokens[src[err.pos]] {
	case tokNumber:
		return "Unexpected number in JSON at position " + strconv.Itoa(utf16Len(src[:err.pos]))
	case tokString:
		return "Unexpected string in JSON at position " + strconv.Itoa(utf16Len(src[:err.pos]))
	}
	switch string(src) {
	case "[object Object]", "undefined", "Infinity", "NaN":
		return `"` + string(src) + `" is not valid JSON`
	}
	units := utf16Units(src)
	pos := utf16Len(src[:err.pos])
	return unexpectedToken(units, pos)
}

// unexpectedToken formats V8's "Unexpected token" message for the unit at
// pos of the source units.
func unexpectedToken(units []uint16, pos int) string {
	msg := make([]byte, 0, 64)
	msg = append(msg, "Unexpected token '"...)
	msg = appendUnitsUTF8(msg, units[pos:pos+1])
	msg = append(msg, "', "...)
	n := len(units)
	switch {
	case n < minSourceForContext:
		msg = append(msg, '"')
		msg = appendUnitsUTF8(msg, units)
		msg = append(msg, '"')
	case pos < contextChars:
		msg = append(msg, '"')
		msg = appendUnitsUTF8(msg, units[:pos+contextChars])
		msg = append(msg, `"...`...)
	case pos < n-contextChars:
		msg = append(msg, `..."`...)
		msg = appendUnitsUTF8(msg, units[pos-contextChars:pos+contextChars])
		msg = append(msg, `"...`...)
	default:
		msg = append(msg, `..."`...)
		msg = appendUnitsUTF8(msg, units[pos-contextChars:])
		msg = append(msg, '"')
	}
	msg = append(msg, " is not valid JSON"...)
	return string(msg)
}

// strictMessage returns the message body-parser's strict mode gives for a
// body whose first non-whitespace character (at byte offset first, or -1
// when there is none) is neither '{' nor '['. body-parser replaces the rest
// of the body from that character with '#', parses that with JSON.parse, and
// puts the body's characters back into each run of '#' of the message.
func strictMessage(text []byte, first int) string {
	if first < 0 {
		return "Unexpected end of JSON input"
	}
	units := utf16Units(text)
	pos := utf16Len(text[:first])
	partial := make([]uint16, len(units))
	copy(partial, units[:pos])
	for i := pos; i < len(partial); i++ {
		partial[i] = '#'
	}
	tmpl := unexpectedToken(partial, pos)
	// Replace each run of '#' by the body's units from pos, as long as the run.
	out := make([]byte, 0, len(tmpl)+16)
	for i := 0; i < len(tmpl); {
		if tmpl[i] != '#' {
			out = append(out, tmpl[i])
			i++
			continue
		}
		j := i
		for j < len(tmpl) && tmpl[j] == '#' {
			j++
		}
		out = appendUnitsUTF8(out, units[pos:min(pos+j-i, len(units))])
		i = j
	}
	return string(out)
}
