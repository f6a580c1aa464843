package proxyaddr

import (
	"slices"
	"testing"
)

func mustCompile(t *testing.T, v any) *Trust {
	t.Helper()
	tr, err := Compile(v)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestReqIP ports Express's test/req.ip.js and test/req.ips.js.
func TestReqIP(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		setting any
		socket  string
		xff     string
		ip      string
		ips     []string
	}{
		{"should return the client addr", true, "127.0.0.1", "client, p1, p2", "client", []string{"client", "p1", "p2"}},
		{"should return the addr after trusted proxy based on count", 2, "127.0.0.1", "client, p1, p2", "p1", []string{"p1", "p2"}},
		{"should return the addr after trusted proxy based on list", "10.0.0.1, 10.0.0.2, 127.0.0.1, ::1", "127.0.0.1",
			"10.0.0.2, 10.0.0.3, 10.0.0.1", "10.0.0.3", []string{"10.0.0.3", "10.0.0.1"}},
		{"should return the remote address", false, "::ffff:127.0.0.1", "client, p1, p2", "::ffff:127.0.0.1", nil},
		{"should return the remote address when X-Forwarded-For is not present", true, "127.0.0.1", "", "127.0.0.1", nil},
		{"should return an empty array when trust proxy is disabled", false, "127.0.0.1", "client, p1, p2", "127.0.0.1", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := mustCompile(t, tt.setting)
			if got := tr.Addr(tt.socket, tt.xff); got != tt.ip {
				t.Errorf("Addr = %q, want %q", got, tt.ip)
			}
			if got := tr.IPs(nil, tt.socket, tt.xff); !slices.Equal(got, tt.ips) {
				t.Errorf("IPs = %q, want %q", got, tt.ips)
			}
		})
	}
}

