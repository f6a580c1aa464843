package proxyaddr

import "strings"

// ip is an address as ipaddr.js 1.9.1 parses it: four octets or eight
// 16-bit parts (held as 16 bytes). A zone index is accepted and dropped;
// proxy-addr never looks at it.
type ip struct {
	v6 bool
	b  [16]byte // IPv4 in b[:4]
}

// isMapped reports whether an IPv6 address lies in ::ffff:0:0/96.
func (a ip) isMapped() bool {
	if !a.v6 {
		return false
	}
	for _, c := range a.b[:10] {
		if c != 0 {
			return false
		}
	}
	return a.b[10] == 0xff && a.b[11] == 0xff
}

// toIPv4 converts an IPv4-mapped IPv6 address to IPv4.
func (a ip) toIPv4() ip {
	var r ip
	copy(r.b[:4], a.b[12:16])
	return r
}

// toMapped converts an IPv4 address to ::ffff:a.b.c.d.
func (a ip) toMapped() ip {
	r := ip{v6: true}
	r.b[10], r.b[11] = 0xff, 0xff
	copy(r.b[12:], a.b[:4])
	return r
}

// match reports whether the first bits bits of a and b agree (ipaddr.js's
// matchCIDR); both have the same kind.
func (a ip) match(b ip, bits int) bool {
	for i := 0; bits > 0; i++ {
		if bits >= 8 {
			if a.b[i] != b.b[i] {
				return false
			}
			bits -= 8
			continue
		}
		mask := byte(0xff << (8 - bits))
		return a.b[i]&mask == b.b[i]&mask
	}
	return true
}

// parseIP is ipaddr.parse guarded by ipaddr.isValid: IPv6 is tried first
// (only strings holding ':'), then IPv4.
func parseIP(s string) (ip, bool) {
	if strings.IndexByte(s, ':') >= 0 {
		if a, ok := parseIPv6(s); ok {
			return a, true
		}
	}
	return parseIPv4(s)
}

// parseIPv4 accepts ipaddr.js's IPv4 forms: four parts "a.b.c.d" or one
// part (a 32-bit value), each part decimal, octal with a leading 0
// ("0377"), or hexadecimal with 0x ("0xff"). An octal part stops at its
// first non-octal digit ("08" is 0, "0X1F" is 0), as parseInt(s, 8) does.
func parseIPv4(s string) (ip, bool) {
	var a ip
	var parts [4]string
	n := 0
	for rest := s; ; n++ {
		if n == 4 {
			return a, false
		}
		dot := strings.IndexByte(rest, '.')
		if dot < 0 {
			parts[n] = rest
			n++
			break
		}
		parts[n], rest = rest[:dot], rest[dot+1:]
	}
	if n != 1 && n != 4 {
		return a, false
	}
	for _, p := range parts[:n] {
		if !isIPv4Part(p) {
			return a, false
		}
	}
	if n == 1 {
		v := parseIntAuto(parts[0])
		if v > 0xffffffff {
			return a, false
		}
		a.b[0], a.b[1], a.b[2], a.b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
		return a, true
	}
	for i, p := range parts {
		v := parseIntAuto(p)
		if v > 255 {
			return a, false
		}
		a.b[i] = byte(v)
	}
	return a, true
}

// isIPv4Part matches (0?\d+|0x[a-f0-9]+) case-insensitively: digits, or
// 0x/0X and hexadecimal digits.
func isIPv4Part(p string) bool {
	if len(p) > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') {
		return allHex(p[2:])
	}
	if p == "" {
		return false
	}
	for i := 0; i < len(p); i++ {
		if p[i] < '0' || p[i] > '9' {
			return false
		}
	}
	return true
}

// parseIntAuto is ipaddr.js's parseIntAuto on a part isIPv4Part accepted:
// octal after a leading '0' unless a lower-case 'x' follows, otherwise
// parseInt's default (hexadecimal after 0x or 0X, else decimal). Values
// saturate above 2^32.
func parseIntAuto(p string) uint64 {
	switch {
	case p[0] == '0' && (len(p) < 2 || p[1] != 'x'):
		return parseDigits(p, 8)
	case len(p) > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'):
		return parseDigits(p[2:], 16)
	}
	return parseDigits(p, 10)
}

// parseInt is JavaScript's parseInt(s) without a radix on a string that
// is digits or 0x and hex digits.
func parseInt(p string) uint64 {
	if len(p) > 1 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') {
		return parseDigits(p[2:], 16)
	}
	return parseDigits(p, 10)
}

// parseDigits reads the leading digits of s in base, stopping at the first
// character that is not one, saturating at 1<<40.
func parseDigits(s string, base uint64) uint64 {
	var v uint64
	for i := 0; i < len(s); i++ {
		d := hexVal(s[i])
		if d >= base {
			break
		}
		if v < 1<<40 {
			v = v*base + d
		}
	}
	return v
}

func hexVal(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 99
}

func isHex(c byte) bool { return hexVal(c) < 16 }

func allHex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool {
	c |= 0x20
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
}

