// Package uri holds the URL text transforms Express applies: JavaScript's
// decodeURIComponent (route parameters, file paths) and the encodeurl
// package (Location headers, the final handler's messages).
package uri

import (
	"strings"
	"unicode/utf8"
)

const upperHex = "0123456789ABCDEF"

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// NeedsDecode reports whether s holds a percent sign, the only case in which
// DecodeComponent changes it.
func NeedsDecode(s string) bool {
	return strings.IndexByte(s, '%') >= 0
}

// AppendDecodeComponent appends s decoded as JavaScript's decodeURIComponent
// does: every %XX escape is decoded (%2F included) and '+' is kept. It
// reports false, like the URIError JavaScript throws, when an escape is
// truncated or not hexadecimal, or when the decoded bytes of a run of
// escapes are not valid UTF-8 (overlong forms and surrogates included).
func AppendDecodeComponent(dst []byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); {
		c := s[i]
		if c != '%' {
			dst = append(dst, c)
			i++
			continue
		}
		// Decode one UTF-8 sequence made of escapes, as JavaScript does.
		b0, ok := escapeAt(s, i)
		if !ok {
			return dst, false
		}
		n := 1
		switch {
		case b0 < 0x80:
		case b0&0xE0 == 0xC0:
			n = 2
		case b0&0xF0 == 0xE0:
			n = 3
		case b0&0xF8 == 0xF0:
			n = 4
		default:
			return dst, false
		}
		var seq [4]byte
		seq[0] = b0
		for k := 1; k < n; k++ {
			b, ok := escapeAt(s, i+3*k)
			if !ok || b&0xC0 != 0x80 {
				return dst, false
			}
			seq[k] = b
		}
		if n > 1 {
			if _, size := utf8.DecodeRune(seq[:n]); size != n { // a literal U+FFFD (EF BF BD) is valid
				return dst, false
			}
		}
		dst = append(dst, seq[:n]...)
		i += 3 * n
	}
	return dst, true
}

func escapeAt(s string, i int) (byte, bool) {
	if i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	hi, ok1 := unhex(s[i+1])
	lo, ok2 := unhex(s[i+2])
	return hi<<4 | lo, ok1 && ok2
}

// keepURL marks the bytes encodeurl leaves alone: \x21 \x23-\x3B \x3D
// \x3F-\x5F \x61-\x7A \x7C \x7E.
var keepURL = func() (t [256]bool) {
	for c := 0x21; c <= 0x7E; c++ {
		t[c] = true
	}
	for _, c := range []byte{0x22, 0x3C, 0x3E, 0x60, 0x7B, 0x7D} {
		t[c] = false
	}
	return t
}()

// NeedsEncodeURL reports whether AppendEncodeURL would change s.
func NeedsEncodeURL(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !keepURL[c] {
			return true
		}
		if c == '%' && !isEscape(s, i) {
			return true
		}
	}
	return false
}

func isEscape(s string, i int) bool {
	if i+2 >= len(s) {
		return false
	}
	_, ok1 := unhex(s[i+1])
	_, ok2 := unhex(s[i+2])
	return ok1 && ok2
}

// AppendEncodeURL appends s encoded as the encodeurl package does: characters
// outside the URL character set are percent-encoded as UTF-8, existing %XX
// escapes are kept and a '%' that starts no escape becomes %25. Bytes that
// are not valid UTF-8 are encoded as U+FFFD, as encodeurl does for lone
// surrogates.
func AppendEncodeURL(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if keepURL[c] && (c != '%' || isEscape(s, i)) {
				dst = append(dst, c)
			} else {
				dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var buf [4]byte
		n := utf8.EncodeRune(buf[:], r) // RuneError for invalid bytes
		for _, b := range buf[:n] {
			dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
		}
		i += size
	}
	return dst
}

// EncodeURL returns s encoded as AppendEncodeURL does, or s itself when it
// needs no change.
func EncodeURL(s string) string {
	if !NeedsEncodeURL(s) {
		return s
	}
	return string(AppendEncodeURL(make([]byte, 0, len(s)+16), s))
}
