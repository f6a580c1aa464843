package fast

import "unicode/utf8"

// appendJSONString appends s as JSON.stringify writes a string: quotes,
// backslash and control characters escaped (\b \f \n \r \t, others as
// \u00xx), everything else as is; bytes that are not UTF-8 become U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	last := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				dst = append(dst, s[last:i]...)
				dst = append(dst, "\ufffd"...)
				i++
				last = i
				continue
			}
			i += size
			continue
		}
		dst = append(dst, s[last:i]...)
		switch c {
		case '"':
			dst = append(dst, '\\', '"')
		case '\\':
			dst = append(dst, '\\', '\\')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		default:
			dst = append(dst, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
		i++
		last = i
	}
	dst = append(dst, s[last:]...)
	return append(dst, '"')
}