// parseIPv6 accepts what ipaddr.js 1.9.1's IPv6 parser and constructor
// accept: eight hexadecimal groups, one "::" standing for the missing
// ones, an optional trailing IPv4 in place of the last two groups (its
// parts decimal or 0x hex, "::1.2.3.4" excepted as ipaddr.js rejects it),
// and an optional %zone of letters and digits. It keeps ipaddr.js's
// quirks: one trailing ':' is allowed ("1:2:3:4:5:6:7:8:") and a "::"
// can stand for no group at all ("::1:2:3:4:5:6:7:8").
func parseIPv6(s string) (ip, bool) {
	var a ip
	a.v6 = true
	// The zone: '%' and letters or digits up to the end.
	if pct := strings.IndexByte(s, '%'); pct >= 0 {
		z := s[pct+1:]
		if z == "" {
			return a, false
		}
		for i := 0; i < len(z); i++ {
			if !isAlnum(z[i]) {
				return a, false
			}
		}
		s = s[:pct]
	}
	if strings.IndexByte(s, '.') < 0 {
		if !isNative(s) {
			return a, false
		}
		var parts [8]uint64
		if !expand(s, 8, parts[:]) {
			return a, false
		}
		for i, p := range parts {
			a.b[2*i], a.b[2*i+1] = byte(p>>8), byte(p)
		}
		return a, true
	}
	// Transitional: a prefix up to the last ':' and an IPv4 address.
	colon := strings.LastIndexByte(s, ':')
	if colon < 0 || !isTransitionalPrefix(s[:colon+1]) {
		return a, false
	}
	var octets [4]string
	rest := s[colon+1:]
	for i := range octets {
		dot := strings.IndexByte(rest, '.')
		if i < 3 {
			if dot < 0 {
				return a, false
			}
			octets[i], rest = rest[:dot], rest[dot+1:]
		} else {
			if dot >= 0 {
				return a, false
			}
			octets[i] = rest
		}
		if !isIPv4Part(octets[i]) {
			return a, false
		}
	}
	var parts [8]uint64
	if !expand(s[:colon], 6, parts[:6]) {
		return a, false
	}
	for i, o := range octets {
		v := parseInt(o)
		if v > 255 {
			return a, false
		}
		a.b[12+i] = byte(v)
	}
	for i, p := range parts[:6] {
		a.b[2*i], a.b[2*i+1] = byte(p>>8), byte(p)
	}
	return a, true
}

// isNative matches the colon and hex structure of ipaddr.js's native
// pattern, ^(::)?((?:[0-9a-f]+::?)+)?([0-9a-f]+)?(::)?$ (zone removed):
// an optional leading "::", hex runs separated by one or two colons, and
// up to four colons after the last hex run (two with no hex run at all).
func isNative(s string) bool {
	i := 0
	if strings.HasPrefix(s, "::") {
		i = 2
	}
	sawHex := false
	for i < len(s) {
		if !isHex(s[i]) {
			break
		}
		for i < len(s) && isHex(s[i]) {
			i++
		}
		sawHex = true
		run := 0
		for i < len(s) && s[i] == ':' && run < 5 {
			i++
			run++
		}
		if i == len(s) {
			return run <= 4
		}
		if run == 0 || run > 2 {
			return false
		}
	}
	if i != len(s) {
		// Colons after a leading "::" without any hex run.
		return !sawHex && s[i:] == "::"
	}
	return true
}

// isTransitionalPrefix matches ipaddr.js's transitional prefix,
// ((?:[0-9a-f]+::?)+|::(?:[0-9a-f]+::?)*): hex runs each followed by one
// or two colons, optionally after a leading "::".
func isTransitionalPrefix(p string) bool {
	i := 0
	if strings.HasPrefix(p, "::") {
		i = 2
	} else if p == "" || !isHex(p[0]) {
		return false
	}
	for i < len(p) {
		if !isHex(p[i]) {
			return false
		}
		for i < len(p) && isHex(p[i]) {
			i++
		}
		run := 0
		for i < len(p) && p[i] == ':' {
			i++
			run++
		}
		if run == 0 || run > 2 {
			return false
		}
	}
	return true
}

// expand is ipaddr.js's expandIPv6 followed by the constructor's checks:
// s may hold one "::", which becomes ":" followed by as many "0:" as make
// want groups; one leading and one trailing ':' are then dropped, and the
// ':'-separated groups must be exactly want hexadecimal numbers of at most
// 0xffff. It writes them to parts without building the rewritten string.
func expand(s string, want int, parts []uint64) bool {
	first := strings.Index(s, "::")
	if first >= 0 && strings.LastIndex(s, "::") != first {
		return false
	}
	colons := strings.Count(s, ":")
	if strings.HasPrefix(s, "::") {
		colons--
	}
	if strings.HasSuffix(s, "::") {
		colons--
	}
	if colons > want {
		return false
	}
	g := groups{parts: parts}
	if first < 0 {
		s = strings.TrimPrefix(s, ":")
		s = strings.TrimSuffix(s, ":")
		return g.split(s) && g.n == want
	}
	// before + ":" + "0:"*zeros + after: a leading ':' is the replacement's
	// own when before is empty, the trailing one when after is empty.
	before, after := s[:first], s[first+2:]
	if before != "" && !g.split(strings.TrimPrefix(before, ":")) {
		return false
	}
	for k := colons; k < want; k++ {
		if !g.add("0") {
			return false
		}
	}
	if after != "" && !g.split(strings.TrimSuffix(after, ":")) {
		return false
	}
	return g.n == want
}

// groups collects the 16-bit groups of an IPv6 address.
type groups struct {
	parts []uint64
	n     int
}

// add appends one group: parseInt(seg, 16), which must lie in 0..0xffff
// (an empty segment is NaN).
func (g *groups) add(seg string) bool {
	if g.n == len(g.parts) || seg == "" {
		return false
	}
	v := parseDigits(seg, 16)
	if v > 0xffff {
		return false
	}
	g.parts[g.n] = v
	g.n++
	return true
}

// split adds each ':'-separated segment of s (one empty segment for an
// empty s).
func (g *groups) split(s string) bool {
	for {
		c := strings.IndexByte(s, ':')
		if c < 0 {
			return g.add(s)
		}
		if !g.add(s[:c]) {
			return false
		}
		s = s[c+1:]
	}
}
