package bytesconv

import (
	"bytes"
	"os"
	"strconv"
	"sync"
	"unsafe"
)

// ReadOnly reports whether the bytes of s lie in the executable's read-only
// data, where the compiler puts string literals and constants: memory no
// code can write, so a string found there holds the same bytes at the same
// address for the life of the process, and two such strings of the same
// address and length are equal without reading them (see Same). It reports
// false for an empty string, for any memory that may be written (the heap,
// stacks, pooled buffers and their B2S views), and whenever it cannot tell:
// it learns the read-only mapping from /proc/self/maps once, on first use,
// so outside Linux it always reports false.
func ReadOnly(s string) bool {
	if len(s) == 0 {
		return false
	}
	r := readOnlyData()
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	return p >= r.lo && p < r.hi && uintptr(len(s)) <= r.hi-p
}

// span is an address range [lo, hi).
type span struct{ lo, hi uintptr }

// anchor is a string whose bytes the compiler places with the other string
// constants; the mapping holding them is the read-only data ReadOnly knows.
var anchor = "bytesconv: read-only anchor"

var readOnlyData = sync.OnceValue(func() span {
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return span{}
	}
	return readOnlySpan(maps, uintptr(unsafe.Pointer(unsafe.StringData(anchor))))
})

// readOnlySpan returns the mapping of maps (the text of /proc/self/maps)
// that holds address a, when it is not writable; else the empty span.
// A line is "lo-hi perms offset dev inode path", lo and hi in hex.
func readOnlySpan(maps []byte, a uintptr) span {
	for len(maps) > 0 {
		line := maps
		if i := bytes.IndexByte(maps, '\n'); i >= 0 {
			line, maps = maps[:i], maps[i+1:]
		} else {
			maps = nil
		}
		f := bytes.Fields(line)
		if len(f) < 2 {
			continue
		}
		los, his, ok := bytes.Cut(f[0], []byte("-"))
		if !ok {
			continue
		}
		lo, err1 := strconv.ParseUint(string(los), 16, 64)
		hi, err2 := strconv.ParseUint(string(his), 16, 64)
		if err1 != nil || err2 != nil || a < uintptr(lo) || a >= uintptr(hi) {
			continue
		}
		if perms := f[1]; len(perms) < 2 || perms[0] != 'r' || perms[1] != '-' {
			return span{}
		}
		return span{uintptr(lo), uintptr(hi)}
	}
	return span{}
}
