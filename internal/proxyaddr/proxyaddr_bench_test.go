package proxyaddr

import (
	"strings"
	"testing"
)

const benchXFF = "203.0.113.9, 198.51.100.2, 10.1.2.3, ::ffff:10.0.0.7"

func BenchmarkAddr(b *testing.B) {
	list, err := CompileString("loopback, 10.0.0.0/8, fe80::/10")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		t    *Trust
	}{{"none", TrustNone()}, {"all", TrustAll()}, {"hops", TrustHops(2)}, {"list", list}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					bc.t.Addr("127.0.0.1", benchXFF)
				}
			})
		})
	}
}

// BenchmarkAddrLongChain is a 1,000-hop X-Forwarded-For with every hop
// trusted: linear in the header.
func BenchmarkAddrLongChain(b *testing.B) {
	list, _ := CompileString("uniquelocal")
	hops := make([]string, 1000)
	for i := range hops {
		hops[i] = "10.0.0.1"
	}
	xff := "1.2.3.4, " + strings.Join(hops, ", ")
	b.ReportAllocs()
	b.SetBytes(int64(len(xff)))
	for b.Loop() {
		list.Addr("10.0.0.1", xff)
	}
}

func BenchmarkSubdomains(b *testing.B) {
	b.ReportAllocs()
	dst := make([]string, 0, 8)
	for b.Loop() {
		dst = Subdomains(dst[:0], "tobi.ferrets.example.com", 2)
	}
}
