package negotiate

import (
	"math"

	"github.com/fwgo/fw/internal/ecma"
)

var nan = math.NaN()

// identity returns the entry negotiator adds to Accept-Encoding when no
// entry is "identity" or "*": identity with the lowest q of the header
// (counting q=0 and unparsable q as 1), at the index after the last piece.
// It returns ok false when the header names identity or * itself.
func identity(header string) extraEntry {
	minQ := 1.0
	e := 0
	for piece, next := nextPiece(header, 0); next >= 0; piece, next = nextPiece(header, next) {
		if t, ok := parseToken(ecma.Trim(piece)); ok {
			if equalFold(t.name, "identity") || t.name == "*" {
				return extraEntry{}
			}
			q := t.q
			if !truthy(q) {
				q = 1
			}
			minQ = math.Min(minQ, q)
		}
		e++
	}
	return extraEntry{token{name: "identity", q: minQ}, e, true}
}

// Encoding is req.acceptsEncodings(offers...): the offer Accept-Encoding
// prefers, exactly as given, or false. A missing header is read as an empty
// one, which accepts only identity; present is not consulted. An empty offer
// is never returned (accepts turns it into false). It allocates nothing.
func Encoding(header string, present bool, offers ...string) (string, bool) {
	return bestToken(header, offers, identity(header))
}

// Encodings is req.acceptsEncodings() without arguments: the encodings of
// Accept-Encoding with q > 0 by preference, including the implicit
// identity.
func Encodings(header string, present bool) []string {
	return PreferredEncodings(header, present, nil)
}

// PreferredEncodings is negotiator's encodings(available): the acceptable
// offers by preference, or the header's own encodings when available is nil.
func PreferredEncodings(header string, present bool, available []string) []string {
	return preferredTokens(header, available, identity(header))
}
