package cookie

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"strings"
)

// macLen is the length of an unpadded base64 HMAC-SHA256.
const macLen = 43

// Sign returns value signed with secret as cookie-signature's sign does:
// value + "." + the base64 HMAC-SHA256 of value keyed with secret, without
// '=' padding. res.cookie(name, v, {signed: true}) stores "s:" + Sign(v,
// secret).
func Sign(value, secret string) string {
	return string(AppendSign(make([]byte, 0, len(value)+1+macLen), value, secret))
}

// AppendSign appends Sign(value, secret) to dst.
func AppendSign(dst []byte, value, secret string) []byte {
	dst = append(dst, value...)
	dst = append(dst, '.')
	var sum [sha256.Size]byte
	mac(&sum, value, secret)
	var b64 [44]byte
	base64.StdEncoding.Encode(b64[:], sum[:])
	return append(dst, b64[:macLen]...)
}

func mac(sum *[sha256.Size]byte, value, secret string) {
	h := hmac.New(sha256.New, []byte(secret))
	h.Write([]byte(value))
	h.Sum(sum[:0])
}

// Unsign verifies a value made by Sign, as cookie-signature's unsign does:
// it returns the text before the last '.' and true when the rest is its
// signature with secret, compared in constant time, or "" and false. The
// returned string is a substring of signed.
func Unsign(signed, secret string) (string, bool) {
	dot := strings.LastIndexByte(signed, '.')
	if dot < 0 {
		// unsign would sign all but the last character: never equal.
		return "", false
	}
	value, got := signed[:dot], signed[dot+1:]
	var sum [sha256.Size]byte
	mac(&sum, value, secret)
	var b64 [44]byte
	base64.StdEncoding.Encode(b64[:], sum[:])
	if subtle.ConstantTimeCompare([]byte(got), b64[:macLen]) != 1 {
		return "", false
	}
	return value, true
}
