package negotiate

import (
	"strings"
	"testing"
)

const benchChrome = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"

var (
	sinkString string
	sinkBool   bool
	sinkList   []string
)

func BenchmarkTypeJSONChrome(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, sinkBool = Type(benchChrome, true, "json")
	}
}

func BenchmarkTypeFormatChrome(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, sinkBool = Type(benchChrome, true, "text", "html", "json")
	}
}

func BenchmarkTypeParallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_, _ = Type(benchChrome, true, "json")
		}
	})
}

func BenchmarkTypes(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkList = Types(benchChrome, true)
	}
}

func BenchmarkEncoding(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, sinkBool = Encoding("gzip, deflate, br, zstd", true, "br", "gzip")
	}
}

func BenchmarkLanguage(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, sinkBool = Language("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", true, "en", "de")
	}
}

// BenchmarkHostile measures 8 KiB headers built to be expensive; each must
// stay linear in the header size.
func BenchmarkHostile(b *testing.B) {
	long := func(unit string) string { return strings.Repeat(unit, 8192/len(unit)) }
	cases := []struct {
		name string
		fn   func()
	}{
		{"Accept params", func() { _, _ = Type("a/b"+long(";p=1"), true, "a/b;p=1", "json", "html") }},
		{"Accept distinct params", func() { _, _ = Type("a/b"+long(";p=1;q1=2"), true, "a/b;p=1") }},
		{"Accept entries", func() { _, _ = Type(long("a/b;c=d,"), true, "a/b;c=d", "json", "html") }},
		{"Accept quotes", func() { _, _ = Type(`a/b;c="`+long(",a/b"), true, "a/b", "json") }},
		{"Accept list", func() { sinkList = Types(long("a/b;q=0.5,"), true) }},
		{"Accept-Language", func() { _, _ = Language(long("en-US;q=0.5,"), true, "en", "fr") }},
		{"Accept-Encoding", func() { _, _ = Encoding(long("gzip;a;b;c,"), true, "gzip", "br") }},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c.fn()
			}
		})
	}
}
