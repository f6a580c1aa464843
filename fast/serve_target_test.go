package fast

import (
	"math/rand/v2"
	"testing"
)

// TestValidTargetMatchesNode checks the word-at-a-time check against the
// byte rule Node's parser applies: every byte in '!'..'~'.
func TestValidTargetMatchesNode(t *testing.T) {
	t.Parallel()
	naive := func(b []byte) bool {
		if len(b) == 0 {
			return false
		}
		for _, c := range b {
			if c < 0x21 || c > 0x7e {
				return false
			}
		}
		return true
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		b := make([]byte, r.IntN(40))
		for j := range b {
			b[j] = byte(0x21 + r.IntN(0x5e))
			if r.IntN(20) == 0 {
				b[j] = byte(r.IntN(256))
			}
		}
		if got, want := validTarget(string(b)), naive(b); got != want {
			t.Fatalf("validTarget(%q) = %v, want %v", b, got, want)
		}
	}
}

// TestCheckTargetPlain checks checkTarget's plain result: false whenever
// the target has a '?', '#' or '%' or does not start with '/', and true
// for a valid target starting with '/' that has none of those nor '!' or
// an apostrophe (which the word test counts with them).
func TestCheckTargetPlain(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("/abz09-._~?#%!'&=+")
	for i := 0; i < 200000; i++ {
		b := make([]byte, 1+r.IntN(40))
		for j := range b {
			b[j] = alphabet[r.IntN(len(alphabet))]
			if r.IntN(30) == 0 {
				b[j] = byte(r.IntN(256))
			}
		}
		if r.IntN(4) != 0 {
			b[0] = '/'
		}
		special, loose := false, false
		for _, c := range b {
			switch c {
			case '?', '#', '%':
				special = true
			case '!', '\'':
				loose = true
			}
		}
		valid, plain := checkTarget(string(b))
		if plain && (special || b[0] != '/') {
			t.Fatalf("checkTarget(%q): plain with a '?', '#' or '%%', or not starting with '/'", b)
		}
		if valid && !special && !loose && b[0] == '/' && !plain {
			t.Fatalf("checkTarget(%q): not plain", b)
		}
	}
}

// TestValidTargetEachByte puts every byte value at every position of
// targets of every length up to 40, amid the valid bytes nearest the
// limits ('!' and '~') and a plain letter, so that each word test meets
// each byte with and without borrows and carries around it.
func TestValidTargetEachByte(t *testing.T) {
	t.Parallel()
	for _, fill := range []byte{'!', '~', 'a'} {
		for n := 1; n <= 40; n++ {
			b := make([]byte, n)
			for pos := 0; pos < n; pos++ {
				for v := 0; v < 256; v++ {
					for i := range b {
						b[i] = fill
					}
					b[pos] = byte(v)
					want := v >= 0x21 && v <= 0x7e
					if got := validTarget(string(b)); got != want {
						t.Fatalf("validTarget(%q) = %v, want %v", b, got, want)
					}
				}
			}
		}
	}
}
