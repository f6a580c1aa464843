package uri

import "unicode/utf8"

// componentUnreserved marks what encodeURIComponent leaves alone:
// A-Z a-z 0-9 - _ . ! ~ * ' ( ).
var componentUnreserved = func() (t [256]bool) {
	for _, c := range []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()") {
		t[c] = true
	}
	return t
}()

// AppendEncodeURIComponent appends s percent-encoded as JavaScript's
// encodeURIComponent does (every byte of the UTF-8 form but the unreserved
// characters, in upper-case hex). It reports false when s is not valid
// UTF-8, where JavaScript throws a URIError for a lone surrogate; the
// invalid bytes are then appended encoded as they are.
func AppendEncodeURIComponent(dst []byte, s string) ([]byte, bool) {
	ok := true
	for i := 0; i < len(s); {
		c := s[i]
		if componentUnreserved[c] {
			dst = append(dst, c)
			i++
			continue
		}
		size := 1
		if c >= utf8.RuneSelf {
			var r rune
			if r, size = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 {
				ok = false
			}
		}
		for _, b := range []byte(s[i : i+size]) {
			dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
		}
		i += size
	}
	return dst, ok
}

// EncodeURIComponent is AppendEncodeURIComponent into a new string; bytes
// that are not UTF-8 are encoded as they are.
func EncodeURIComponent(s string) string {
	b, _ := AppendEncodeURIComponent(make([]byte, 0, len(s)+len(s)/2), s)
	return string(b)
}
