// Package proxyaddr decides which addresses of a request Express trusts,
// as proxy-addr 2.0 (with forwarded 0.2 and ipaddr.js 1.9.1) does for the
// "trust proxy" setting: req.ip, req.ips, and the trust checks behind
// req.protocol, req.secure, req.hostname and req.subdomains.
//
// A Trust is compiled once from any form "trust proxy" accepts and is then
// read-only and safe for concurrent use. Addr, the req.ip computation,
// walks X-Forwarded-For from the right and allocates nothing; All and IPs
// append to a caller's slice. Returned strings are substrings of the
// arguments.
//
// Header values must be what Node gives Express: repeated
// X-Forwarded-For, X-Forwarded-Host and X-Forwarded-Proto lines joined
// with ", ", and only the first Host line. The socket address is Node's
// remoteAddress, which for an IPv4 client of a dual-stack listener reads
// "::ffff:127.0.0.1".
package proxyaddr

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/fwgo/fw/internal/ecma"
)

// Trust is a compiled "trust proxy" setting: it tells, for an address and
// its distance i from the socket (0 for the socket address itself),
// whether the hop is a trusted proxy. The zero Trust trusts nothing, which
// is Express's default. A Trust must not be modified after use begins.
type Trust struct {
	mode    mode
	hops    int
	subnets []subnet
	fn      func(addr string, i int) bool
}

type mode uint8

const (
	trustNone mode = iota
	trustAll
	trustHops
	trustSubnets
	trustFunc
)

// subnet is a compiled proxy-addr range: an address and a prefix length.
type subnet struct {
	ip   ip
	bits int
}

// ErrUnsupported is proxy-addr's TypeError for a setting of another type.
var ErrUnsupported = errors.New("proxyaddr: unsupported trust argument")

// rangeNames are proxy-addr's pre-defined names.
var rangeNames = map[string][]string{
	"linklocal":   {"169.254.0.0/16", "fe80::/10"},
	"loopback":    {"127.0.0.1/8", "::1/128"},
	"uniquelocal": {"10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"},
}

// TrustAll is app.set('trust proxy', true): every hop is trusted, so
// req.ip is the left-most X-Forwarded-For address.
func TrustAll() *Trust { return &Trust{mode: trustAll} }

// TrustNone is app.set('trust proxy', false), the default: req.ip is the
// socket address.
func TrustNone() *Trust { return &Trust{} }

// TrustHops is app.set('trust proxy', n): the n hops closest to the server
// are trusted (i < n). A negative n trusts nothing.
func TrustHops(n int) *Trust { return &Trust{mode: trustHops, hops: n} }

// TrustFunc is app.set('trust proxy', fn): fn is called with each address
// and its distance from the socket, closest first, and must be safe for
// concurrent use.
func TrustFunc(fn func(addr string, i int) bool) *Trust {
	if fn == nil {
		return TrustNone()
	}
	return &Trust{mode: trustFunc, fn: fn}
}

// CompileString is app.set('trust proxy', s): s is split on ',' and each
// element trimmed, then compiled as CompileList does. An empty string is
// an error, as in Express ("invalid IP address: ").
func CompileString(s string) (*Trust, error) {
	n := strings.Count(s, ",") + 1
	list := make([]string, 0, n)
	for {
		c := strings.IndexByte(s, ',')
		if c < 0 {
			list = append(list, trimSetting(s))
			break
		}
		list = append(list, trimSetting(s[:c]))
		s = s[c+1:]
	}
	return CompileList(list)
}

// CompileList is proxyaddr.compile(list), what app.set('trust proxy',
// list) uses: each element is an IP address, a CIDR subnet ("10.0.0.0/8",
// "fe80::/10"), an IPv4 address with a netmask ("10.0.0.0/255.0.0.0") or
// one of the names "loopback", "linklocal" and "uniquelocal". Addresses
// use ipaddr.js's forms, so "0x7f.1" style IPv4 and IPv4-mapped IPv6 are
// accepted; an IPv4-mapped address without a prefix is stored as IPv4.
// An empty list trusts nothing. Errors carry proxy-addr's messages:
// "invalid IP address: <addr>" and "invalid range on address: <entry>".
func CompileList(list []string) (*Trust, error) {
	t := &Trust{mode: trustSubnets}
	for _, entry := range list {
		if names, ok := rangeNames[entry]; ok {
			for _, n := range names {
				sn, err := parseNotation(n)
				if err != nil {
					panic(err) // the names are constants
				}
				t.subnets = append(t.subnets, sn)
			}
			continue
		}
		sn, err := parseNotation(entry)
		if err != nil {
			return nil, err
		}
		t.subnets = append(t.subnets, sn)
	}
	if len(t.subnets) == 0 {
		return TrustNone(), nil
	}
	return t, nil
}

