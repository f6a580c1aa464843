package fast

import (
	"testing"
	"time"
)

// withSecret is the part of cookieParser(secret) that res.cookie reads:
// req.secret.
func withSecret(secret string) Handler {
	return func(req *Request, res *Response, next Next) {
		if secret != "" {
			// As cookie-parser(secret) does; writing the secrets field
			// directly would skip the mark that makes Reset clear it, and
			// the pooled context would carry the secret to other tests.
			req.ParseCookies([]string{secret})
		}
		next()
	}
}

// TestResCookie ports Express 4.22's test/res.cookie.js. Options are a
// CookieOptions value; the cases that pass maxAge as null, undefined or a
// string are listed in testdata/express-response-skips.md or use the zero
// value, which is Go's "not given".
func TestResCookie(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".cookie(name, object)", func(t *testing.T) {
			t.Parallel()
			t.Run("should generate a JSON cookie", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Cookie("user", map[string]string{"name": "tobi"}).End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "Set-Cookie", "user=j%3A%7B%22name%22%3A%22tobi%22%7D; Path=/")
				r.expectStatus(t, 200)
			})
		})

		t.Run(".cookie(name, string)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set a cookie", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Cookie("name", "tobi").End() })
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "Set-Cookie", "name=tobi; Path=/")
				r.expectStatus(t, 200)
			})

			t.Run("should allow multiple calls", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Cookie("name", "tobi")
					res.Cookie("age", 1)
					res.Cookie("gender", "?")
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "Set-Cookie", "name=tobi; Path=/,age=1; Path=/,gender=%3F; Path=/")
				r.expectStatus(t, 200)
			})
		})

		t.Run(".cookie(name, string, options)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set params", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Cookie("name", "tobi", CookieOptions{HTTPOnly: true, Secure: true})
					res.End()
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectJoined(t, "Set-Cookie", "name=tobi; Path=/; HttpOnly; Secure")
				r.expectStatus(t, 200)
			})

			t.Run("expires", func(t *testing.T) {
				t.Parallel()
				t.Run("should throw on invalid date", func(t *testing.T) {
					t.Parallel()
					// new Date(NaN) has no Go counterpart; a time past
					// JavaScript's Date range is invalid the same way.
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{Expires: time.Date(300000, 1, 1, 0, 0, 0, 0, time.UTC)})
						res.End()
					})
					serveTest(t, app).do("GET", "/").expectMatch(t, 500, `option expires is invalid`)
				})
			})

			t.Run("partitioned", func(t *testing.T) {
				t.Parallel()
				t.Run("should set partitioned", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{Partitioned: true})
						res.End()
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectJoined(t, "Set-Cookie", "name=tobi; Path=/; Partitioned")
					r.expectStatus(t, 200)
				})
			})

			t.Run("maxAge", func(t *testing.T) {
				t.Parallel()
				t.Run("should set relative expires", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{MaxAge: 1000 * time.Millisecond})
						res.End()
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectHeaderMatch(t, "Set-Cookie", `name=tobi; Max-Age=1; Path=/; Expires=`)
					r.expectStatus(t, 200)
				})

				t.Run("should set max-age", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{MaxAge: 1000 * time.Millisecond})
						res.End()
					})
					serveTest(t, app).do("GET", "/").expectHeaderMatch(t, "Set-Cookie", `Max-Age=1`)
				})

				t.Run("should not mutate the options object", func(t *testing.T) {
					t.Parallel()
					options := CookieOptions{MaxAge: 1000 * time.Millisecond}
					optionsCopy, _ := AppendJSON(nil, options)
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", options)
						res.JSON(options)
					})
					serveTest(t, app).do("GET", "/").expect(t, 200, string(optionsCopy))
				})

				t.Run("should not throw on null", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{MaxAge: 0})
						res.End()
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectJoined(t, "Set-Cookie", "name=tobi; Path=/")
				})

				t.Run("should not throw on undefined", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{})
						res.End()
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectJoined(t, "Set-Cookie", "name=tobi; Path=/")
				})
			})

			t.Run("priority", func(t *testing.T) {
				t.Parallel()
				for _, tc := range []struct{ it, priority, want string }{
					{"should set low priority", "low", "Priority=Low"},
					{"should set medium priority", "medium", "Priority=Medium"},
					{"should set high priority", "high", "Priority=High"},
				} {
					t.Run(tc.it, func(t *testing.T) {
						t.Parallel()
						app := use(func(req *Request, res *Response, next Next) {
							res.Cookie("name", "tobi", CookieOptions{Priority: tc.priority})
							res.End()
						})
						r := serveTest(t, app).do("GET", "/")
						r.expectHeaderMatch(t, "Set-Cookie", tc.want)
						r.expectStatus(t, 200)
					})
				}

				t.Run("should throw with invalid priority", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{Priority: "foobar"})
						res.End()
					})
					serveTest(t, app).do("GET", "/").expectMatch(t, 500, `option priority is invalid`)
				})
			})

			t.Run("signed", func(t *testing.T) {
				t.Parallel()
				t.Run("should generate a signed JSON cookie", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Use(withSecret("foo bar baz"))
					app.Use(func(req *Request, res *Response, next Next) {
						res.Cookie("user", map[string]string{"name": "tobi"}, CookieOptions{Signed: true}).End()
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectJoined(t, "Set-Cookie", "user=s%3Aj%3A%7B%22name%22%3A%22tobi%22%7D.K20xcwmDS%2BPb1rsD95o5Jm5SqWs1KteqdnynnB7jkTE; Path=/")
					r.expectStatus(t, 200)
				})
			})

			t.Run("signed without secret", func(t *testing.T) {
				t.Parallel()
				t.Run("should throw an error", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Use(withSecret(""))
					app.Use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{Signed: true}).End()
					})
					serveTest(t, app).do("GET", "/").expectMatch(t, 500, `secret\S+ required for signed cookies`)
				})
			})

			t.Run(".signedCookie(name, string)", func(t *testing.T) {
				t.Parallel()
				t.Run("should set a signed cookie", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Use(withSecret("foo bar baz"))
					app.Use(func(req *Request, res *Response, next Next) {
						res.Cookie("name", "tobi", CookieOptions{Signed: true}).End()
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectJoined(t, "Set-Cookie", "name=s%3Atobi.xJjV2iZ6EI7C8E5kzwbfA9PVLl1ZR07UTnuTgQQ4EnQ; Path=/")
					r.expectStatus(t, 200)
				})
			})
		})
	})
}
