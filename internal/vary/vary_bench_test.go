package vary

import "testing"

var sinkString string

func BenchmarkAppendListed(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, _ = Append("Accept-Encoding, Accept", "Accept")
	}
}

func BenchmarkAppendNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, _ = Append("Accept-Encoding", "Accept")
	}
}
