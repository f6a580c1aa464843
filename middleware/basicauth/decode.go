package basicauth

import "github.com/fwgo/fw/internal/ecma"

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

// decodeCredentials is Buffer.from(s, 'base64').toString().
func decodeCredentials(s string) string {
	var buf [96]byte
	return ecma.UTF8String(appendBase64(buf[:0], s))
}
