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
		if got, want := validTarget(b), naive(b); got != want {
			t.Fatalf("validTarget(%q) = %v, want %v", b, got, want)
		}
	}
}
