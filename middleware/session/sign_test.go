package session_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// sign is cookie-signature's sign, restated for the tests.
func sign(value, secret string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(value))
	return value + "." + strings.TrimRight(base64.StdEncoding.EncodeToString(m.Sum(nil)), "=")
}
