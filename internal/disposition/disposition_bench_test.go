package disposition

import "testing"

var sinkString string

func BenchmarkAttachmentASCII(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString = Attachment("/files/report-2024.pdf")
	}
}

func BenchmarkAttachmentUnicode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sinkString = Attachment("/locales/日本語.txt")
	}
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d, _ := Parse(`attachment; filename="EURO rates.txt"; filename*=UTF-8''%e2%82%ac%20rates.txt`)
		sinkString = d.Params["filename"]
	}
}
