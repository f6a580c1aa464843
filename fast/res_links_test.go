package fast

import "testing"

// TestResLinks ports Express 4.22's test/res.links.js.
func TestResLinks(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".links(obj)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set Link header field", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Links(
						Link{Rel: "next", URL: "http://api.example.com/users?page=2"},
						Link{Rel: "last", URL: "http://api.example.com/users?page=5"},
					)
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Link", `<http://api.example.com/users?page=2>; rel="next", <http://api.example.com/users?page=5>; rel="last"`)
				r.expectStatus(t, 200)
			})

			t.Run("should set Link header field for multiple calls", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Links(
						Link{Rel: "next", URL: "http://api.example.com/users?page=2"},
						Link{Rel: "last", URL: "http://api.example.com/users?page=5"},
					)
					res.Links(Link{Rel: "prev", URL: "http://api.example.com/users?page=1"})
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Link", `<http://api.example.com/users?page=2>; rel="next", <http://api.example.com/users?page=5>; rel="last", <http://api.example.com/users?page=1>; rel="prev"`)
				r.expectStatus(t, 200)
			})
		})
	})
}
