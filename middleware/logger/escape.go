package logger

import (
	"strings"
	"unicode/utf8"
)

// escape is morgan's escapeLogField for a string value: control
// characters (U+0000 to U+001F, U+007F to U+009F), U+2028, U+2029, '"' and
// '\' become JSON-style escapes. Bytes that are not UTF-8 are kept.
func escape(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f || c == '"' || c == '\\' {
				break
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if size > 1 && needsEscape(r) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if size == 1 && s[i] >= utf8.RuneSelf {
			b.WriteByte(s[i]) // not UTF-8: kept as it is
		} else {
			writeEscaped(&b, r)
		}
		i += size
	}
	return b.String()
}

// escapeLatin1 escapes header bytes read as Latin-1 characters, as Node
// reads them, and returns the UTF-8 of the escaped text, as Node writes a
// string to a stream.
func escapeLatin1(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return escape(s)
	}
	var b strings.Builder
	b.Grow(len(s) * 2)
	for i := 0; i < len(s); i++ {
		writeEscaped(&b, rune(s[i]))
	}
	return b.String()
}

func needsEscape(r rune) bool {
	return r < 0x20 || r >= 0x7f && r <= 0x9f || r == 0x2028 || r == 0x2029 || r == '"' || r == '\\'
}

func writeEscaped(b *strings.Builder, r rune) {
	if !needsEscape(r) {
		b.WriteRune(r)
		return
	}
	switch r {
	case '\\':
		b.WriteString(`\\`)
	case '"':
		b.WriteString(`\"`)
	case '\b':
		b.WriteString(`\b`)
	case '\f':
		b.WriteString(`\f`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case '\t':
		b.WriteString(`\t`)
	default:
		const hex = "0123456789abcdef"
		b.WriteString(`\u`)
		b.WriteByte(hex[r>>12&0xf])
		b.WriteByte(hex[r>>8&0xf])
		b.WriteByte(hex[r>>4&0xf])
		b.WriteByte(hex[r&0xf])
	}
}
