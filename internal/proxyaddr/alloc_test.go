//go:build !race

package proxyaddr

import "testing"

func TestAllocs(t *testing.T) {
	list, err := CompileString("loopback, 10.0.0.0/8, fe80::/10, ::ffff:192.168.0.0/112")
	if err != nil {
		t.Fatal(err)
	}
	hops := TrustHops(2)
	const xff = "203.0.113.9, 198.51.100.2, 10.1.2.3, ::ffff:10.0.0.7"
	dst := make([]string, 0, 8)
	tests := []struct {
		name string
		fn   func()
	}{
		{"Addr list", func() { _ = list.Addr("127.0.0.1", xff) }},
		{"Addr hops", func() { _ = hops.Addr("::ffff:127.0.0.1", xff) }},
		{"Trusted IPv6", func() { _ = list.Trusted("fe80::1:2:3%eth0", 0) }},
		{"All", func() { dst = list.All(dst[:0], "127.0.0.1", xff) }},
		{"IPs", func() { dst = list.IPs(dst[:0], "127.0.0.1", xff) }},
		{"Protocol", func() { _ = Protocol(false, " https , http", true) }},
		{"Hostname", func() { _, _ = Hostname("localhost", "example.com:8080 , foobar.com", true) }},
		{"Subdomains", func() { dst = Subdomains(dst[:0], "tobi.ferrets.example.com", 2) }},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != 0 {
			t.Errorf("%s allocates %v times", tt.name, n)
		}
	}
}
