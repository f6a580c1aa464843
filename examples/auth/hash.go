package main

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha1"
	"crypto/subtle"
	"encoding/base64"
)

// The parameters of pbkdf2-password, the module the original uses: a
// 64-byte random salt, 10000 iterations of PBKDF2-HMAC-SHA1, a 128-byte
// key; salt and hash in base64.
const (
	saltLength = 64
	iterations = 10000
	keyLength  = 128
)

// newSalt returns a random salt in base64.
func newSalt() string {
	b := make([]byte, saltLength)
	rand.Read(b)
	return base64.StdEncoding.EncodeToString(b)
}

// hash returns the base64 PBKDF2 hash of password with salt.
func hash(password, salt string) (string, error) {
	k, err := pbkdf2.Key(sha1.New, password, []byte(salt), iterations, keyLength)
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(k), nil
}

// sameHash compares two hashes in constant time.
func sameHash(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }
