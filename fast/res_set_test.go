package fast

import (
	"encoding/json"
	"testing"
)

// TestResSet ports Express 4.22's test/res.set.js. Go's Set takes strings;
// the cases that pass numbers use SetAny and SetMap, which coerce as
// Express's String(value) does.
func TestResSet(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".set(field, value)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set the response header field", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Set("Content-Type", "text/x-foo; charset=utf-8").End()
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "text/x-foo; charset=utf-8")
			})

			t.Run("should coerce to a string", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.SetAny("X-Number", 123)
					res.End(typeOf(res.Get("X-Number")))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "X-Number", "123")
				r.expect(t, 200, "string")
			})
		})

		t.Run(".set(field, values)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set multiple response header fields", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Set("Set-Cookie", "type=ninja", "language=javascript")
					res.Send(res.Values("Set-Cookie"))
				})
				serveTest(t, app).do("GET", "/").expectBody(t, `["type=ninja","language=javascript"]`)
			})

			t.Run("should coerce to an array of strings", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.SetAny("X-Numbers", []int{123, 456})
					b, _ := json.Marshal(res.Values("X-Numbers"))
					res.End(string(b))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "X-Numbers", "123, 456")
				r.expect(t, 200, `["123","456"]`)
			})

			t.Run("should not set a charset of one is already set", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Set("Content-Type", "text/html; charset=lol")
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "text/html; charset=lol")
				r.expectStatus(t, 200)
			})

			t.Run("should throw when Content-Type is an array", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Set("Content-Type", "text/html", "text/plain")
					res.End()
				})
				serveTest(t, app).do("GET", "/").expectMatch(t, 500, `TypeError: Content-Type cannot be set to an Array`)
			})
		})

		t.Run(".set(object)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set multiple fields", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.SetMap(map[string]any{"X-Foo": "bar", "X-Bar": "baz"}).End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "X-Foo", "bar")
				r.expectHeader(t, "X-Bar", "baz")
			})

			t.Run("should coerce to a string", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.SetMap(map[string]any{"X-Number": 123})
					res.End(typeOf(res.Get("X-Number")))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "X-Number", "123")
				r.expect(t, 200, "string")
			})
		})
	})
}

// typeOf is JavaScript's typeof for the values the ported tests inspect.
func typeOf(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case nil:
		return "undefined"
	}
	return "object"
}
