package fast

import (
	"strings"
	"testing"
)

// canonicalHeaderRef is the plain definition canonicalHeader must agree
// with: every byte a tchar, letters upper case at the start and after a
// dash, lower case elsewhere.
func canonicalHeaderRef(key string) (string, bool) {
	if key == "" {
		return "", false
	}
	var b strings.Builder
	upper := true
	for i := 0; i < len(key); i++ {
		c := key[i]
		isTchar := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
		if !isTchar {
			return "", false
		}
		switch {
		case upper && 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		case !upper && 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		upper = c == '-'
		b.WriteByte(c)
	}
	return b.String(), true
}

func TestCanonicalHeader(t *testing.T) {
	t.Parallel()
	for _, key := range []string{
		"", "Content-Type", "content-type", "CONTENT-TYPE", "cOnTeNt-tYpE", "X-Powered-By",
		"x-", "-", "--a", "a--b", "Etag", "ETag", "etag", "A", "a", "1a", "1A", "a1B", "X_Foo",
		"x_foo", "x.foo", "X.Foo", "~a", "a b", "a:b", "a\x00", "é", "a\x80", "Content-Type ",
		"Set-Cookie", "WWW-Authenticate", strings.Repeat("a", 70), strings.Repeat("A-", 40),
	} {
		want, wantOK := canonicalHeaderRef(key)
		var buf [64]byte
		got, ok := canonicalHeader(buf[:0], key)
		if ok != wantOK || ok && string(got) != want {
			t.Errorf("canonicalHeader(%q) = %q, %v; want %q, %v", key, got, ok, want, wantOK)
		}
	}
}

// FuzzCanonicalHeader checks canonicalHeader against its plain definition.
func FuzzCanonicalHeader(f *testing.F) {
	for _, s := range []string{"Content-Type", "content-type", "x-Foo-bAR", "a b", "-x-", "é"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		want, wantOK := canonicalHeaderRef(key)
		var buf [64]byte
		got, ok := canonicalHeader(buf[:0], key)
		if ok != wantOK || ok && string(got) != want {
			t.Fatalf("canonicalHeader(%q) = %q, %v; want %q, %v", key, got, ok, want, wantOK)
		}
	})
}

func validHeaderValueRef(v string) bool {
	for i := 0; i < len(v); i++ {
		if b := v[i]; b < 0x20 && b != '\t' || b == 0x7f {
			return false
		}
	}
	return true
}

// FuzzValidHeaderValue checks the word-at-a-time scan against the plain
// byte loop.
func FuzzValidHeaderValue(f *testing.F) {
	for _, s := range []string{"text/plain; charset=utf-8", "a\tb", "abcdefgh\x7f", "abcdefghi\x1f", "\xff\xfe\x80\x9f\xa0abc", "x\ny"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if got, want := validHeaderValue(v), validHeaderValueRef(v); got != want {
			t.Fatalf("validHeaderValue(%q) = %v, want %v", v, got, want)
		}
	})
}

func TestValidHeaderValue(t *testing.T) {
	t.Parallel()
	for b := 0; b < 256; b++ {
		for _, pos := range []int{0, 3, 7, 8, 12, 15, 16, 20} {
			v := []byte(strings.Repeat("a", 24))
			v[pos] = byte(b)
			if got, want := validHeaderValue(string(v)), validHeaderValueRef(string(v)); got != want {
				t.Errorf("byte %#x at %d: %v, want %v", b, pos, got, want)
			}
		}
	}
}
