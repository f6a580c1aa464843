package fast

import (
	"strings"
	"testing"
)

// TestReqGet ports Express 4.22's test/req.get.js. Its last case, "should
// throw for non-string header name" (req.get(42)), cannot be written in Go:
// the name is a string by type.
func TestReqGet(t *testing.T) {
	t.Parallel()
	runExpress(t, []expressCase{
		{path: []string{"req", ".get(field)", "should return the header field value"},
			app: useApp(nil, func(req *Request, res *Response, next Next) {
				if v := req.Get("Something-Else"); v != "" {
					t.Errorf(`req.Get("Something-Else") = %q, want ""`, v)
				}
				res.SendString(req.Get("Content-Type"))
			}),
			send: []string{"POST", "/", "Content-Type", "application/json"}, status: 200, body: "application/json"},
		{path: []string{"req", ".get(field)", "should special-case Referer"},
			app:  useApp(nil, endString(func(req *Request) string { return req.Get("Referer") })),
			send: []string{"POST", "/", "Referrer", "http://foobar.com"}, status: 200, body: "http://foobar.com"},
		{path: []string{"req", ".get(field)", "should throw missing header name"},
			app:  useApp(nil, endString(func(req *Request) string { return req.Get("") })),
			send: []string{"GET", "/"},
			check: func(t *testing.T, r *testResponse) {
				if r.status != 500 || !strings.Contains(r.body, "TypeError: name argument is required to req.get") {
					t.Errorf("got %d %q, want 500 with the TypeError", r.status, r.body)
				}
			}},
	})
}
