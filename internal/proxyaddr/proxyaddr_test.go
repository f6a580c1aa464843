package proxyaddr

import (
	"fmt"
	"slices"
	"testing"
)

// TestIPDifferential replays ipaddr.isValid and ipaddr.parse(..).
// toByteArray() from ipaddr.js 1.9.1, and Node's net.isIP.
func TestIPDifferential(t *testing.T) {
	t.Parallel()
	for i, c := range load(t).IPs {
		a, ok := parseIP(c.S)
		if ok != c.Valid {
			t.Errorf("ip %d: parseIP(%q) valid=%v, ipaddr.js %v", i, c.S, ok, c.Valid)
			continue
		}
		if ok {
			n := 4
			if a.v6 {
				n = 16
			}
			got := make([]int, n)
			for k := range got {
				got[k] = int(a.b[k])
			}
			if a.v6 != c.V6 || !slices.Equal(got, c.RawB) {
				t.Errorf("ip %d: parseIP(%q) = v6 %v %v, ipaddr.js v6 %v %v", i, c.S, a.v6, got, c.V6, c.RawB)
			}
		}
		if got := isNodeIP(c.S); got != (c.NodeIP != 0) {
			t.Errorf("ip %d: isNodeIP(%q) = %v, net.isIP %d", i, c.S, got, c.NodeIP)
		}
	}
}

// TestTrustDifferential replays Express's compileTrust for each setting:
// the error it throws, or the answer of the compiled function for every
// candidate address at hops 0, 1 and 2.
func TestTrustDifferential(t *testing.T) {
	t.Parallel()
	r := load(t)
	for i, c := range r.Trust {
		tr, err := compileSetting(c.Setting)
		if c.Err != "" {
			if err == nil || err.Error() != "proxyaddr: "+c.Err {
				t.Errorf("setting %d (%#v): err %v, Express throws %q", i, c.Setting, err, c.Err)
			}
			continue
		}
		if err != nil {
			t.Errorf("setting %d (%#v): %v", i, c.Setting, err)
			continue
		}
		for k, cand := range r.Candidates {
			for hop := 0; hop < 3; hop++ {
				if got := tr.Trusted(cand, hop); got != c.Trusted[k][hop] {
					t.Errorf("setting %d (%#v): Trusted(%q, %d) = %v, Express %v", i, c.Setting, cand, hop, got, c.Trusted[k][hop])
				}
			}
		}
	}
	for i, c := range r.Lists {
		tr, err := CompileList(c.List)
		if c.Err != "" {
			if err == nil || err.Error() != "proxyaddr: "+c.Err {
				t.Errorf("list %d %q: err %v, proxy-addr throws %q", i, c.List, err, c.Err)
			}
			continue
		}
		for k, cand := range r.Candidates {
			if got := tr.Trusted(cand, 0); got != c.Trusted[k] {
				t.Errorf("list %d %q: Trusted(%q) = %v, proxy-addr %v", i, c.List, cand, got, c.Trusted[k])
			}
		}
	}
}

// TestRequestDifferential replays Express's req.ip, req.ips,
// req.protocol, req.secure, req.hostname and req.subdomains, and
// forwarded(req) and proxyaddr.all(req, trust), for recorded requests.
func TestRequestDifferential(t *testing.T) {
	t.Parallel()
	for i, c := range load(t).Requests {
		tr, err := compileSetting(c.Setting)
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		xff := c.Headers["x-forwarded-for"]
		w := c.Want
		where := fmt.Sprintf("request %d (trust %#v, socket %q, headers %q)", i, c.Setting, c.Socket, c.Headers)
		if got := tr.Addr(c.Socket, xff); got != w.IP {
			t.Errorf("%s: Addr = %q, req.ip %q", where, got, w.IP)
		}
		if got := tr.IPs(nil, c.Socket, xff); !slices.Equal(got, w.IPs) && !(len(got) == 0 && len(w.IPs) == 0) {
			t.Errorf("%s: IPs = %q, req.ips %q", where, got, w.IPs)
		}
		if got := tr.All(nil, c.Socket, xff); !slices.Equal(got, w.All) {
			t.Errorf("%s: All = %q, proxyaddr.all %q", where, got, w.All)
		}
		if got := Forwarded(nil, c.Socket, xff); !slices.Equal(got, w.Forwarded) {
			t.Errorf("%s: Forwarded = %q, forwarded %q", where, got, w.Forwarded)
		}
		trusted := tr.Trusted(c.Socket, 0)
		proto := Protocol(c.Encrypted, c.Headers["x-forwarded-proto"], trusted)
		if proto != w.Protocol || (proto == "https") != w.Secure {
			t.Errorf("%s: Protocol = %q, req.protocol %q secure %v", where, proto, w.Protocol, w.Secure)
		}
		host, ok := Hostname(c.Headers["host"], c.Headers["x-forwarded-host"], trusted)
		if ok != (w.Hostname != nil) || ok && host != *w.Hostname {
			t.Errorf("%s: Hostname = %q %v, req.hostname %v", where, host, ok, w.Hostname)
		}
		offset := 2
		if c.Offset != nil {
			offset = *c.Offset
		}
		if got := Subdomains(nil, host, offset); !slices.Equal(got, w.Subdomains) && !(len(got) == 0 && len(w.Subdomains) == 0) {
			t.Errorf("%s: Subdomains(%q, %d) = %q, req.subdomains %q", where, host, offset, got, w.Subdomains)
		}
	}
}
