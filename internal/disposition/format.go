package disposition

import (
	"strings"
	"unicode/utf8"

	"github.com/fwgo/fw/internal/bytesconv"
)

// Error is a TypeError thrown by content-disposition 0.5.4; its text is the
// module's message.
type Error string

// Error returns the message.
func (e Error) Error() string { return string(e) }

// The TypeErrors of content-disposition 0.5.4.
const (
	// ErrInvalidType: the disposition type is not a token.
	ErrInvalidType Error = "invalid type"
	// ErrFallbackNotLatin1: a fallback name holds a character outside
	// ISO-8859-1's printable range.
	ErrFallbackNotLatin1 Error = "fallback must be ISO-8859-1 string"
	// ErrArgumentRequired: Parse was given an empty string.
	ErrArgumentRequired Error = "argument string is required"
	// ErrInvalidTypeFormat: the header does not start with a token type.
	ErrInvalidTypeFormat Error = "invalid type format"
	// ErrInvalidParamFormat: the parameters do not parse.
	ErrInvalidParamFormat Error = "invalid parameter format"
	// ErrDuplicateParam: a parameter name appears twice.
	ErrDuplicateParam Error = "invalid duplicate parameter"
	// ErrInvalidExtended: a name* value is not charset'language'value.
	ErrInvalidExtended Error = "invalid extended field value"
	// ErrUnsupportedCharset: a name* value's charset is not UTF-8 or
	// ISO-8859-1.
	ErrUnsupportedCharset Error = "unsupported charset in extended field"
)

// Fallback is the module's fallback option: how the ISO-8859-1 filename
// parameter is made when the name is not ISO-8859-1 text. The zero value is
// the default (true).
type Fallback struct {
	name string
	mode uint8
}

const (
	fallbackAuto uint8 = iota
	fallbackNone
	fallbackName
)

var (
	// FallbackAuto (fallback: true, the default) replaces each character
	// outside ISO-8859-1's printable range with '?'.
	FallbackAuto = Fallback{}
	// FallbackNone (fallback: false) sends only filename* for such names.
	FallbackNone = Fallback{mode: fallbackNone}
)

// FallbackName (fallback: "name") uses the base name of name as the
// filename parameter whenever it differs from the real name; name must be
// ISO-8859-1 printable text.
func FallbackName(name string) Fallback { return Fallback{name: name, mode: fallbackName} }

// Options are content-disposition's options.
type Options struct {
	// Type is the disposition type, a token. Optional. Default: "attachment".
	Type string
	// Fallback selects the filename parameter. Optional. Default: FallbackAuto.
	Fallback Fallback
}

// Attachment is contentDisposition(filename), what res.attachment(filename)
// and res.download send: "attachment" with the base name of filename.
func Attachment(filename string) string {
	s, _ := Format(filename, Options{})
	return s
}

// FormatType is contentDisposition(undefined, {type}): the lower-cased type
// alone ("attachment" when typ is empty), as res.attachment() sends it.
func FormatType(typ string) (string, error) {
	if typ == "" {
		return "attachment", nil
	}
	if !isToken(typ) {
		return "", ErrInvalidType
	}
	return lowerASCII(typ), nil
}

// Format is contentDisposition(filename, options). Only the base name of
// filename (after the last '/') is sent. It gets filename="..." when the
// name is ISO-8859-1 text, and filename* (RFC 5987: UTF-8, no language,
// the percent-encoded name) when it is not, when
// it holds something that looks like a %XX escape, or when the fallback
// differs from it; the filename parameter then carries the fallback.
func Format(filename string, opts Options) (string, error) {
	typ := opts.Type
	if typ == "" {
		typ = "attachment"
	}
	fb := opts.Fallback
	if fb.mode == fallbackName && !isLatin1Printable(fb.name) {
		return "", ErrFallbackNotLatin1
	}
	if !isToken(typ) {
		return "", ErrInvalidType
	}
	name := basename(filename)
	quotable := isText(name)
	var fallback string
	hasFallback := false
	switch fb.mode {
	case fallbackAuto:
		fallback = latin1Fallback(name)
		hasFallback = fallback != name
	case fallbackName:
		fallback = basename(fb.name)
		hasFallback = fallback != name
	}
	b := make([]byte, 0, len(typ)+2*len(name)+32)
	b = append(b, lowerASCII(typ)...)
	if quotable || hasFallback {
		v := name
		if hasFallback {
			v = fallback
		}
		b = append(b, `; filename="`...)
		b = appendQuoted(b, v)
		b = append(b, '"')
	}
	if hasFallback || !quotable || hasHexEscape(name) {
		b = append(b, "; filename*=UTF-8''"...)
		b = appendRFC5987(b, name)
	}
	return bytesconv.B2S(b), nil // b is never written again
}

// basename is Node's posix path.basename.
func basename(p string) string {
	end := len(p)
	for end > 0 && p[end-1] == '/' {
		end--
	}
	if end == 0 {
		return ""
	}
	return p[strings.LastIndexByte(p[:end], '/')+1 : end]
}

// isText is TEXT_REGEXP: one or more of [\x20-\x7e\x80-\xff]. Invalid
// bytes stand for U+FFFD, which is outside it.
func isText(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r > 0xff {
			return false
		}
	}
	return true
}

// isLatin1Printable reports whether s has only [\x20-\x7e\xa0-\xff].
func isLatin1Printable(s string) bool {
	for _, r := range s {
		if !latin1Printable(r) {
			return false
		}
	}
	return true
}

func latin1Printable(r rune) bool {
	return 0x20 <= r && r <= 0x7e || 0xa0 <= r && r <= 0xff
}

// latin1Fallback is getlatin1: each UTF-16 code unit outside
// [\x20-\x7e\xa0-\xff] becomes '?', so a character beyond U+FFFF gives
// "??". The result is UTF-8 text; s itself when nothing changes.
func latin1Fallback(s string) string {
	if isLatin1Printable(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case latin1Printable(r):
			b.WriteRune(r)
		case r > 0xffff:
			b.WriteString("??")
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// appendQuoted appends the UTF-8 text v, which holds only characters up to
// U+00FF, as ISO-8859-1 bytes with '\' before '"' and '\'.
func appendQuoted(b []byte, v string) []byte {
	for _, r := range v {
		if r == '"' || r == '\\' {
			b = append(b, '\\')
		}
		b = append(b, byte(r))
	}
	return b
}

// hasHexEscape reports whether s contains %[0-9A-Fa-f]{2}.
func hasHexEscape(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) {
			return true
		}
	}
	return false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// appendRFC5987 is ustring's encoding: encodeURIComponent, then ' ( ) *
// escaped too; only [A-Za-z0-9._~!-] stay as they are.
func appendRFC5987(b []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if isAttrChar(c) {
				b = append(b, c)
			} else {
				b = append(b, '%', hex[c>>4], hex[c&15])
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		var enc [utf8.UTFMax]byte
		n := utf8.EncodeRune(enc[:], r) // an invalid byte becomes U+FFFD
		for _, x := range enc[:n] {
			b = append(b, '%', hex[x>>4], hex[x&15])
		}
		i += size
	}
	return b
}

func isAttrChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '_' || c == '.' || c == '!' || c == '~'
}

// tchar is the token character class of TOKEN_REGEXP.
func tchar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("!#$%&'*+.^_`|~-", c) >= 0
}

func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !tchar(s[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}
