package ecma

import "testing"

// The expected strings are what Node 20's Buffer.from(bytes).toString()
// prints for the same bytes.
func TestUTF8String(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"a\xffb", "a\uFFFDb"},
		{"\xe2\x98", "\uFFFD"},                 // truncated: one maximal subpart
		{"\xe2\x98x", "\uFFFDx"},               //
		{"\xf0\x80\x80", "\uFFFD\uFFFD\uFFFD"}, // F0 80: 80 is out of F0's range
		{"\xed\xa0\x80", "\uFFFD\uFFFD\uFFFD"}, // surrogate
		{"\xc0\xaf", "\uFFFD\uFFFD"},           // overlong
		{"\xf4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"},
		{"\xef\xbf\xbd", "\uFFFD"},
		{"é\xe9", "é\uFFFD"},
	}
	for _, tt := range tests {
		if got := UTF8String([]byte(tt.in)); got != tt.want {
			t.Errorf("UTF8String(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
