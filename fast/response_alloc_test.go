//go:build !race && !fwpoison

package fast

import (
	"testing"
)

// TestResponseZeroAllocations proves the zero-allocation claims of the
// response: res.set, res.send of a string and of bytes with the ETag on,
// res.sendStatus, measured over whole requests.
func TestResponseZeroAllocations(t *testing.T) {
	body := []byte("Hello, World!")
	tests := []struct {
		name string
		h    Handler
	}{
		{"Set", func(req *Request, res *Response, next Next) {
			res.Set("X-Request-Id", "abc").Set("Cache-Control", "no-store").Set("Content-Type", "text/plain")
			res.End()
		}},
		{"SendString with ETag", func(req *Request, res *Response, next Next) { res.SendString("Hello, World!") }},
		{"Send of a string constant with ETag", func(req *Request, res *Response, next Next) { res.Send("Hello, World!") }},
		{"SendBytes with ETag", func(req *Request, res *Response, next Next) { res.SendBytes(body) }},
		{"SendString with a preset Content-Type", func(req *Request, res *Response, next Next) {
			res.Type("text/plain").SendString("Hello, World!")
		}},
		{"SendStatus", func(req *Request, res *Response, next Next) { res.SendStatus(201) }},
		{"Get and Append", func(req *Request, res *Response, next Next) {
			res.Append("Vary", "Accept")
			_ = res.Get("Vary")
			res.End()
		}},
		{"Vary", func(req *Request, res *Response, next Next) {
			res.Vary("Accept")
			res.End()
		}},
		{"Location", func(req *Request, res *Response, next Next) {
			res.Location("/a b").End()
		}},
		{"Redirect", func(req *Request, res *Response, next Next) { res.Redirect("/login") }},
		{"JSON of a struct pointer", func(req *Request, res *Response, next Next) { res.JSON(&smallUser) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			app := New()
			app.Get("/", tt.h)
			if n := allocsPerRequest(t, app, "GET", "/"); n != 0 {
				t.Errorf("%v allocations per request, want 0", n)
			}
		})
	}
}
