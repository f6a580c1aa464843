package bytesconv

import "testing"

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	for _, s := range []string{"", "a", "hello, world"} {
		if got := B2S(S2B(s)); got != s {
			t.Errorf("B2S(S2B(%q)) = %q", s, got)
		}
	}
	if B2S(nil) != "" {
		t.Error("B2S(nil) is not empty")
	}
}
