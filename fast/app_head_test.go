package fast

import (
	"slices"
	"strings"
	"testing"
)

// TestAppHead ports Express 4.22's test/app.head.js.
func TestAppHead(t *testing.T) {
	t.Parallel()
	t.Run("HEAD", func(t *testing.T) {
		t.Parallel()
		tobi := func(req *Request, res *Response, next Next) {
			// send() detects HEAD
			res.Send("tobi")
		}

		t.Run("should default to GET", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get("/tobi", tobi)
			serveTest(t, app).do("HEAD", "/tobi").expect(t, 200, "")
		})

		t.Run("should output the same headers as GET requests", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get("/tobi", tobi)
			s := serveTest(t, app)
			head := s.do("HEAD", "/tobi")
			head.expectStatus(t, 200)
			get := s.do("GET", "/tobi")
			get.expectStatus(t, 200)
			noDate := func(h [2]string) bool { return strings.EqualFold(h[0], "Date") }
			hh := slices.DeleteFunc(slices.Clone(head.headers), noDate)
			gh := slices.DeleteFunc(slices.Clone(get.headers), noDate)
			if !slices.Equal(hh, gh) {
				t.Errorf("HEAD headers %q, GET headers %q", hh, gh)
			}
		})
	})

	t.Run("app.head()", func(t *testing.T) {
		t.Parallel()
		t.Run("should override", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Head("/tobi", func(req *Request, res *Response, next Next) {
				res.Header("x-method", "head")
				res.End()
			})
			app.Get("/tobi", func(req *Request, res *Response, next Next) {
				res.Header("x-method", "get")
				res.Send("tobi")
			})
			r := serveTest(t, app).do("HEAD", "/tobi")
			r.expectHeader(t, "x-method", "head")
			r.expectStatus(t, 200)
		})
	})
}
