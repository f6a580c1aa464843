package mediatype

import "testing"

var (
	sinkString string
	sinkBool   bool
)

func BenchmarkIsFixedType(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, sinkBool = Is("application/json; charset=utf-8", "application/json")
	}
}

func BenchmarkIsExtension(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, sinkBool = Is("application/json; charset=utf-8", "json")
	}
}

func BenchmarkIsParallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			_, _ = Is("application/x-www-form-urlencoded", "urlencoded")
		}
	})
}

func BenchmarkParameterCharset(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, sinkBool, _ = Parameter("application/json; charset=utf-8", "charset")
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		c, _ := Parse(`multipart/form-data; boundary="----WebKitFormBoundary7MA4YWxkTrZu0gW"`)
		sinkString = c.Type
	}
}

func BenchmarkSetCharset(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString, _ = SetCharset("application/vnd.api+json", "utf-8")
	}
}
