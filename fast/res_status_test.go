package fast

import "testing"

// TestResStatus ports Express 4.22's test/res.status.js. Go's Status takes
// an int: "undefined" and "null" are ported with the zero value, which Node
// rejects the same way; the string "410" and the float 410.1 cannot be
// passed (see testdata/express-response-skips.md).
func TestResStatus(t *testing.T) {
	t.Parallel()
	cases := []struct {
		describe, it string
		code         int
		status       int
	}{
		{`when "code" is undefined`, "should raise error for invalid status code", 0, 500},
		{`when "code" is null`, "should raise error for invalid status code", 0, 500},
		{`when "code" is 201`, "should set the response status code to 201", 201, 201},
		{`when "code" is 302`, "should set the response status code to 302", 302, 302},
		{`when "code" is 403`, "should set the response status code to 403", 403, 403},
		{`when "code" is 501`, "should set the response status code to 501", 501, 501},
		{`when "code" is 1000`, "should raise error for invalid status code", 1000, 500},
		{`when "code" is 99`, "should raise error for invalid status code", 99, 500},
		{`when "code" is -401`, "should raise error for invalid status code", -401, 500},
	}
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".status(code)", func(t *testing.T) {
			t.Parallel()
			for _, tc := range cases {
				t.Run(tc.describe, func(t *testing.T) {
					t.Parallel()
					t.Run(tc.it, func(t *testing.T) {
						t.Parallel()
						app := use(func(req *Request, res *Response, next Next) {
							res.Status(tc.code).End()
						})
						r := serveTest(t, app).do("GET", "/")
						if tc.status == 500 {
							r.expectMatch(t, 500, `Invalid status code`)
							return
						}
						r.expectStatus(t, tc.status)
					})
				})
			}
		})
	})
}
