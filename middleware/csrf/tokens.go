package csrf

import (
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base64"
	"strings"
)

// The token scheme of the csrf 3.1 module (csurf's tokens): a secret kept
// server-side (or in a signed cookie), and tokens "salt-hash" where hash
// is the URL-safe, unpadded base64 of SHA-1(salt + "-" + secret). A new
// salt per token keeps tokens from being equal to each other (BREACH).

// newSecret is uid-safe's uid.sync(length): length random bytes in
// URL-safe base64 without padding. It panics if crypto/rand fails: a
// predictable secret must never be used.
func newSecret(length int) string {
	b := make([]byte, length)
	if _, err := rand.Read(b); err != nil {
		panic("csrf: crypto/rand failed: " + err.Error())
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

const base62 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// newSalt is rndm(length): length characters of [0-9a-zA-Z], uniformly
// random (from crypto/rand, rejecting bytes that would bias the draw).
func newSalt(length int) string {
	out := make([]byte, 0, length)
	var buf [32]byte
	for len(out) < length {
		if _, err := rand.Read(buf[:]); err != nil {
			panic("csrf: crypto/rand failed: " + err.Error())
		}
		for _, b := range buf {
			if b < 248 && len(out) < length { // 248 = 4 × 62
				out = append(out, base62[b%62])
			}
		}
	}
	return string(out)
}

// tokenize returns salt + "-" + hash(salt + "-" + secret).
func tokenize(secret, salt string) string {
	sum := sha1.Sum([]byte(salt + "-" + secret))
	return salt + "-" + base64.RawURLEncoding.EncodeToString(sum[:])
}

// verify reports whether token was made from secret, comparing in
// constant time. A salt with bytes outside ASCII never verifies (the
// module hashes with Node's 'ascii' encoding, which would fold such a
// salt onto an ASCII one; a salt this package made is always ASCII).
func verify(secret, token string) bool {
	if secret == "" || token == "" {
		return false
	}
	i := strings.IndexByte(token, '-')
	if i < 0 {
		return false
	}
	salt := token[:i]
	for j := 0; j < len(salt); j++ {
		if salt[j] >= 0x80 {
			return false
		}
	}
	expected := tokenize(secret, salt)
	return subtle.ConstantTimeCompare([]byte(token), []byte(expected)) == 1
}
