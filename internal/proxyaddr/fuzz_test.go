package proxyaddr

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
)

// FuzzXFF checks the relations between the X-Forwarded-For views for any
// header and setting: All is a prefix of Forwarded, Addr is All's last
// element, IPs is All reversed without the socket, and entries never hold
// a comma or edge spaces.
func FuzzXFF(f *testing.F) {
	for _, s := range []string{"client, p1, p2", "10.0.0.2, 10.0.0.3, 10.0.0.1", " , ,", "a b, c", "::ffff:10.0.0.1,, 127.0.0.1 "} {
		f.Add("loopback, 10.0.0.0/8", "127.0.0.1", s)
		f.Add("2", "::1", s)
	}
	f.Fuzz(func(t *testing.T, setting, socket, xff string) {
		var tr *Trust
		switch setting {
		case "true":
			tr = TrustAll()
		case "1", "2", "3":
			tr = TrustHops(int(setting[0] - '0'))
		default:
			var err error
			if tr, err = CompileString(setting); err != nil {
				tr = TrustAll()
			}
		}
		fwd := Forwarded(nil, socket, xff)
		all := tr.All(nil, socket, xff)
		if len(all) == 0 || len(all) > len(fwd) || !slices.Equal(all, fwd[:len(all)]) {
			t.Fatalf("All %q is not a prefix of Forwarded %q", all, fwd)
		}
		if got := tr.Addr(socket, xff); got != all[len(all)-1] {
			t.Fatalf("Addr = %q, All = %q", got, all)
		}
		ips := tr.IPs(nil, socket, xff)
		if len(ips) != len(all)-1 {
			t.Fatalf("IPs %q, All %q", ips, all)
		}
		for i := range ips {
			if ips[i] != all[len(all)-1-i] {
				t.Fatalf("IPs %q, All %q", ips, all)
			}
		}
		for _, e := range fwd[1:] {
			if e == "" || strings.Contains(e, ",") || e[0] == ' ' || e[len(e)-1] == ' ' {
				t.Fatalf("entry %q in %q", e, fwd)
			}
		}
	})
}

// FuzzCompileString checks that any setting compiles or fails cleanly
// and that a compiled setting answers for any address.
func FuzzCompileString(f *testing.F) {
	for _, s := range []string{"loopback", "10.0.0.0/255.0.0.0", "::ffff:10.0.0.0/104", "fe80::/10, 1.2.3.4", "10.0.0.1/33", "", ","} {
		f.Add(s, "10.0.0.1")
	}
	f.Fuzz(func(t *testing.T, setting, addr string) {
		tr, err := CompileString(setting)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "proxyaddr: invalid ") {
				t.Fatalf("error %v", err)
			}
			return
		}
		_ = tr.Trusted(addr, 0)
		_ = tr.Addr(addr, addr+","+setting)
	})
}

// FuzzParseIP checks parseIP against net/netip where their languages
// overlap: a plain IPv6 address netip reads (no zone, no embedded IPv4)
// must parse, and any two successful parses must give the same bytes.
func FuzzParseIP(f *testing.F) {
	for _, s := range []string{"127.0.0.1", "::1", "fe80::00ed:1", "::ffff:1.2.3.4", "1:2:3:4:5:6:7:8:", "0x7f.1", "::1.2.3.4", "fe80::1%eth0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, ok := parseIP(s)
		n, err := netip.ParseAddr(s)
		if err != nil {
			return
		}
		if !ok {
			if n.Is6() && !strings.ContainsAny(s, ".%") {
				t.Fatalf("parseIP(%q) failed; netip reads %v", s, n)
			}
			return
		}
		if n.Zone() != "" {
			n = n.WithZone("")
		}
		want := n.As16()
		if n.Is4() {
			var got [4]byte
			copy(got[:], a.b[:4])
			if a.v6 || got != n.As4() {
				t.Fatalf("parseIP(%q) = %v, netip %v", s, a, n)
			}
			return
		}
		if !a.v6 || a.b != want {
			t.Fatalf("parseIP(%q) = %v, netip %v", s, a, n)
		}
	})
}
