package cookie

import (
	"strings"
	"testing"
)

func BenchmarkParse(b *testing.B) {
	const h = "sid=s%3AnOv0Vn0H.rQdTDPcgJt5kNRtuJgYqKdm1fYjnmaQPZqCMJNgJ2JY; lang=en-US; theme=dark; _ga=GA1.2.123456789.1700000000"
	b.ReportAllocs()
	b.SetBytes(int64(len(h)))
	b.RunParallel(func(pb *testing.PB) {
		pairs := make([]Pair, 0, 8)
		buf := make([]byte, 0, 128)
		for pb.Next() {
			pairs, buf = Parse(pairs[:0], buf[:0], h)
		}
	})
}

// BenchmarkParseHostile is a header of 3,000 pairs over 700 names.
func BenchmarkParseHostile(b *testing.B) {
	var sb strings.Builder
	for i := 0; i < 3000; i++ {
		sb.WriteString("k")
		sb.WriteString(strings.Repeat("x", i%700%10))
		sb.WriteByte(byte('a' + i%700/10%26))
		sb.WriteString("=v; ")
	}
	h := sb.String()
	b.ReportAllocs()
	b.SetBytes(int64(len(h)))
	pairs := make([]Pair, 0, 3000)
	for b.Loop() {
		pairs, _ = Parse(pairs[:0], nil, h)
	}
}

func BenchmarkAppendSerialize(b *testing.B) {
	b.ReportAllocs()
	dst := make([]byte, 0, 128)
	opt := &Options{Path: "/", HTTPOnly: true, SameSite: "lax"}
	for b.Loop() {
		dst, _ = AppendSerialize(dst[:0], "sid", "s:abc123.signature", opt)
	}
}

func BenchmarkUnsign(b *testing.B) {
	b.ReportAllocs()
	signed := Sign("tobi", "foo bar baz")
	for b.Loop() {
		Unsign(signed, "foo bar baz")
	}
}
