// Package bytesconv converts between string and []byte without copying.
//
// It is the only package of the module that imports "unsafe".
//
// Contract, which every call site must uphold:
//   - B2S: the bytes must not be modified while the string is in use. Views
//     into pooled request memory are valid only until the request ends; the
//     exported API of the module says so on every method that returns one.
//   - S2B: the returned slice must never be written to, and must not be
//     appended to past its length; it shares memory with the string, which
//     may live in read-only memory.
package bytesconv

import "unsafe"

// B2S returns a string that shares memory with b.
func B2S(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// S2B returns a read-only byte slice that shares memory with s.
func S2B(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// Same reports whether a and b are the same string value in memory: the
// same bytes at the same address. Equal strings stored apart are not Same.
func Same(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// Offset returns the byte offset of s within base when s's memory lies
// inside base's, and ok; otherwise ok is false. An empty s is never inside.
func Offset(base, s string) (off int, ok bool) {
	if len(s) == 0 || len(base) == 0 {
		return 0, false
	}
	b := uintptr(unsafe.Pointer(unsafe.StringData(base)))
	p := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	if p < b || p-b+uintptr(len(s)) > uintptr(len(base)) {
		return 0, false
	}
	return int(p - b), true
}
