package mime

import "testing"

var sinkString string

func BenchmarkSendLookup(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString = Send.Lookup("/static/css/site.css")
	}
}

func BenchmarkSendLookupUpper(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString = Send.Lookup("/static/IMG/PHOTO.JPEG")
	}
}

func BenchmarkSendLookupParallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_ = Send.Lookup("/static/js/app.js")
		}
	})
}

func BenchmarkTypesLookup(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, _ = Types.Lookup("json")
	}
}

func BenchmarkTypesCharset(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, _ = Types.Charset("application/json; charset=utf-8")
	}
}

func BenchmarkTypesContentType(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, _ = Types.ContentType("html")
	}
}
