package fast

import (
	"strings"
	"testing"
)

// TestResJSONP ports Express 4.22's test/res.jsonp.js. The deprecated
// two-argument forms are ported as res.Status(status).JSONP(obj).
func TestResJSONP(t *testing.T) {
	t.Parallel()
	const (
		jsUTF8   = "text/javascript; charset=utf-8"
		jsonUTF8 = "application/json; charset=utf-8"
	)
	count := map[string]int{"count": 1}
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".jsonp(object)", func(t *testing.T) {
			t.Parallel()
			cases := []struct {
				it      string
				setting string // "jsonp callback name"
				v       any
				target  string
				ct      string
				body    string // a regular expression when re is set
				re      bool
			}{
				{it: "should respond with jsonp", v: count, target: "/?callback=something", ct: jsUTF8, body: `something\(\{"count":1\}\);`, re: true},
				{it: "should use first callback parameter with jsonp", v: count, target: "/?callback=something&callback=somethingelse", ct: jsUTF8, body: `something\(\{"count":1\}\);`, re: true},
				{it: "should ignore object callback parameter with jsonp", v: count, target: "/?callback[a]=something", ct: jsonUTF8, body: `{"count":1}`},
				{it: "should allow renaming callback", setting: "clb", v: count, target: "/?clb=something", ct: jsUTF8, body: `something\(\{"count":1\}\);`, re: true},
				{it: "should allow []", v: count, target: "/?callback=callbacks[123]", ct: jsUTF8, body: `callbacks\[123\]\(\{"count":1\}\);`, re: true},
				{it: "should disallow arbitrary js", v: map[string]int{}, target: "/?callback=foo;bar()", ct: jsUTF8, body: `foobar\(\{\}\);`, re: true},
				{it: "should escape utf whitespace", v: map[string]string{"str": "\u2028 \u2029 woot"}, target: "/?callback=foo", ct: jsUTF8, body: `foo\(\{"str":"\\u2028 \\u2029 woot"\}\);`, re: true},
				{it: "should not escape utf whitespace for json fallback", v: map[string]string{"str": "\u2028 \u2029 woot"}, target: "/", ct: jsonUTF8, body: "{\"str\":\"\u2028 \u2029 woot\"}"},
			}
			for _, tc := range cases {
				t.Run(tc.it, func(t *testing.T) {
					t.Parallel()
					app := New()
					if tc.setting != "" {
						app.Set("jsonp callback name", tc.setting)
					}
					app.Use(func(req *Request, res *Response, next Next) { res.JSONP(tc.v) })
					r := serveTest(t, app).do("GET", tc.target)
					r.expectHeader(t, "Content-Type", tc.ct)
					if tc.re {
						r.expectMatch(t, 200, tc.body)
					} else {
						r.expect(t, 200, tc.body)
					}
				})
			}

			t.Run("should include security header and prologue", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.JSONP(count) })
				r := serveTest(t, app).do("GET", "/?callback=something")
				r.expectHeader(t, "Content-Type", jsUTF8)
				r.expectHeader(t, "X-Content-Type-Options", "nosniff")
				r.expectMatch(t, 200, `^/\*\*/`)
			})

			t.Run("should not override previous Content-Types with no callback", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/", func(req *Request, res *Response, next Next) {
					res.Type("application/vnd.example+json")
					res.JSONP(map[string]string{"hello": "world"})
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "application/vnd.example+json; charset=utf-8")
				r.expectHeader(t, "X-Content-Type-Options", "")
				r.expect(t, 200, `{"hello":"world"}`)
			})

			t.Run("should override previous Content-Types with callback", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/", func(req *Request, res *Response, next Next) {
					res.Type("application/vnd.example+json")
					res.JSONP(map[string]string{"hello": "world"})
				})
				r := serveTest(t, app).do("GET", "/?callback=cb")
				r.expectHeader(t, "Content-Type", jsUTF8)
				r.expectHeader(t, "X-Content-Type-Options", "nosniff")
				r.expectMatch(t, 200, `cb\(\{"hello":"world"\}\);$`)
			})

			for _, tc := range []struct {
				describe, it string
				v            any
				body         string
			}{
				{"when given undefined", "should invoke callback with no arguments", Undefined, `cb\(\)`},
				{"when given null", "should invoke callback with null", nil, `cb\(null\)`},
				{"when given a string", "should invoke callback with a string", "tobi", `cb\("tobi"\)`},
				{"when given a number", "should invoke callback with a number", 42, `cb\(42\)`},
				{"when given an array", "should invoke callback with an array", []string{"foo", "bar", "baz"}, `cb\(\["foo","bar","baz"\]\)`},
				{"when given an object", "should invoke callback with an object", map[string]string{"name": "tobi"}, `cb\(\{"name":"tobi"\}\)`},
			} {
				t.Run(tc.describe, func(t *testing.T) {
					t.Parallel()
					t.Run(tc.it, func(t *testing.T) {
						t.Parallel()
						app := use(func(req *Request, res *Response, next Next) { res.JSONP(tc.v) })
						r := serveTest(t, app).do("GET", "/?callback=cb")
						r.expectHeader(t, "Content-Type", jsUTF8)
						r.expectMatch(t, 200, tc.body)
					})
				})
			}

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
					app.Use(func(req *Request, res *Response, next Next) {
						res.JSONP(map[string]string{"&": "\u2028<script>\u2029"})
					})
					r := serveTest(t, app).do("GET", "/?callback=foo")
					r.expectHeader(t, "Content-Type", jsUTF8)
					r.expectMatch(t, 200, `foo\({"\\u0026":"\\u2028\\u003cscript\\u003e\\u2029"}\)`)
				})

				t.Run("should not break undefined escape", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Enable("json escape")
					app.Use(func(req *Request, res *Response, next Next) { res.JSONP(Undefined) })
					r := serveTest(t, app).do("GET", "/?callback=cb")
					r.expectHeader(t, "Content-Type", jsUTF8)
					r.expectMatch(t, 200, `cb\(\)`)
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
						res.JSONP(map[string]any{"name": "tobi", "_id": 12345})
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
						res.JSONP(struct {
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

		t.Run(".jsonp(status, object)", func(t *testing.T) {
			t.Parallel()
			t.Run("should respond with json and set the .statusCode", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(201).JSONP(map[string]int{"id": 1}) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", jsonUTF8)
				r.expect(t, 201, `{"id":1}`)
			})
		})

		t.Run(".jsonp(object, status)", func(t *testing.T) {
			t.Parallel()
			t.Run("should respond with json and set the .statusCode for backwards compat", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(201).JSONP(map[string]int{"id": 1}) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", jsonUTF8)
				r.expect(t, 201, `{"id":1}`)
			})

			t.Run("should use status as second number for backwards compat", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(201).JSONP(200) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", jsonUTF8)
				r.expect(t, 201, "200")
			})
		})

		t.Run("should not override previous Content-Types", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Get("/", func(req *Request, res *Response, next Next) {
				res.Type("application/vnd.example+json")
				res.JSONP(map[string]string{"hello": "world"})
			})
			r := serveTest(t, app).do("GET", "/")
			r.expectHeader(t, "content-type", "application/vnd.example+json; charset=utf-8")
			r.expect(t, 200, `{"hello":"world"}`)
		})
	})
}
