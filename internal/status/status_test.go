package status

import "testing"

func TestText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		code         int
		text, reason string
	}{
		{200, "OK", "OK"},
		{413, "Payload Too Large", "Payload Too Large"},
		{416, "Range Not Satisfiable", "Range Not Satisfiable"},
		{418, "I'm a Teapot", "I'm a Teapot"},
		{599, "", "unknown"},
		{700, "", "unknown"},
		{-1, "", "unknown"},
	}
	for _, tt := range tests {
		if got := Text(tt.code); got != tt.text {
			t.Errorf("Text(%d) = %q, want %q", tt.code, got, tt.text)
		}
		if got := Reason(tt.code); got != tt.reason {
			t.Errorf("Reason(%d) = %q, want %q", tt.code, got, tt.reason)
		}
	}
}
