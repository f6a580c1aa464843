package rangeparser

import (
	"strconv"
	"strings"
	"testing"
)

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	dst := make([]Range, 0, 4)
	for b.Loop() {
		dst, _, _ = Parse(dst[:0], 1<<20, "bytes=0-1023", false)
	}
}

func BenchmarkParseCombine(b *testing.B) {
	b.ReportAllocs()
	dst := make([]Range, 0, 8)
	for b.Loop() {
		dst, _, _ = Parse(dst[:0], 100, "bytes=50-55,0-10,5-10,56-60", true)
	}
}

// BenchmarkParseHostile is a header of 3,000 ranges, the shape of a
// range-amplification attack.
func BenchmarkParseHostile(b *testing.B) {
	b.ReportAllocs()
	var sb strings.Builder
	sb.WriteString("bytes=")
	for i := 0; i < 3000; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		n := i * 7919 % 5000
		sb.WriteString(strconv.Itoa(n) + "-" + strconv.Itoa(n+i%13))
	}
	h := sb.String()
	dst := make([]Range, 0, 3000)
	b.SetBytes(int64(len(h)))
	for b.Loop() {
		dst, _, _ = Parse(dst[:0], 4000, h, true)
	}
}
