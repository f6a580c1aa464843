package adaptor

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/valyala/fasthttp"
)

// FuzzServerRequest hands Server requests built by hand, as code in front
// of it may build them, with arbitrary method, target, Host and one header
// field. Server must never panic, must answer every request, and must never
// let a value become a header field of its own (no CR/LF injection): the
// fasthttp handler sees only the names the request had.
func FuzzServerRequest(f *testing.F) {
	seeds := []struct{ method, target, host, name, value string }{
		{"GET", "/", "example.com", "X-A", "1"},
		{"POST", "/a/../b%2Fc?x=1&x=2", "h", "Cookie", "a=1; b=2"},
		{"GET", "/", "example.com", "X-A", "1\r\nX-Injected: yes"},
		{"GET", "/", "example.com\r\nX-Injected: yes", "X-A", "1"},
		{"GET", "/", "h", "X-A\r\nX-Injected", "yes"},
		{"GET", "/ HTTP/1.1\r\nX-Injected: yes\r\n", "h", "X-A", "1"},
		{"GET", "/a b", "h", "X-A", "1"},
		{"OPTIONS", "*", "h", "X-A", "1"},
		{"GET", "http://other.example/p?q", "h", "X-A", "1"},
		{"CONNECT", "example.com:443", "example.com:443", "X-A", "1"},
		{"G E T", "/", "h", "X-A", "1"},
		{"GET", "/caf\xc3\xa9", "h", "X-A", "\x00\x7f\xff"},
		{"GET", "", "", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.method, s.target, s.host, s.name, s.value)
	}
	f.Fuzz(func(t *testing.T, method, target, host, name, value string) {
		var seen []string
		s := ToHTTP(func(ctx *fasthttp.RequestCtx) {
			seen = seen[:0]
			for k := range ctx.Request.Header.All() {
				seen = append(seen, string(k))
			}
			ctx.SetBodyString("ok")
		})
		u, err := url.Parse("http://h/")
		if err != nil {
			t.Fatal(err)
		}
		r := &http.Request{
			Method:     method,
			URL:        u,
			RequestURI: target,
			Proto:      "HTTP/1.1",
			ProtoMajor: 1,
			ProtoMinor: 1,
			Host:       host,
			Header:     http.Header{name: {value}},
			Body:       http.NoBody,
			RemoteAddr: "192.0.2.1:1234",
		}
		w := &benchWriter{h: make(http.Header)}
		s.ServeHTTP(w, r)
		if w.status == 0 {
			t.Fatalf("no answer for %q %q", method, target)
		}
		if w.status != 200 {
			return // refused, as net/http would refuse it on the wire
		}
		allowed := map[string]bool{"Host": true, "Content-Length": true, "Connection": true}
		if name != "" {
			allowed[http.CanonicalHeaderKey(name)] = true
			allowed[canonicalName(name)] = true
		}
		for _, k := range seen {
			if !allowed[k] && !strings.EqualFold(k, name) {
				t.Errorf("handler saw field %q; the request had only %q (value %q, host %q, target %q)", k, name, value, host, target)
			}
		}
	})
}
