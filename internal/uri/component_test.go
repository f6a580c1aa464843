package uri

import "testing"

func TestAppendEncodeURIComponent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"", "", true},
		{"AZaz09-_.!~*'()", "AZaz09-_.!~*'()", true},
		{" /?#&=+%;,:@$", "%20%2F%3F%23%26%3D%2B%25%3B%2C%3A%40%24", true},
		{"caf\u00e9 \u2713 \U0001F600", "caf%C3%A9%20%E2%9C%93%20%F0%9F%98%80", true},
		{"\x00\x7f", "%00%7F", true},
		{"a\xffb", "a%FFb", false},
		{"\xe2\x9c", "%E2%9C", false},
	}
	for _, tc := range tests {
		got, ok := AppendEncodeURIComponent([]byte("x"), tc.in)
		if string(got) != "x"+tc.want || ok != tc.ok {
			t.Errorf("AppendEncodeURIComponent(%q) = %q, %v; want %q, %v", tc.in, got, ok, "x"+tc.want, tc.ok)
		}
		if s := EncodeURIComponent(tc.in); s != tc.want {
			t.Errorf("EncodeURIComponent(%q) = %q, want %q", tc.in, s, tc.want)
		}
	}
}
