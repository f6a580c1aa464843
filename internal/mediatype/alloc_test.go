//go:build !race

package mediatype

import "testing"

func TestHotPathsDoNotAllocate(t *testing.T) {
	cases := []struct {
		name string
		fn   func()
	}{
		{"Is against a fixed type", func() { _, _ = Is("application/json; charset=utf-8", "application/json") }},
		{"Is against an extension", func() { _, _ = Is("application/json; charset=utf-8", "json") }},
		{"Is urlencoded", func() { _, _ = Is("application/x-www-form-urlencoded", "urlencoded") }},
		{"Is no match", func() { _, _ = Is("Text/HTML; charset=utf-8", "json", "urlencoded", "multipart") }},
		{"Is +json (value already normal)", func() { _, _ = Is("application/ld+json", "+json") }},
		{"Is */* (value already normal)", func() { _, _ = Is("text/plain", "*/*") }},
		{"Is invalid", func() { _, _ = Is("text/html; a=", "text/html") }},
		{"Parameter charset", func() { _, _, _ = Parameter("application/json; charset=utf-8", "charset") }},
		{"Parameter quoted", func() { _, _, _ = Parameter(`text/plain; Charset="UTF-8"; format=flowed`, "charset") }},
		{"Parameter error", func() { _, _, _ = Parameter("bogus", "charset") }},
		{"Parse without parameters", func() { _, _ = Parse("text/html") }},
		{"SetCharset text/html", func() { _, _ = SetCharset("text/html", "utf-8") }},
		{"SetCharset already set", func() { _, _ = SetCharset("application/vnd.api+json; charset=utf-8", "utf-8") }},
		{"HasBody", func() { _ = HasBody(false, "1234", true) }},
	}
	for _, c := range cases {
		if n := testing.AllocsPerRun(200, c.fn); n != 0 {
			t.Errorf("%s allocates %v times per call", c.name, n)
		}
	}
}
