package fast

import (
	"fmt"
	"net/http"
	"testing"
)

// TestFramingAsReceived checks that the framing takeBody and settleBody
// decide on (read from the header on first use) is the Content-Length the
// request came with, whatever a handler given fasthttp's context, a
// net/http handler or a net/http middleware sets in the header before it
// is read.
func TestFramingAsReceived(t *testing.T) {
	t.Parallel()
	app := New()
	seen := make(chan string, 1)
	report := func(req *Request) { seen <- fmt.Sprint(req.c.framing()) }
	app.Post("/ctx", func(req *Request, res *Response, next Next) {
		req.Ctx().Request.Header.SetContentLength(123456789)
		report(req)
		res.Send("ok")
	})
	app.Use("/mw", func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			r.Header.Set("Content-Length", "987654321")
			r.ContentLength = 987654321
			h.ServeHTTP(w, r)
		})
	})
	app.Post("/mw", func(req *Request, res *Response, next Next) {
		report(req)
		res.Send("ok")
	})
	app.Post("/none", func(req *Request, res *Response, next Next) {
		report(req)
		res.Send("ok")
	})
	s := serveTest(t, app)
	for _, tc := range []struct{ target, body, want string }{
		{"/ctx", "abc", "3"},
		{"/mw", "abcd", "4"},
		{"/none", "", "0"}, // fasthttp: 0 for a request without Content-Length or Transfer-Encoding
	} {
		r := s.do("POST", tc.target, "body", tc.body)
		if r.status != 200 {
			t.Fatalf("%s: status %d %q", tc.target, r.status, r.body)
		}
		if got := <-seen; got != tc.want {
			t.Errorf("%s: framing %s, want %s", tc.target, got, tc.want)
		}
	}
}
