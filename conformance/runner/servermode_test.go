package runner

import "testing"

func TestH2Expressible(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		c    Case
		want bool
	}{
		{"plain GET", Case{Target: "/a?b=c"}, true},
		{"default target", Case{}, true},
		{"absolute form", Case{Target: "http://example.com/x"}, false},
		{"asterisk", Case{Method: "OPTIONS", Target: "*"}, false},
		{"double slash", Case{Target: "//x"}, false},
		{"malformed escape", Case{Target: "/%zz"}, false},
		{"no Host", Case{NoHost: true}, false},
		{"host with userinfo", Case{Headers: [][2]string{{"Host", "u@evil.com"}}}, false},
		{"two hosts", Case{Headers: [][2]string{{"Host", "a"}, {"Host", "b"}}}, false},
		{"connection field", Case{Headers: [][2]string{{"Connection", "close"}}}, false},
		{"wrong length", Case{Method: "POST", Body: "abc", Headers: [][2]string{{"Content-Length", "2"}}}, false},
		{"right length", Case{Method: "POST", Body: "abc", Headers: [][2]string{{"Content-Length", "3"}}}, true},
		{"POST without a body", Case{Method: "POST", Headers: [][2]string{{"Content-Type", "text/plain"}}}, false},
		{"POST with Content-Length 0", Case{Method: "POST", Headers: [][2]string{{"Content-Length", "0"}}}, true},
		{"chunked POST", Case{Method: "POST", Body: "abc", Chunked: true}, true},
		{"control character", Case{Headers: [][2]string{{"X-A", "a\x01"}}}, false},
	}
	for _, tc := range cases {
		if got := H2Expressible(&tc.c); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestAdjustForServer(t *testing.T) {
	t.Parallel()
	want := &Response{Status: 413, Reason: "Payload Too Large"}
	cases := []struct {
		mode   ServerMode
		reason string
		out    string
	}{
		{ModeFasthttp, "Request Entity Too Large", "Request Entity Too Large"},
		{ModeNetHTTP, "Request Entity Too Large", "Payload Too Large"}, // net/http's own phrase
		{ModeNetHTTP, "Something Else", "Something Else"},
		{ModeHTTP2, "", "Payload Too Large"},
	}
	for _, tc := range cases {
		got := adjustForServer(tc.mode, want, &Response{Status: 413, Reason: tc.reason})
		if got.Reason != tc.out {
			t.Errorf("%s %q: %q, want %q", tc.mode, tc.reason, got.Reason, tc.out)
		}
	}
	if NetHTTPReason(599) != "599 status code 599"[4:] {
		t.Errorf("NetHTTPReason(599) = %q", NetHTTPReason(599))
	}
}
