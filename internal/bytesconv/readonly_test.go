package bytesconv

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// mapsReadable reports whether ReadOnly can learn the read-only mapping
// here (Linux with /proc mounted); elsewhere it reports false for all.
func mapsReadable() bool {
	_, err := os.Stat("/proc/self/maps")
	return runtime.GOOS == "linux" && err == nil
}

func TestReadOnly(t *testing.T) {
	t.Parallel()
	const lit = "text/plain; charset=utf-8"
	buf := []byte(lit)
	known := mapsReadable()
	cases := []struct {
		name string
		s    string
		want bool
	}{
		{"a string constant", lit, known},
		{"a slice of a constant", lit[5:10], known},
		{"a heap copy", strings.Clone(lit), false},
		{"a view of a byte slice", B2S(buf), false},
		{"the empty string", "", false},
	}
	for _, c := range cases {
		if got := ReadOnly(c.s); got != c.want {
			t.Errorf("%s: ReadOnly = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestReadOnlySpan(t *testing.T) {
	t.Parallel()
	maps := []byte("00400000-00500000 r-xp 00000000 fe:00 1 /bin/x\n" +
		"00500000-00600000 r--p 00100000 fe:00 1 /bin/x\n" +
		"00600000-00610000 rw-p 00200000 fe:00 1 /bin/x\n" +
		"c000000000-c004000000 rw-p 00000000 00:00 0\n")
	cases := []struct {
		a    uintptr
		want span
	}{
		{0x450000, span{0x400000, 0x500000}},
		{0x500000, span{0x500000, 0x600000}},
		{0x5fffff, span{0x500000, 0x600000}},
		{0x600010, span{}},     // writable data
		{0xc000001000, span{}}, // the heap
		{0x10, span{}},         // no mapping
	}
	for _, c := range cases {
		if got := readOnlySpan(maps, c.a); got != c.want {
			t.Errorf("readOnlySpan(%#x) = %#x, want %#x", c.a, got, c.want)
		}
	}
	if got := readOnlySpan([]byte("garbage\n\nzz-yy r--p\n"), 0x10); got != (span{}) {
		t.Errorf("readOnlySpan(garbage) = %#x, want empty", got)
	}
}
