package fast

import (
	"bytes"
	"strings"
	"testing"
)

// TestResSend ports Express 4.22's test/res.send.js. The deprecated
// two-argument forms res.send(code, body) and res.send(body, code) are
// ported as res.Status(code).Send(body); res.send() and res.send(undefined)
// are Send(Undefined), res.send(null) is Send(nil).
func TestResSend(t *testing.T) {
	t.Parallel()
	dashes := strings.Repeat("-", 999)
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".send()", func(t *testing.T) {
			t.Parallel()
			t.Run(`should set body to ""`, func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send(Undefined) })
				serveTest(t, app).do("GET", "/").expect(t, 200, "")
			})
		})

		t.Run(".send(null)", func(t *testing.T) {
			t.Parallel()
			t.Run(`should set body to ""`, func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send(nil) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Length", "0")
				r.expect(t, 200, "")
			})
		})

		t.Run(".send(undefined)", func(t *testing.T) {
			t.Parallel()
			t.Run(`should set body to ""`, func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send(Undefined) })
				serveTest(t, app).do("GET", "/").expect(t, 200, "")
			})
		})

		t.Run(".send(code)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set .statusCode", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send(201) })
				serveTest(t, app).do("GET", "/").expect(t, 201, "Created")
			})
		})

		t.Run(".send(code, body)", func(t *testing.T) {
			t.Parallel()
			t.Run("should set .statusCode and body", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(201).Send("Created :)") })
				serveTest(t, app).do("GET", "/").expect(t, 201, "Created :)")
			})
		})

		t.Run(".send(body, code)", func(t *testing.T) {
			t.Parallel()
			t.Run("should be supported for backwards compat", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(400).Send("Bad!") })
				serveTest(t, app).do("GET", "/").expect(t, 400, "Bad!")
			})
		})

		t.Run(".send(code, number)", func(t *testing.T) {
			t.Parallel()
			t.Run("should send number as json", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Status(200).Send(0.123) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "application/json; charset=utf-8")
				r.expect(t, 200, "0.123")
			})
		})

		t.Run(".send(String)", func(t *testing.T) {
			t.Parallel()
			t.Run("should send as html", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send("<p>hey</p>") })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "text/html; charset=utf-8")
				r.expect(t, 200, "<p>hey</p>")
			})

			t.Run("should set ETag", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send(dashes) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "ETag", `W/"3e7-qPnkJ3CVdVhFJQvUBfF10TmVA7g"`)
				r.expectStatus(t, 200)
			})

			t.Run("should not override Content-Type", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Set("Content-Type", "text/plain").Send("hey") })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "text/plain; charset=utf-8")
				r.expect(t, 200, "hey")
			})

			t.Run("should override charset in Content-Type", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Set("Content-Type", "text/plain; charset=iso-8859-1").Send("hey")
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "text/plain; charset=utf-8")
				r.expect(t, 200, "hey")
			})

			t.Run("should keep charset in Content-Type for Buffers", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Set("Content-Type", "text/plain; charset=iso-8859-1").Send([]byte("hi"))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "text/plain; charset=iso-8859-1")
				r.expect(t, 200, "hi")
			})
		})

		t.Run(".send(Buffer)", func(t *testing.T) {
			t.Parallel()
			t.Run("should send as octet-stream", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send([]byte("hello")) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "application/octet-stream")
				r.expect(t, 200, "hello")
			})

			t.Run("should set ETag", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send(bytes.Repeat([]byte("-"), 999)) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "ETag", `W/"3e7-qPnkJ3CVdVhFJQvUBfF10TmVA7g"`)
				r.expectStatus(t, 200)
			})

			t.Run("should not override Content-Type", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Set("Content-Type", "text/plain").Send([]byte("hey"))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "text/plain; charset=utf-8")
				r.expect(t, 200, "hey")
			})

			t.Run("should not override ETag", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Type("text/plain").Set("ETag", `"foo"`).Send([]byte("hey"))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "ETag", `"foo"`)
				r.expect(t, 200, "hey")
			})
		})

		t.Run(".send(Object)", func(t *testing.T) {
			t.Parallel()
			t.Run("should send as application/json", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send(map[string]string{"name": "tobi"}) })
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Content-Type", "application/json; charset=utf-8")
				r.expect(t, 200, `{"name":"tobi"}`)
			})
		})

		t.Run("when the request method is HEAD", func(t *testing.T) {
			t.Parallel()
			t.Run("should ignore the body", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) { res.Send("yay") })
				serveTest(t, app).do("HEAD", "/").expect(t, 200, "")
			})
		})

		for _, tc := range []struct {
			code int
			it   string
		}{
			{204, "should strip Content-* fields, Transfer-Encoding field, and body"},
			{304, "should strip Content-* fields, Transfer-Encoding field, and body"},
		} {
			t.Run("when .statusCode is "+itoa(tc.code), func(t *testing.T) {
				t.Parallel()
				t.Run(tc.it, func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Status(tc.code).Set("Transfer-Encoding", "chunked").Send("foo")
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "Content-Type", "")
					r.expectHeader(t, "Content-Length", "")
					r.expectHeader(t, "Transfer-Encoding", "")
					r.expect(t, tc.code, "")
				})
			})
		}

		t.Run("when .statusCode is 205", func(t *testing.T) {
			t.Parallel()
			t.Run("should strip Transfer-Encoding field and body, set Content-Length", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Status(205).Set("Transfer-Encoding", "chunked").Send("foo")
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectHeader(t, "Transfer-Encoding", "")
				r.expectHeader(t, "Content-Length", "0")
				r.expect(t, 205, "")
			})
		})

		t.Run("should always check regardless of length", func(t *testing.T) {
			t.Parallel()
			const etag = `"asdf"`
			app := use(func(req *Request, res *Response, next Next) {
				res.Set("ETag", etag)
				res.Send("hey")
			})
			serveTest(t, app).do("GET", "/", "If-None-Match", etag).expectStatus(t, 304)
		})

		t.Run("should respond with 304 Not Modified when fresh", func(t *testing.T) {
			t.Parallel()
			const etag = `"asdf"`
			app := use(func(req *Request, res *Response, next Next) {
				res.Set("ETag", etag)
				res.Send(dashes)
			})
			serveTest(t, app).do("GET", "/", "If-None-Match", etag).expectStatus(t, 304)
		})

		t.Run("should not perform freshness check unless 2xx or 304", func(t *testing.T) {
			t.Parallel()
			const etag = `"asdf"`
			app := use(func(req *Request, res *Response, next Next) {
				res.Status(500)
				res.Set("ETag", etag)
				res.Send("hey")
			})
			serveTest(t, app).do("GET", "/", "If-None-Match", etag).expect(t, 500, "hey")
		})

		t.Run("should not support jsonp callbacks", func(t *testing.T) {
			t.Parallel()
			app := use(func(req *Request, res *Response, next Next) { res.Send(map[string]string{"foo": "bar"}) })
			serveTest(t, app).do("GET", "/?callback=foo").expectBody(t, `{"foo":"bar"}`)
		})

		t.Run(`"etag" setting`, func(t *testing.T) {
			t.Parallel()
			t.Run("when enabled", func(t *testing.T) {
				t.Parallel()
				t.Run("should send ETag", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.Send("kajdslfkasdf") })
					app.Enable("etag")
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `W/"c-IgR/L5SF7CJQff4wxKGF/vfPuZ0"`)
					r.expectStatus(t, 200)
				})

				for _, m := range methodNames {
					if m == "CONNECT" {
						continue
					}
					t.Run("should send ETag in response to "+m+" request", func(t *testing.T) {
						t.Parallel()
						app := New()
						app.Method(m, "/", func(req *Request, res *Response, next Next) { res.Send("kajdslfkasdf") })
						r := serveTest(t, app).do(m, "/")
						r.expectHeader(t, "ETag", `W/"c-IgR/L5SF7CJQff4wxKGF/vfPuZ0"`)
						r.expectStatus(t, 200)
					})
				}

				t.Run("should send ETag for empty string response", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.Send("") })
					app.Enable("etag")
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"`)
					r.expectStatus(t, 200)
				})

				t.Run("should send ETag for long response", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.Send(dashes) })
					app.Enable("etag")
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `W/"3e7-qPnkJ3CVdVhFJQvUBfF10TmVA7g"`)
					r.expectStatus(t, 200)
				})

				t.Run("should not override ETag when manually set", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) {
						res.Set("etag", `"asdf"`)
						res.Send(200)
					})
					app.Enable("etag")
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `"asdf"`)
					r.expectStatus(t, 200)
				})

				t.Run("should not send ETag for res.send()", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.Send(Undefined) })
					app.Enable("etag")
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", "")
					r.expectStatus(t, 200)
				})
			})

			t.Run("when disabled", func(t *testing.T) {
				t.Parallel()
				t.Run("should send no ETag", func(t *testing.T) {
					t.Parallel()
					app := use(func(req *Request, res *Response, next Next) { res.Send(dashes) })
					app.Disable("etag")
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", "")
					r.expectStatus(t, 200)
				})

				t.Run("should send ETag when manually set", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Disable("etag")
					app.Use(func(req *Request, res *Response, next Next) {
						res.Set("etag", `"asdf"`)
						res.Send(200)
					})
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `"asdf"`)
					r.expectStatus(t, 200)
				})
			})

			t.Run(`when "strong"`, func(t *testing.T) {
				t.Parallel()
				t.Run("should send strong ETag", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Set("etag", "strong")
					app.Use(func(req *Request, res *Response, next Next) { res.Send("hello, world!") })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`)
					r.expectStatus(t, 200)
				})
			})

			t.Run(`when "weak"`, func(t *testing.T) {
				t.Parallel()
				t.Run("should send weak ETag", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Set("etag", "weak")
					app.Use(func(req *Request, res *Response, next Next) { res.Send("hello, world!") })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `W/"d-HwnTDHB9U/PRbFMN1z1wps51lqk"`)
					r.expectStatus(t, 200)
				})
			})

			t.Run("when a function", func(t *testing.T) {
				t.Parallel()
				t.Run("should send custom ETag", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Set("etag", func(body []byte) string {
						if string(body) != "hello, world!" {
							t.Errorf("etag fn body %q", body)
						}
						return `"custom"`
					})
					app.Use(func(req *Request, res *Response, next Next) { res.Send("hello, world!") })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", `"custom"`)
					r.expectStatus(t, 200)
				})

				t.Run("should not send falsy ETag", func(t *testing.T) {
					t.Parallel()
					app := New()
					app.Set("etag", func(body []byte) string { return "" })
					app.Use(func(req *Request, res *Response, next Next) { res.Send("hello, world!") })
					r := serveTest(t, app).do("GET", "/")
					r.expectHeader(t, "ETag", "")
					r.expectStatus(t, 200)
				})
			})
		})
	})
}
