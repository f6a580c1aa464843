package bodyparser

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/fwgo/fw/internal/ecma"
)

// decodeUTF8 is a Node StringDecoder's write() of a whole value: each
// maximal ill-formed subsequence becomes one U+FFFD (the WHATWG rule), and
// an incomplete sequence at the end, which write() keeps for a later
// write that never comes, is dropped.
func decodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			sb.Write(b[i : i+n])
			i += n
			continue
		}
		m := ecma.MaximalSubpart(b[i:])
		if i+m == len(b) && m < seqLen(b[i]) {
			break // incomplete at the end
		}
		sb.WriteString("\uFFFD")
		i += m
	}
	return sb.String()
}

// seqLen is the length of the sequence a lead byte announces, 1 for an
// invalid lead.
func seqLen(c byte) int {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 2
	case c >= 0xE0 && c <= 0xEF:
		return 3
	case c >= 0xF0 && c <= 0xF4:
		return 4
	}
	return 1
}

var (
	nameRE         = regexp.MustCompile(`(?i)\bname="([^"]+)"`)
	filenameRE     = regexp.MustCompile(`(?i)\bfilename="([^\n\r\x{2028}\x{2029}]*?)"($|; )`)
	filenameStarRE = regexp.MustCompile(`(?i)\bfilename\*=utf-8''([^\n\r\x{2028}\x{2029}]*?)($|; )`)
	entityRE       = regexp.MustCompile(`&#(\d{4});`)
)

// partName is multiparty's /\bname="([^"]+)"/i; ok is false without one.
func partName(disposition string) (string, bool) {
	m := nameRE.FindStringSubmatch(disposition)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// parseFilename is multiparty's parseFilename: a quoted filename
// parameter, or an RFC 5987 filename* in UTF-8 (decodeURI'd), without the directories of a
// Windows path, %22 as '"' and &#NNNN; as the UTF-16 unit NNNN. ok is
// false when there is no file name, or, where Node would throw from
// decodeURI, when the encoded one is malformed.
func parseFilename(disposition string) (string, bool) {
	var name string
	if m := filenameRE.FindStringSubmatch(disposition); m != nil {
		name = m[1]
	} else if m := filenameStarRE.FindStringSubmatch(disposition); m != nil {
		var ok bool
		if name, ok = decodeURI(m[1]); !ok {
			return "", false
		}
	} else {
		return "", false
	}
	name = name[strings.LastIndexByte(name, '\\')+1:]
	name = strings.ReplaceAll(name, "%22", `"`)
	name = entityRE.ReplaceAllStringFunc(name, func(s string) string {
		code, _ := strconv.Atoi(s[2:6])
		if utf16.IsSurrogate(rune(code)) {
			return "\uFFFD" // a lone surrogate has no UTF-8 form
		}
		return string(rune(code))
	})
	return name, true
}

// decodeURI is JavaScript's decodeURI: escapes decoded, except those of
// the reserved characters ; / ? : @ & = + $ , #; false where it throws.
func decodeURI(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i : i+j])
		i += j
		// The run of escapes that forms one character.
		if i+3 > len(s) {
			return "", false
		}
		c, ok := unhex2(s[i+1], s[i+2])
		if !ok {
			return "", false
		}
		if c < utf8.RuneSelf {
			if strings.IndexByte(";/?:@&=+$,#", c) >= 0 {
				b.WriteString(s[i : i+3])
			} else {
				b.WriteByte(c)
			}
			i += 3
			continue
		}
		n := seqLen(c)
		if n == 1 || i+3*n > len(s) {
			return "", false
		}
		var seq [4]byte
		for k := 0; k < n; k++ {
			e := s[i+3*k:]
			if e[0] != '%' {
				return "", false
			}
			if seq[k], ok = unhex2(e[1], e[2]); !ok {
				return "", false
			}
		}
		if !utf8.Valid(seq[:n]) {
			return "", false
		}
		b.Write(seq[:n])
		i += 3 * n
	}
	return b.String(), true
}

func unhex2(a, b byte) (byte, bool) {
	x, ok1 := unhex(a)
	y, ok2 := unhex(b)
	return x<<4 | y, ok1 && ok2
}

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

var (
	multipartTypeRE = regexp.MustCompile(`(?i)^multipart/(?:form-data|related)(?:;|$)`)
	paramRE         = regexp.MustCompile(`(?i);\s*([^=]+)=(?:"([^"]+)"|([^;]+))`)
)

// boundaryOf is multiparty's reading of the Content-Type: form-data or
// related, then the first parameter named boundary (any case), quoted or
// not. ok is false when either is missing.
func boundaryOf(contentType string) (string, bool) {
	loc := multipartTypeRE.FindStringIndex(contentType)
	if loc == nil {
		return "", false
	}
	for _, m := range paramRE.FindAllStringSubmatch(contentType[loc[1]-1:], -1) {
		if strings.ToLower(m[1]) != "boundary" {
			continue
		}
		if m[2] != "" {
			return m[2], true
		}
		return m[3], m[3] != ""
	}
	return "", false
}

// encodeQS percent-encodes s for a qs key or value that decodes back to
// s: the ASCII characters other than letters, digits and - _ . are
// escaped; the other bytes of the UTF-8 text go as they are (qs keeps
// them).
func encodeQS(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