// TestReqProtocol ports test/req.protocol.js and test/req.secure.js.
func TestReqProtocol(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		setting   any
		encrypted bool
		xfp       string
		want      string
	}{
		{"should return the protocol string", false, false, "", "http"},
		{"should respect X-Forwarded-Proto", true, false, "https", "https"},
		{"should default to the socket addr if X-Forwarded-Proto not present", true, true, "", "https"},
		{"should ignore X-Forwarded-Proto if socket addr not trusted", "10.0.0.1", false, "https", "http"},
		{"should default to http", true, false, "", "http"},
		{"should respect X-Forwarded-Proto when trusting hop count", 1, false, "https", "https"},
		{"should ignore X-Forwarded-Proto when trust proxy is disabled", false, false, "https", "http"},
		{"should return false when initial proxy is http", true, false, "http, https", "http"},
		{"should return true when initial proxy is https", true, false, "https, http", "https"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := mustCompile(t, tt.setting)
			if got := Protocol(tt.encrypted, tt.xfp, tr.Trusted("127.0.0.1", 0)); got != tt.want {
				t.Fatalf("Protocol = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReqHostname ports test/req.hostname.js and the unreleased Host
// header fix listed in shared/reference/security-regressions.md.
func TestReqHostname(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		setting any
		host    string
		xfh     string
		want    string
		ok      bool
	}{
		{"should return the Host when present", false, "example.com", "", "example.com", true},
		{"should strip port number", false, "example.com:3000", "", "example.com", true},
		{"should return undefined otherwise", false, "", "", "", false},
		{"should work with IPv6 Host", false, "[::1]", "", "[::1]", true},
		{"should work with IPv6 Host and port", false, "[::1]:3000", "", "[::1]", true},
		{"should respect X-Forwarded-Host", true, "localhost", "example.com:3000", "example.com", true},
		{"should ignore X-Forwarded-Host if socket addr not trusted", "10.0.0.1", "localhost", "example.com", "localhost", true},
		{"should default to Host", true, "example.com", "", "example.com", true},
		{"should use the first value", true, "localhost", "example.com, foobar.com", "example.com", true},
		{"should remove OWS around comma", true, "localhost", "example.com , foobar.com", "example.com", true},
		{"should strip port number of the first value", true, "localhost", "example.com:8080 , foobar.com:8888", "example.com", true},
		{"should ignore X-Forwarded-Host", false, "localhost", "evil", "localhost", true},
		// Express 4.22.3 keeps what precedes the first ':'; the unreleased
		// host-header fix would give legitimate.com and undefined.
		{"Host with userinfo is cut at the first colon (Express 4.22.3)", false, "evil.com:fake@legitimate.com:3000", "", "evil.com", true},
		{"Host with a non-numeric port (Express 4.22.3)", false, "example.com:notaport", "", "example.com", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tr := mustCompile(t, tt.setting)
			got, ok := Hostname(tt.host, tt.xfh, tr.Trusted("127.0.0.1", 0))
			if got != tt.want || ok != tt.ok {
				t.Fatalf("Hostname = %q %v, want %q %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestReqSubdomains ports test/req.subdomains.js.
func TestReqSubdomains(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		hostname string
		offset   int
		want     []string
	}{
		{"should return an array", "tobi.ferrets.example.com", 2, []string{"ferrets", "tobi"}},
		{"should work with IPv4 address", "127.0.0.1", 2, nil},
		{"should work with IPv6 address", "[::1]", 2, nil},
		{"should return an empty array", "example.com", 2, nil},
		{"should return an empty array without a host", "", 2, nil},
		{"should return an array with the whole domain", "tobi.ferrets.sub.example.com", 0, []string{"com", "example", "sub", "ferrets", "tobi"}},
		{"should return an array with the whole IPv4", "127.0.0.1", 0, []string{"127.0.0.1"}},
		{"should return an array with the whole IPv6", "[::1]", 0, []string{"[::1]"}},
		{"should return an array with offset 3", "tobi.ferrets.sub.example.com", 3, []string{"ferrets", "tobi"}},
		{"should return an empty array with offset 3", "sub.example.com", 3, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Subdomains(nil, tt.hostname, tt.offset); !slices.Equal(got, tt.want) {
				t.Fatalf("Subdomains = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestCompileErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		setting any
		err     string
	}{
		{"", "proxyaddr: invalid IP address: "},
		{"10.0.0.1,", "proxyaddr: invalid IP address: "},
		{"localhost", "proxyaddr: invalid IP address: localhost"},
		{"10.0.0.1/33", "proxyaddr: invalid range on address: 10.0.0.1/33"},
		{"10.0.0.0/0", "proxyaddr: invalid range on address: 10.0.0.0/0"},
		{"10.0.0.0/255.0.255.0", "proxyaddr: invalid range on address: 10.0.0.0/255.0.255.0"},
		{"fe80::/ffff::", "proxyaddr: invalid range on address: fe80::/ffff::"},
		{[]string{"loopback", "bogus"}, "proxyaddr: invalid IP address: bogus"},
		{map[string]int{}, "proxyaddr: unsupported trust argument"},
	}
	for _, tt := range tests {
		if _, err := Compile(tt.setting); err == nil || err.Error() != tt.err {
			t.Errorf("Compile(%#v) = %v, want %q", tt.setting, err, tt.err)
		}
	}
}

// TestCVE202341338 (fiber IsFromLocal): a remote peer that sends
// X-Forwarded-For: 127.0.0.1 is not local; only trusted sockets make the
// header count, and a loopback trust does not trust a remote socket.
func TestCVE202341338(t *testing.T) {
	t.Parallel()
	for _, setting := range []any{false, "loopback", "127.0.0.1", []string{"loopback", "uniquelocal"}} {
		tr := mustCompile(t, setting)
		if got := tr.Addr("203.0.113.7", "127.0.0.1"); got != "203.0.113.7" {
			t.Errorf("trust %#v: req.ip = %q from a remote socket spoofing loopback", setting, got)
		}
		if got := Protocol(false, "https", tr.Trusted("203.0.113.7", 0)); got != "http" {
			t.Errorf("trust %#v: spoofed X-Forwarded-Proto honoured", setting)
		}
		if got, _ := Hostname("real.example", "evil.example", tr.Trusted("203.0.113.7", 0)); got != "real.example" {
			t.Errorf("trust %#v: spoofed X-Forwarded-Host honoured", setting)
		}
	}
}

// TestIPv4MappedRules pins proxy-addr 2.0.8's cross-family rules: mapped
// candidates count as IPv4, native IPv6 never matches an IPv4 or a mapped
// subnet, and IPv4 matches an IPv6 subnet only when it is mapped with a
// prefix of 96 bits or more.
func TestIPv4MappedRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		setting, addr string
		want          bool
	}{
		{"10.0.0.0/8", "::ffff:10.0.0.1", true},
		{"10.0.0.0/8", "::ffff:a00:1", true},
		{"::ffff:10.0.0.1", "10.0.0.1", true},
		{"::ffff:10.0.0.0/104", "10.0.0.1", true},
		{"::ffff:10.0.0.0/104", "::ffff:10.0.0.1", true},
		{"::ffff:0:0/80", "10.0.0.1", false},
		{"::ffff:0:0/80", "::fffe:a00:1", false},
		{"::/1", "10.0.0.1", false},
		{"10.0.0.0/8", "::a00:1", false},
		{"fe80::/10", "fe80::1%eth0", true},
	}
	for _, tt := range tests {
		tr := mustCompile(t, tt.setting)
		if got := tr.Trusted(tt.addr, 0); got != tt.want {
			t.Errorf("trust %q: Trusted(%q) = %v, want %v", tt.setting, tt.addr, got, tt.want)
		}
	}
}

func TestZeroTrustTrustsNothing(t *testing.T) {
	t.Parallel()
	var tr Trust
	if tr.Trusted("127.0.0.1", 0) || tr.Addr("1.2.3.4", "5.6.7.8") != "1.2.3.4" {
		t.Fatal("zero Trust trusts")
	}
	if got := mustCompile(t, 1.5); !got.Trusted("x", 1) || got.Trusted("x", 2) {
		t.Fatal("hop count 1.5 must trust hops 0 and 1")
	}
}
