package router

import (
	"regexp"
	"testing"
)

var benchCases = []struct {
	name string
	path any
	in   string
}{
	{"simple", "/users/:id", "/users/42"},
	{"simple/static", "/api/v1/users/list", "/api/v1/users/list"},
	{"simple/3 params", "/repos/:owner/:repo/stargazers", "/repos/julienschmidt/httprouter/stargazers"},
	{"simple/miss", "/users/:id", "/posts/42"},
	{"optional param", "/users/:id?", "/users/42"},
	{"regex param", "/users/:id(\\d+)", "/users/42"},
	{"wildcard", "/files/*", "/files/a/b/c.txt"},
	{"format", "/:name.:format?", "/report.pdf"},
	{"two params in a segment", "/flights/:from-:to", "/flights/LAX-SFO"},
	{"fast star", "*", "/anything/at/all"},
	{"array", []string{"/a/:x", "/b/:y?"}, "/b/7"},
	{"JSRegExp lookahead", JSRegExp{Source: `^\/(?!admin\b)(\w+)`}, "/users"},
	{"Go regexp", regexp.MustCompile(`^/users/(\d+)$`), "/users/42"},
}

func BenchmarkMatch(b *testing.B) {
	for _, bc := range benchCases {
		p, err := Compile(bc.path, routeOptions)
		if err != nil {
			b.Fatal(err)
		}
		caps := make([]int32, 2*len(p.Keys()))
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.Match(bc.in, caps)
			}
		})
	}
}

// BenchmarkMatchParallel shows the pooled scratch memory under contention.
func BenchmarkMatchParallel(b *testing.B) {
	for _, bc := range benchCases[4:6] {
		p, err := Compile(bc.path, routeOptions)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				caps := make([]int32, 2*len(p.Keys()))
				for pb.Next() {
					p.Match(bc.in, caps)
				}
			})
		})
	}
}

// BenchmarkReDoS gives the time of the advisories' inputs (about 8 KB).
func BenchmarkReDoS(b *testing.B) {
	for _, rc := range redosCases {
		p, err := Compile(rc.pattern, routeOptions)
		if err != nil {
			b.Fatal(err)
		}
		caps := make([]int32, 2*len(p.Keys()))
		b.Run(rc.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(rc.path)))
			for b.Loop() {
				p.Match(rc.path, caps)
			}
		})
	}
}

func BenchmarkCompile(b *testing.B) {
	for _, path := range []string{"/users/:id", "/:a-:b-:c-:d", "/files/:name.:ext?"} {
		b.Run(path, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compile(path, routeOptions); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
