package parsers

import "github.com/fwgo/fw/internal/bytesconv"

// arena is an append-only byte store for the strings one parse returns: a
// string is made by appending its bytes and viewing them with
// bytesconv.B2S. Bytes below len(a.b) are never written again, and when
// append moves to a larger array the old one stays as it was, so every
// string handed out keeps its bytes (the bytesconv contract). An arena is
// never pooled: its memory belongs to the values returned.
type arena struct {
	b []byte
}

// init sizes the arena for an input of n bytes, which bounds what most
// parses store.
func (a *arena) init(n int) {
	if a.b == nil && n > 0 {
		a.b = make([]byte, 0, n)
	}
}

// mark returns the position at which the next string starts.
func (a *arena) mark() int { return len(a.b) }

// since returns the string appended after mark m.
func (a *arena) since(m int) string {
	if m == len(a.b) {
		return ""
	}
	return bytesconv.B2S(a.b[m:])
}

// save stores a copy of s and returns it.
func (a *arena) save(s []byte) string {
	if len(s) == 0 {
		return ""
	}
	m := len(a.b)
	a.b = append(a.b, s...)
	return bytesconv.B2S(a.b[m:])
}
