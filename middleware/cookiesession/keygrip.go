package cookiesession

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base64"
)

// keygrip signs and verifies as keygrip 1.1 does with its defaults:
// HMAC-SHA1, base64 with '/' '+' '=' made URL-safe ('_', '-', removed).
// The first key signs; every key verifies, in order (rotation).
type keygrip []string

func (k keygrip) sign(data string) string { return signWith(data, k[0]) }

func signWith(data, key string) string {
	m := hmac.New(sha1.New, []byte(key))
	m.Write([]byte(data))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// index returns the index of the key that signed data with digest, or -1.
// Each comparison takes the same time whatever the digest holds.
func (k keygrip) index(data, digest string) int {
	for i, key := range k {
		if subtle.ConstantTimeCompare([]byte(digest), []byte(signWith(data, key))) == 1 {
			return i
		}
	}
	return -1
}
