package runner

import (
	"reflect"
	"testing"
)

func TestCleanHead(t *testing.T) {
	t.Parallel()
	html := [2]string{"Content-Type", "text/html; charset=utf-8"}
	stack := []byte("<pre>Error: boom<br> &nbsp; &nbsp;at f (x.js:1:2)</pre>")
	view := []byte("<pre>Error: boom\n    at f (x.js:1:2)</pre>")
	page := func(status int, ct [2]string, cl string, body []byte, extra ...[2]string) *Response {
		h := append([][2]string{ct, {"Content-Length", cl}}, extra...)
		return &Response{Status: status, Headers: h, Body: body}
	}
	tests := []struct {
		name      string
		head, get *Response
		want      [][2]string
	}{
		{"a development error page: the GET's stack was cut, so the HEAD's length is reduced too",
			page(500, html, "1270", nil), page(500, html, "1270", stack),
			[][2]string{html, {"Content-Length", Reduced}}},
		{"a view's stack: the ETag is reduced as well",
			page(500, html, "90", nil, [2]string{"ETag", `W/"5a-x"`}), page(500, html, "90", view, [2]string{"ETag", `W/"5a-x"`}),
			[][2]string{html, {"Content-Length", Reduced}, {"ETag", Reduced}}},
		{"a page without a stack keeps its length",
			page(404, html, "145", nil), page(404, html, "145", []byte("<pre>Cannot GET /x</pre>")),
			[][2]string{html, {"Content-Length", "145"}}},
		{"a GET answered with another status is another page",
			page(500, html, "1270", nil), page(200, html, "10", stack),
			[][2]string{html, {"Content-Length", "1270"}}},
		{"a GET answered with another type is another page",
			page(500, html, "1270", nil), page(500, [2]string{"Content-Type", "text/plain"}, "10", stack),
			[][2]string{html, {"Content-Length", "1270"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			before := append([][2]string(nil), tt.head.Headers...)
			got := CleanHead(tt.head, Clean(tt.get, ""))
			if !reflect.DeepEqual(got.Headers, tt.want) {
				t.Errorf("headers %q, want %q", got.Headers, tt.want)
			}
			if !reflect.DeepEqual(tt.head.Headers, before) {
				t.Errorf("head modified: %q", tt.head.Headers)
			}
		})
	}
	if CleanHead(nil, page(500, html, "1", stack)) != nil {
		t.Error("nil head: want nil")
	}
	h := page(500, html, "1270", nil)
	if CleanHead(h, nil) != h {
		t.Error("no GET answer: want head as it is")
	}
}
