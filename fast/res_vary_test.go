package fast

import "testing"

// TestResVary ports Express 4.22's test/res.vary.js.
func TestResVary(t *testing.T) {
	t.Parallel()
	t.Run("res.vary()", func(t *testing.T) {
		t.Parallel()
		cases := []struct {
			describe, it string
			vary         func(res *Response)
			want         string
		}{
			{"with no arguments", "should not set Vary", func(res *Response) { res.Vary() }, ""},
			{"with an empty array", "should not set Vary", func(res *Response) { res.Vary([]string{}...) }, ""},
			{"with an array", "should set the values", func(res *Response) {
				res.Vary([]string{"Accept", "Accept-Language", "Accept-Encoding"}...)
			}, "Accept, Accept-Language, Accept-Encoding"},
			{"with a string", "should set the value", func(res *Response) { res.Vary("Accept") }, "Accept"},
			{"when the value is present", "should not add it again", func(res *Response) {
				res.Vary("Accept")
				res.Vary("Accept-Encoding")
				res.Vary("Accept-Encoding")
				res.Vary("Accept-Encoding")
				res.Vary("Accept")
			}, "Accept, Accept-Encoding"},
		}
		for _, tc := range cases {
			t.Run(tc.describe, func(t *testing.T) {
				t.Parallel()
				t.Run(tc.it, func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						tc.vary(res)
						res.End()
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Vary", tc.want)
					r.expectStatus(t, 200)
				})
			})
		}
	})
}
