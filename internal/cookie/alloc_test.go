//go:build !race

package cookie

import (
	"testing"
	"time"
)

func TestAllocs(t *testing.T) {
	pairs := make([]Pair, 0, 16)
	buf := make([]byte, 0, 256)
	dst := make([]byte, 0, 256)
	opt := &Options{Path: "/", Domain: "example.com", MaxAge: 3600, HasMaxAge: true, HTTPOnly: true, Secure: true,
		Expires: time.Unix(1704164645, 0), HasExpires: true, SameSite: "Lax", Priority: "high"}
	tests := []struct {
		name string
		fn   func()
	}{
		{"Parse", func() { pairs, buf = Parse(pairs[:0], buf[:0], "sid=abc123; lang=en-US; theme=dark") }},
		{"Parse decoding", func() {
			pairs, buf = Parse(pairs[:0], buf[:0], "user=j%3A%7B%22name%22%3A%22tobi%22%7D; q=%E2%98%83")
		}},
		{"AppendSerialize", func() { dst, _ = AppendSerialize(dst[:0], "sid", "s:abc.def", opt) }},
		{"JSONCookies", func() {
			p := [2]Pair{{Name: "a", Value: "j:[1,2]"}, {Name: "b", Value: "plain"}}
			JSONCookies(p[:])
		}},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != 0 {
			t.Errorf("%s allocates %v times", tt.name, n)
		}
	}
}
