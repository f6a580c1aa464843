package uri

import "testing"

func TestAppendDecodeComponent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"abc", "abc", true},
		{"a%2Fb", "a/b", true},
		{"a+b", "a+b", true},
		{"%E2%98%83", "☃", true},
		{"%e2%98%83", "☃", true},
		{"%zz", "", false},
		{"%", "", false},
		{"%4", "", false},
		{"%E2%98", "", false},    // truncated sequence
		{"%C0%AF", "", false},    // overlong
		{"%ED%A0%80", "", false}, // surrogate
		{"%FF", "", false},
		{"%80", "", false},
		{"100%25", "100%", true},
		{"%EF%BF%BD", "\uFFFD", true}, // decodeURIComponent("%EF%BF%BD") is U+FFFD itself
		{"%EF%BF%BE", "\uFFFE", true},
	}
	for _, tt := range tests {
		got, ok := AppendDecodeComponent(nil, tt.in)
		if ok != tt.ok || (ok && string(got) != tt.want) {
			t.Errorf("AppendDecodeComponent(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestEncodeURL(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"/foo", "/foo"},
		{"/target?q=☃ x", "/target?q=%E2%98%83%20x"},
		{"http://example.com/<a>", "http://example.com/%3Ca%3E"},
		{"/no/such%20path", "/no/such%20path"},
		{"/%", "/%25"},
		{"/%zz", "/%25zz"},
		{"☃ §", "%E2%98%83%20%C2%A7"},
		{"/a\\b", "/a\\b"},
		{"/{x}`\"", "/%7Bx%7D%60%22"},
		{"/\xff", "/%EF%BF%BD"},
	}
	for _, tt := range tests {
		if got := EncodeURL(tt.in); got != tt.want {
			t.Errorf("EncodeURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzDecodeComponent(f *testing.F) {
	for _, s := range []string{"a%2Fb", "%E2%98%83", "%zz", "%", "%C0%AF"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := AppendDecodeComponent(nil, s)
		if ok && !NeedsDecode(s) && string(got) != s {
			t.Fatalf("decode changed %q without escapes", s)
		}
	})
}

func FuzzEncodeURL(f *testing.F) {
	for _, s := range []string{"/foo", "/%", "☃ §", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := EncodeURL(s)
		if NeedsEncodeURL(out) {
			t.Fatalf("EncodeURL(%q) = %q is not stable", s, out)
		}
	})
}
