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

func TestSameAndOffset(t *testing.T) {
	t.Parallel()
	base := string([]byte("/foo/bar?x=1"))
	sub := base[4:8]
	if !Same(sub, base[4:8]) {
		t.Error("Same: identical views differ")
	}
	if Same(sub, string([]byte("/bar"))) {
		t.Error("Same: a copy is the same")
	}
	if off, ok := Offset(base, sub); !ok || off != 4 {
		t.Errorf("Offset = %d, %v; want 4, true", off, ok)
	}
	if _, ok := Offset(base, "/bar"); ok {
		t.Error("Offset: a constant is inside base")
	}
	if _, ok := Offset(base, ""); ok {
		t.Error("Offset: empty string is inside base")
	}
}
