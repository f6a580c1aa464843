package etag

import (
	"bytes"
	"strconv"
	"testing"
	"time"
)

func BenchmarkAppendBody(b *testing.B) {
	for _, size := range []int{13, 1024, 64 << 10} {
		body := bytes.Repeat([]byte("x"), size)
		b.Run(strconv.Itoa(size), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(size))
			dst := make([]byte, 0, 64)
			for b.Loop() {
				dst = AppendBody(dst[:0], body, true)
			}
		})
	}
}

func BenchmarkAppendStat(b *testing.B) {
	b.ReportAllocs()
	dst := make([]byte, 0, 64)
	mtime := time.Unix(1704164645, 0)
	for b.Loop() {
		dst = AppendStat(dst[:0], 13, mtime, true)
	}
}

func BenchmarkFresh(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			Fresh(`W/"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`, "Tue, 02 Jan 2024 03:04:05 GMT", "",
				`W/"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`, "Tue, 02 Jan 2024 03:04:05 GMT")
		}
	})
}

func BenchmarkParseDate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ParseDate("Tue, 02 Jan 2024 03:04:05 GMT")
	}
}
