package ecma

import "unicode/utf8"

// AppendUTF8 appends src decoded as Node's buf.toString('utf8') (the
// WHATWG UTF-8 decoder) decodes it: valid sequences as they are, each
// maximal ill-formed subsequence as one U+FFFD.
func AppendUTF8(dst, src []byte) []byte {
	for i := 0; i < len(src); {
		if src[i] < utf8.RuneSelf {
			j := i + 1
			for j < len(src) && src[j] < utf8.RuneSelf {
				j++
			}
			dst = append(dst, src[i:j]...)
			i = j
			continue
		}
		if r, size := utf8.DecodeRune(src[i:]); r != utf8.RuneError || size > 1 {
			dst = append(dst, src[i:i+size]...)
			i += size
			continue
		}
		dst = append(dst, "\uFFFD"...)
		i += MaximalSubpart(src[i:])
	}
	return dst
}

// UTF8String is buf.toString('utf8') of b (see AppendUTF8); b itself,
// converted, when it is valid UTF-8.
func UTF8String(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return string(AppendUTF8(make([]byte, 0, len(b)+8), b))
}

// MaximalSubpart returns the length (at least 1) of the maximal subpart of
// the ill-formed sequence at the start of b, as the WHATWG decoder counts
// it: the longest prefix that could begin a valid sequence. b must not be
// empty.
func MaximalSubpart(b []byte) int {
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