// Compile compiles any value Express's "trust proxy" setting accepts: nil
// or false (trust nothing), true (trust all), an int or float64 hop count,
// a string (CompileString), a []string (CompileList) or a
// func(addr string, i int) bool. Other types are ErrUnsupported.
func Compile(v any) (*Trust, error) {
	switch v := v.(type) {
	case nil:
		return TrustNone(), nil
	case bool:
		if v {
			return TrustAll(), nil
		}
		return TrustNone(), nil
	case int:
		return TrustHops(v), nil
	case float64:
		// i < v for integer i >= 0.
		switch {
		case math.IsNaN(v) || v <= 0:
			return TrustNone(), nil
		case v > math.MaxInt32:
			return TrustAll(), nil
		}
		return TrustHops(int(math.Ceil(v))), nil
	case string:
		return CompileString(v)
	case []string:
		return CompileList(v)
	case func(string, int) bool:
		return TrustFunc(v), nil
	case *Trust:
		return v, nil
	}
	return nil, ErrUnsupported
}

// invalidIP and invalidRange are proxy-addr's TypeErrors.
type invalidIP struct{ addr string }

func (e *invalidIP) Error() string { return "proxyaddr: invalid IP address: " + e.addr }

type invalidRange struct{ entry string }

func (e *invalidRange) Error() string { return "proxyaddr: invalid range on address: " + e.entry }

// parseNotation is proxy-addr's parseipNotation.
func parseNotation(note string) (subnet, error) {
	str, rng, hasRange := note, "", false
	if slash := strings.LastIndexByte(note, '/'); slash >= 0 {
		str, rng, hasRange = note[:slash], note[slash+1:], true
	}
	addr, ok := parseIP(str)
	if !ok {
		return subnet{}, &invalidIP{str}
	}
	if !hasRange && addr.isMapped() {
		addr = addr.toIPv4()
	}
	max := 32
	if addr.v6 {
		max = 128
	}
	bits := max
	switch {
	case !hasRange:
	case isDigits(rng):
		bits = int(parseDigits(rng, 10)) // saturates far above 128
	case !addr.v6:
		mask, ok := parseIP(rng)
		if !ok || mask.v6 {
			return subnet{}, &invalidRange{note}
		}
		if bits, ok = prefixLength(mask); !ok {
			return subnet{}, &invalidRange{note}
		}
	default:
		return subnet{}, &invalidRange{note}
	}
	if bits <= 0 || bits > max {
		return subnet{}, &invalidRange{note}
	}
	return subnet{ip: addr, bits: bits}, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// prefixLength is ipaddr.js's prefixLengthFromSubnetMask for IPv4: the
// number of leading one bits when the mask is contiguous.
func prefixLength(mask ip) (int, bool) {
	m := uint32(mask.b[0])<<24 | uint32(mask.b[1])<<16 | uint32(mask.b[2])<<8 | uint32(mask.b[3])
	ones := 0
	for m&0x80000000 != 0 {
		ones++
		m <<= 1
	}
	return ones, m == 0
}

// Trusted reports whether the hop addr, at distance i from the socket, is
// trusted: the "trust proxy fn" Express calls. For address lists the
// address must be a valid IP inside one of the subnets; IPv4-mapped IPv6
// addresses count as IPv4, and an IPv4 address matches an IPv6 subnet only
// when that subnet is IPv4-mapped with a prefix of at least 96 bits.
func (t *Trust) Trusted(addr string, i int) bool {
	switch t.mode {
	case trustAll:
		return true
	case trustHops:
		return i < t.hops
	case trustFunc:
		return t.fn(addr, i)
	case trustSubnets:
		return t.matches(addr)
	}
	return false
}

func (t *Trust) matches(addr string) bool {
	a, ok := parseIP(addr)
	if !ok {
		return false
	}
	if a.isMapped() {
		a = a.toIPv4()
	}
	for _, sn := range t.subnets {
		c := a
		switch {
		case a.v6 && !sn.ip.v6:
			continue // a native IPv6 address never matches IPv4
		case !a.v6 && sn.ip.v6:
			if sn.bits < 96 || !sn.ip.isMapped() {
				continue
			}
			c = a.toMapped()
		case a.v6 && sn.ip.isMapped():
			continue // a native IPv6 address never matches a mapped subnet
		}
		if c.match(sn.ip, sn.bits) {
			return true
		}
	}
	return false
}

// String describes the setting, for logs and errors.
func (t *Trust) String() string {
	switch t.mode {
	case trustAll:
		return "trust all"
	case trustHops:
		return "trust " + strconv.Itoa(t.hops) + " hops"
	case trustFunc:
		return "trust function"
	case trustSubnets:
		return "trust " + strconv.Itoa(len(t.subnets)) + " subnets"
	}
	return "trust none"
}

// trimSetting is String#trim on a setting written in Go source (UTF-8):
// JavaScript white space and line terminators at both ends.
func trimSetting(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		switch r {
		case '\t', '\n', '\v', '\f', '\r', ' ', 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
			return true
		}
		return 0x2000 <= r && r <= 0x200A
	})
}

// trimJS is String#trim on a latin1 string: white space and line
// terminators at both ends.
func trimJS(s string) string {
	for len(s) > 0 && ecma.IsSpace(s[0]) {
		s = s[1:]
	}
	return trimRightJS(s)
}

func trimRightJS(s string) string {
	for len(s) > 0 && ecma.IsSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
