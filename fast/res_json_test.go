package fast

import (
	"strings"
	"testing"
)

// TestResJSON ports Express 4.22's test/res.json.js. The deprecated
// two-argument forms res.json(status, obj) and res.json(obj, status) are
// ported as res.Status(status).JSON(obj), the form Express's deprecation
// message asks for.
func TestResJSON(t *testing.T) {
	t.Parallel()
	const jsonUTF8 = "application/json; charset=utf-8"
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".json(object)", func(t *testing.T) {
			t.Parallel()
			t.Run("should not support jsonp callbacks", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.JSON(map[string]any{"foo": "bar"}) })
				serveTest(t, app).do("GET", "/?callback=foo").expectBody(t, `{"foo":"bar"}`)
			})

			t.Run("should not override previous Content-Types", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/", func(req *Request, res *Response, next Next) {
					res.Type("application/vnd.example+json")
					res.JSON(map[string]any{"hello": "world"})
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "application/vnd.example+json; charset=utf-8")
				r.expect(t, 200, `{"hello":"world"}`)
			})

			t.Run("when given primitives", func(t *testing.T) {
				t.Parallel()
				for _, tc := range []struct {
					it   string
					v    any
					want string
				}{
					{"should respond with json for null", nil, "null"},
					{"should respond with json for Number", 300, "300"},
					{"should respond with json for String", "str", `"str"`},
				} {
					t.Run(tc.it, func(t *testing.T) {
						t.Parallel()
						app := use(func(req *Request, res *Response, next Next) { res.JSON(tc.v) })
						r := serveTest(t, app).do("GET", "/")
						r.expectHeader(t, "Content-Type", jsonUTF8)
						r.expect(t, 200, tc.want)
					})
				}
			})

			t.Run("when given an array", func(t *testing.T) {
				t.Parallel()
				t.Run("should respond with json", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.JSON([]string{"foo", "bar", "baz"}) })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Content-Type", jsonUTF8)
					r.expect(t, 200, `["foo","bar","baz"]`)
				})
			})

			t.Run("when given an object", func(t *testing.T) {
				t.Parallel()
				t.Run("should respond with json", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.JSON(map[string]string{"name": "tobi"}) })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Content-Type", jsonUTF8)
					r.expect(t, 200, `{"name":"tobi"}`)
				})
			})

			t.Run(`"json escape" setting`, func(t *testing.T) {
				t.Parallel()
				t.Run("should be undefined by default", func(t *testing.T) {
					t.Parallel()
					if v := New().Setting("json escape"); v != nil {
						t.Errorf("json escape = %v, want nil", v)
					}
				})

				t.Run("should unicode escape HTML-sniffing characters", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Enable("json escape")
					app.Use(func(req *Request, res *Response, next Next) { res.JSON(map[string]string{"&": "<script>"}) })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Content-Type", jsonUTF8)
					r.expect(t, 200, `{"\u0026":"\u003cscript\u003e"}`)
				})

				t.Run("should not break undefined escape", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Enable("json escape")
					app.Use(func(req *Request, res *Response, next Next) { res.JSON(Undefined) })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Content-Type", jsonUTF8)
					r.expect(t, 200, "")
				})
			})

			t.Run(`"json replacer" setting`, func(t *testing.T) {
				t.Parallel()
				t.Run("should be passed to JSON.stringify()", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Set("json replacer", func(key string, val any) any {
						if strings.HasPrefix(key, "_") {
							return Undefined
						}
						return val
					})
					app.Use(func(req *Request, res *Response, next Next) {
						res.JSON(map[string]any{"name": "tobi", "_id": 12345})
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Content-Type", jsonUTF8)
					r.expect(t, 200, `{"name":"tobi"}`)
				})
			})

			t.Run(`"json spaces" setting`, func(t *testing.T) {
				t.Parallel()
				t.Run("should be undefined by default", func(t *testing.T) {
					t.Parallel()
					if v := New().Setting("json spaces"); v != nil {
						t.Errorf("json spaces = %v, want nil", v)
					}
				})

				t.Run("should be passed to JSON.stringify()", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Set("json spaces", 2)
					app.Use(func(req *Request, res *Response, next Next) {
						res.JSON(struct {
							Name string `json:"name"`
							Age  int    `json:"age"`
						}{"tobi", 2})
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Content-Type", jsonUTF8)
					r.expect(t, 200, "{\n  \"name\": \"tobi\",\n  \"age\": 2\n}")
				})
			})
		})

		t.Run(".json(status, object)", func(t *testing.T) {
			t.Parallel()
			t.Run("should respond with json and set the .statusCode", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(201).JSON(map[string]int{"id": 1}) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", jsonUTF8)
				r.expect(t, 201, `{"id":1}`)
			})
		})

		t.Run(".json(object, status)", func(t *testing.T) {
			t.Parallel()
			t.Run("should respond with json and set the .statusCode for backwards compat", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(201).JSON(map[string]int{"id": 1}) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", jsonUTF8)
				r.expect(t, 201, `{"id":1}`)
			})

			t.Run("should use status as second number for backwards compat", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(201).JSON(200) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", jsonUTF8)
				r.expect(t, 201, "200")
			})
		})
	})
}
