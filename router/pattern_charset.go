package router

import "math/bits"

// reByteSet is a set of bytes. Paths are matched byte by byte, each byte taken
// as one JavaScript code unit (Node hands Express its request target as a
// latin1 string), so every character test of a compiled pattern is a reByteSet.
type reByteSet [4]uint64

func (s *reByteSet) has(b byte) bool { return s[b>>6]&(1<<(b&63)) != 0 }
func (s *reByteSet) add(b byte)      { s[b>>6] |= 1 << (b & 63) }

func (s *reByteSet) addRange(lo, hi byte) {
	for c := int(lo); c <= int(hi); c++ {
		s.add(byte(c))
	}
}

func (s *reByteSet) invert() {
	for i := range s {
		s[i] = ^s[i]
	}
}

func (s *reByteSet) count() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// single returns the byte of a one-element set.
func (s *reByteSet) single() (byte, bool) {
	if s.count() != 1 {
		return 0, false
	}
	for i, w := range s {
		if w != 0 {
			return byte(i*64 + bits.TrailingZeros64(w)), true
		}
	}
	return 0, false
}

// pair returns the two bytes of a two-element set, lower first.
func (s *reByteSet) pair() (byte, byte, bool) {
	if s.count() != 2 {
		return 0, 0, false
	}
	var out [2]byte
	n := 0
	for c := 0; c < 256 && n < 2; c++ {
		if s.has(byte(c)) {
			out[n] = byte(c)
			n++
		}
	}
	return out[0], out[1], true
}

// foldPeers lists, for the latin1 bytes that have any, the UTF-16 code units
// other than the byte itself that JavaScript's non-unicode ignoreCase
// Canonicalize (toUpperCase, kept only when it yields one code unit and does
// not map a non-ASCII unit into ASCII) makes equal to the byte. The table is
// checked against Node by the corpus test (fold section of the JSON).
func foldPeers(b byte) []uint16 {
	switch {
	case b >= 'a' && b <= 'z':
		return []uint16{uint16(b - 32)}
	case b >= 'A' && b <= 'Z':
		return []uint16{uint16(b + 32)}
	case b >= 0xE0 && b <= 0xFE && b != 0xF7:
		return []uint16{uint16(b - 32)}
	case b >= 0xC0 && b <= 0xDE && b != 0xD7:
		return []uint16{uint16(b + 32)}
	case b == 0xB5: // micro sign: toUpperCase gives U+039C, as does U+03BC
		return []uint16{0x039C, 0x03BC}
	case b == 0xFF: // y with diaeresis: toUpperCase gives U+0178
		return []uint16{0x0178}
	}
	return nil
}

// reUnitSet is a set of UTF-16 code units, as a JavaScript class denotes it
// before case folding: a list of inclusive ranges.
type reUnitSet struct {
	ranges []reUnitRange
}

type reUnitRange struct{ lo, hi uint16 }

func (u *reUnitSet) addRange(lo, hi uint16) { u.ranges = append(u.ranges, reUnitRange{lo, hi}) }
func (u *reUnitSet) addUnit(c uint16)       { u.addRange(c, c) }
func (u *reUnitSet) addSet(o *reUnitSet)    { u.ranges = append(u.ranges, o.ranges...) }

func (u *reUnitSet) has(c uint16) bool {
	for _, r := range u.ranges {
		if c >= r.lo && c <= r.hi {
			return true
		}
	}
	return false
}

// bytes folds the unit set into the byte set a path byte is tested against:
// byte b is in it when b, or (ignoring case) one of its fold peers, is in u.
func (u *reUnitSet) bytes(ignoreCase bool) reByteSet {
	var s reByteSet
	for c := 0; c < 256; c++ {
		if u.has(uint16(c)) {
			s.add(byte(c))
			continue
		}
		if ignoreCase {
			for _, p := range foldPeers(byte(c)) {
				if u.has(p) {
					s.add(byte(c))
					break
				}
			}
		}
	}
	return s
}

// Class escapes of non-unicode JavaScript regular expressions.

func classDigit() *reUnitSet { return &reUnitSet{ranges: []reUnitRange{{'0', '9'}}} }

func classWord() *reUnitSet {
	return &reUnitSet{ranges: []reUnitRange{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}}
}

// classSpace is WhiteSpace plus LineTerminator of ECMAScript.
func classSpace() *reUnitSet {
	return &reUnitSet{ranges: []reUnitRange{
		{0x09, 0x0D}, {0x20, 0x20}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A},
		{0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF},
	}}
}

// complement returns the code units not in u.
func (u *reUnitSet) complement() *reUnitSet {
	var in [65536 / 64]uint64
	for _, r := range u.ranges {
		for c := int(r.lo); c <= int(r.hi); c++ {
			in[c>>6] |= 1 << (c & 63)
		}
	}
	out := &reUnitSet{}
	start := -1
	for c := 0; c <= 65536; c++ {
		inside := c < 65536 && in[c>>6]&(1<<(c&63)) != 0
		switch {
		case c < 65536 && !inside && start < 0:
			start = c
		case (c == 65536 || inside) && start >= 0:
			out.addRange(uint16(start), uint16(c-1))
			start = -1
		}
	}
	return out
}

func patIsWord(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

func patLower(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 32
	}
	return b
}
