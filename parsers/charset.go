package parsers

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/fwgo/fw/internal/ecma"
)

// charset is a decoder of iconv-lite 0.4 (the version body-parser 1.20
// uses), chosen by name.
type charset struct {
	kind  charsetKind
	table uint8 // sbcsTables index for kindSBCS
}

type charsetKind uint8

const (
	kindUnsupported charsetKind = iota
	kindUTF8
	kindCESU8
	kindUTF16LE
	kindUTF16BE
	kindUTF16 // byte order from the BOM or guessed, little-endian by default
	kindBinary
	kindBase64
	kindHex
	kindSBCS
	kindUTF7
	kindUTF7IMAP
)

var internalCharsets = map[string]charsetKind{
	"utf8": kindUTF8, "unicode11utf8": kindUTF8, "cesu8": kindCESU8,
	"ucs2": kindUTF16LE, "utf16le": kindUTF16LE, "utf16be": kindUTF16BE, "utf16": kindUTF16,
	"binary": kindBinary, "base64": kindBase64, "hex": kindHex,
	"utf7": kindUTF7, "unicode11utf7": kindUTF7, "utf7imap": kindUTF7IMAP,
}

// canonicalCharset is iconv-lite's name canonicalization: lower case, a
// trailing ":YYYY" removed, then everything but letters and digits removed.
func canonicalCharset(name string) string {
	s := strings.ToLower(name)
	if n := len(s); n >= 5 && s[n-5] == ':' && allDigits(s[n-4:]) {
		s = s[:n-5]
	}
	clean := true
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			b = append(b, c)
		}
	}
	return string(b)
}

// isUTF8Name reports whether name is a spelling of UTF-8 that iconv-lite
// accepts, without allocating for the common spellings.
func isUTF8Name(name string) bool {
	switch name {
	case "utf-8", "utf8", "UTF-8", "UTF8", "":
		return name != ""
	}
	return false
}

// lookupCharset returns the decoder iconv-lite would use for name. ok is
// false for names iconv-lite does not know, and also for the ones it knows
// but this package does not decode (its multi-byte East Asian code
// pages): both get 415 "unsupported charset".
func lookupCharset(name string) (charset, bool) {
	if isUTF8Name(name) {
		return charset{kind: kindUTF8}, true
	}
	c := canonicalCharset(name)
	if k, ok := internalCharsets[c]; ok {
		return charset{kind: k}, true
	}
	if t, ok := sbcsNames[c]; ok {
		return charset{kind: kindSBCS, table: t}, true
	}
	return charset{}, false
}

// decode converts src to text (WTF-8) as iconv.decode(src, name) does,
// appending to dst. A leading byte order mark is removed for the Unicode
// encodings, as iconv-lite's default stripBOM does.
func (c charset) decode(dst, src []byte) []byte {
	start := len(dst)
	switch c.kind {
	case kindUTF8:
		dst = ecma.AppendUTF8(dst, src)
	case kindCESU8:
		dst = appendCESU8(dst, src)
	case kindUTF16LE:
		dst = appendUTF16(dst, src, false)
	case kindUTF16BE:
		dst = appendUTF16(dst, src, true)
	case kindUTF16:
		dst = appendUTF16(dst, src, utf16BigEndian(src))
	case kindUTF7:
		dst = appendUTF7(dst, src, false)
	case kindUTF7IMAP:
		dst = appendUTF7(dst, src, true)
	case kindBinary:
		for _, b := range src {
			dst = utf8.AppendRune(dst, rune(b))
		}
		return dst
	case kindBase64:
		return base64.StdEncoding.AppendEncode(dst, src)
	case kindHex:
		return hex.AppendEncode(dst, src)
	case kindSBCS:
		t := sbcsTable(c.table)
		for _, b := range src {
			dst = utf8.AppendRune(dst, t[b])
		}
		return dst
	}
	if len(dst)-start >= 3 && string(dst[start:start+3]) == "\uFEFF" {
		dst = append(dst[:start], dst[start+3:]...)
	}
	return dst
}

// utf16BigEndian is iconv-lite's guess of the byte order of a "utf-16"
// body: the BOM if there is one, else the side on which zero bytes of
// ASCII characters fall within the first 64 bytes, else little-endian.
// (iconv-lite guesses from the first chunk it receives, at least 16 bytes;
// this guesses from the whole body, as body-parser's verify path does.)
func utf16BigEndian(src []byte) bool {
	if len(src) < 2 {
		return false
	}
	if src[0] == 0xFE && src[1] == 0xFF {
		return true
	}
	if src[0] == 0xFF && src[1] == 0xFE {
		return false
	}
	le, be := 0, 0
	n := min(len(src)-len(src)%2, 64)
	for i := 0; i < n; i += 2 {
		if src[i] == 0 && src[i+1] != 0 {
			be++
		}
		if src[i] != 0 && src[i+1] == 0 {
			le++
		}
	}
	return be > le
}

// appendUTF16 decodes UTF-16 code units; lone surrogates are kept (in
// WTF-8) and an odd trailing byte is dropped, as Node's decoder does.
func appendUTF16(dst, src []byte, bigEndian bool) []byte {
	for i := 0; i+1 < len(src); i += 2 {
		var u uint16
		if bigEndian {
			u = uint16(src[i])<<8 | uint16(src[i+1])
		} else {
			u = uint16(src[i+1])<<8 | uint16(src[i])
		}
		if u < utf8.RuneSelf {
			dst = append(dst, byte(u))
			continue
		}
		dst = appendUnit(dst, u)
	}
	return dst
}

// validPrefix returns the length of the valid multi-byte sequence at the
// start of b, or 0.
func validPrefix(b []byte) int {
	r, size := utf8.DecodeRune(b)
	if r == utf8.RuneError && size <= 1 {
		return 0
	}
	return size
}

// appendCESU8 is iconv-lite's own CESU-8 decoder, including its quirk of
// ending an incomplete final sequence with "0\uFFFD".
func appendCESU8(dst, src []byte) []byte {
	var acc rune
	cont, accBytes := 0, 0
	for _, b := range src {
		if b&0xC0 != 0x80 {
			if cont > 0 {
				dst = append(dst, "\uFFFD"...)
				cont = 0
			}
			switch {
			case b < 0x80:
				dst = append(dst, b)
			case b < 0xE0:
				acc, cont, accBytes = rune(b&0x1F), 1, 1
			case b < 0xF0:
				acc, cont, accBytes = rune(b&0x0F), 2, 1
			default:
				dst = append(dst, "\uFFFD"...)
			}
			continue
		}
		if cont == 0 {
			dst = append(dst, "\uFFFD"...)
			continue
		}
		acc = acc<<6 | rune(b&0x3F)
		cont--
		accBytes++
		if cont == 0 {
			switch {
			case accBytes == 2 && acc < 0x80 && acc > 0, accBytes == 3 && acc < 0x800:
				dst = append(dst, "\uFFFD"...)
			default:
				dst = appendUnit(dst, uint16(acc))
			}
		}
	}
	if cont > 0 {
		dst = append(dst, "0\uFFFD"...)
	}
	return dst
}

var sbcsDecoded [len(sbcsTables)]struct {
	once  sync.Once
	runes [256]rune
}

func sbcsTable(i uint8) *[256]rune {
	t := &sbcsDecoded[i]
	t.once.Do(func() {
		k := 0
		for _, r := range sbcsTables[i] {
			t.runes[k] = r
			k++
		}
	})
	return &t.runes
}
