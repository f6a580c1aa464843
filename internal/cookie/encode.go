package cookie

import "unicode/utf8"

const upperHex = "0123456789ABCDEF"

// uriUnreserved marks what encodeURIComponent leaves alone:
// A-Z a-z 0-9 - _ . ! ~ * ' ( ).
var uriUnreserved = makeSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")

// appendEncodeURIComponent appends s encoded as JavaScript's
// encodeURIComponent does. It reports false, as the URIError JavaScript
// throws for a lone surrogate, when s is not valid UTF-8.
func appendEncodeURIComponent(dst []byte, s string) ([]byte, bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if uriUnreserved[c] {
			dst = append(dst, c)
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				return dst, false
			}
			for k := 0; k < size; k++ {
				b := s[i+k]
				dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
			}
			i += size - 1
			continue
		}
		dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
	}
	return dst, true
}
