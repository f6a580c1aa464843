package parsers

import "encoding/base64"

// appendUTF7 is iconv-lite's UTF-7 decoder (RFC 2152), or its UTF-7-IMAP
// variant (RFC 3501: '&' shifts, ',' stands for '/'), over a whole body:
// direct characters decode as ASCII; a shifted run is base64 of UTF-16BE,
// decoded as iconv-lite decodes it (a run still open at the end in two
// pieces, the first a multiple of 8 characters).
func appendUTF7(dst, src []byte, imap bool) []byte {
	shift := byte('+')
	if imap {
		shift = '&'
	}
	isB64 := func(c byte) bool {
		return 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || imap && c == ','
	}
	ascii := sbcsTable(sbcsNames["ascii"])
	direct := func(dst, b []byte) []byte {
		for _, c := range b {
			dst = appendRuneWTF8(dst, ascii[c])
		}
		return dst
	}
	in64 := false
	last := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if !in64 {
			if c == shift {
				dst = direct(dst, src[last:i])
				last = i + 1
				in64 = true
			}
			continue
		}
		if isB64(c) {
			continue
		}
		if i == last && c == '-' {
			dst = append(dst, shift)
		} else {
			dst = appendUTF7Run(dst, src[last:i], imap)
		}
		if c != '-' {
			i-- // the terminator is read again as a direct character
		}
		last = i + 1
		in64 = false
	}
	if !in64 {
		return direct(dst, src[last:])
	}
	run := src[last:]
	n := len(run) - len(run)%8
	dst = appendUTF7Run(dst, run[:n], imap)
	return appendUTF7Run(dst, run[n:], imap)
}

// appendUTF7Run decodes one base64 run as iconv.decode(Buffer.from(run,
// 'base64'), 'utf16-be') does: Node's lenient base64 (no padding needed, a
// lone trailing character ignored), then UTF-16BE with a leading BOM
// removed and an odd last byte dropped.
func appendUTF7Run(dst, run []byte, imap bool) []byte {
	if len(run) == 0 {
		return dst
	}
	b := make([]byte, len(run))
	copy(b, run)
	if imap {
		for i, c := range b {
			if c == ',' {
				b[i] = '/'
			}
		}
	}
	if len(b)%4 == 1 {
		b = b[:len(b)-1]
	}
	raw := make([]byte, base64.RawStdEncoding.DecodedLen(len(b)))
	n, _ := base64.RawStdEncoding.Decode(raw, b)
	start := len(dst)
	dst = appendUTF16(dst, raw[:n], true)
	if len(dst)-start >= 3 && string(dst[start:start+3]) == "\uFEFF" {
		dst = append(dst[:start], dst[start+3:]...)
	}
	return dst
}

// appendRuneWTF8 appends r, a code point below U+10000 from a decode table.
func appendRuneWTF8(dst []byte, r rune) []byte {
	return appendUnit(dst, uint16(r))
}
