package basicauth

import "unicode/utf8"

// nodeBase64 maps a byte of either base64 alphabet (standard or URL-safe)
// to its 6-bit value, and every other byte to 0xFF.
var nodeBase64 = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	const std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(std); i++ {
		t[std[i]] = byte(i)
	}
	t['-'], t['_'] = 62, 63
	return t
}()

// appendBase64 decodes s as Node's Buffer.from(s, 'base64') does: both
// alphabets are accepted, any other byte is skipped, the first '=' ends
// the input, and a trailing group of 2 or 3 characters gives 1 or 2 bytes
// (a lone trailing character gives none).
func appendBase64(dst []byte, s string) []byte {
	var acc uint32
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '=' {
			break
		}
		v := nodeBase64[c]
		if v == 0xFF {
			continue
		}
		acc = acc<<6 | uint32(v)
		n++
		if n == 4 {
			dst = append(dst, byte(acc>>16), byte(acc>>8), byte(acc))
			acc, n = 0, 0
		}
	}
	switch n {
	case 2:
		dst = append(dst, byte(acc>>4))
	case 3:
		dst = append(dst, byte(acc>>10), byte(acc>>2))
	}
	return dst
}

// utf8String decodes b as Node's buf.toString() does (the WHATWG UTF-8
// decoder): each maximal ill-formed subsequence becomes one U+FFFD.
func utf8String(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			out = append(out, b[i])
			i++
			continue
		}
		if r, size := utf8.DecodeRune(b[i:]); r != utf8.RuneError || size > 1 {
			out = append(out, b[i:i+size]...)
			i += size
			continue
		}
		out = append(out, "\uFFFD"...)
		i += maximalSubpart(b[i:])
	}
	return string(out)
}

// maximalSubpart returns the length (at least 1) of the maximal subpart of
// the ill-formed sequence at the start of b, as the WHATWG decoder counts
// it.
func maximalSubpart(b []byte) int {
	c := b[0]
	need := 0
	lo, hi := byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c >= 0xE0 && c <= 0xEF:
		need = 2
		if c == 0xE0 {
			lo = 0xA0
		} else if c == 0xED {
			hi = 0x9F
		}
	case c >= 0xF0 && c <= 0xF4:
		need = 3
		if c == 0xF0 {
			lo = 0x90
		} else if c == 0xF4 {
			hi = 0x8F
		}
	default:
		return 1
	}
	i := 1
	for ; i <= need && i < len(b); i++ {
		if b[i] < lo || b[i] > hi {
			return i
		}
		lo, hi = 0x80, 0xBF
	}
	return i
}

// decodeCredentials is Buffer.from(s, 'base64').toString().
func decodeCredentials(s string) string {
	var buf [96]byte
	return utf8String(appendBase64(buf[:0], s))
}
