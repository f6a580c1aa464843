package csrf

import (
	"regexp"
	"testing"
)

// TestTokenize compares with the csrf module's _tokenize, recorded from
// Node.
func TestTokenize(t *testing.T) {
	t.Parallel()
	for _, tt := range [][3]string{
		{"secret", "salt", "salt-XJJE-7m02-iUI9Zb_z6CGLgT7EA"},
		{"XAeQimJHfTNpwsb1HG3VF_fc", "abcdefgh", "abcdefgh-RzjaWh7AfU9nWFQcJIsicFV6bqg"},
		{"a-b", "a", "a-IppTVif3Dkx3LjX4CJv3UAzn77w"},
	} {
		if got := tokenize(tt[0], tt[1]); got != tt[2] {
			t.Errorf("tokenize(%q, %q) = %q, want %q", tt[0], tt[1], got, tt[2])
		}
	}
}

// TestVerify ports the csrf module's verify tests.
func TestVerify(t *testing.T) {
	t.Parallel()
	secret := newSecret(18)
	token := tokenize(secret, newSalt(8))
	tests := []struct {
		name          string
		secret, token string
		want          bool
	}{
		{"should return true for valid tokens", secret, token, true},
		{"should return false for invalid tokens", secret, token[:len(token)-1] + "x", false},
		{"should return false for a token of another secret", newSecret(18), token, false},
		{"should return false for an empty token", secret, "", false},
		{"should return false for an empty secret", "", token, false},
		{"should return false without a dash", secret, "abc", false},
		{"should return false for the secret itself", "a-b", "a-b", false},
		{"should return false for a non-ASCII salt", "secret", "\u0161-" + tokenize("secret", "a")[2:], false},
	}
	for _, tt := range tests {
		if got := verify(tt.secret, tt.token); got != tt.want {
			t.Errorf("%s: verify = %v", tt.name, got)
		}
	}
}

func TestRandomForms(t *testing.T) {
	t.Parallel()
	if s := newSecret(18); !regexp.MustCompile(`^[A-Za-z0-9_-]{24}$`).MatchString(s) {
		t.Errorf("secret %q", s)
	}
	seen := map[string]bool{}
	for i := 0; i < 100; i++ {
		s := newSalt(8)
		if !regexp.MustCompile(`^[0-9A-Za-z]{8}$`).MatchString(s) || seen[s] {
			t.Fatalf("salt %q", s)
		}
		seen[s] = true
	}
}

// FuzzVerify: verify never panics, and accepts only what tokenize makes.
func FuzzVerify(f *testing.F) {
	f.Add("secret", "salt-XJJE-7m02-iUI9Zb_z6CGLgT7EA")
	f.Add("a-b", "a-b")
	f.Add("", "-")
	f.Fuzz(func(t *testing.T, secret, token string) {
		if verify(secret, token) {
			i := 0
			for i < len(token) && token[i] != '-' {
				i++
			}
			if tokenize(secret, token[:i]) != token {
				t.Fatalf("verify(%q, %q) accepted a token tokenize does not make", secret, token)
			}
		}
	})
}
