package fast

import (
	"errors"
	"strings"
	"testing"
)

// TestResFormat ports Express 4.22's test/res.format.js: the shared test()
// runs against the same five apps. Express's error handlers answer with
// res.send(err.status, 'Supports: ' + err.types.join(', ')), ported as
// Status(406).Send.
func TestResFormat(t *testing.T) {
	t.Parallel()
	supports := func(err error, req *Request, res *Response, next Next) {
		var na *NotAcceptableError
		if !errors.As(err, &na) {
			next(err)
			return
		}
		res.Status(StatusCode(err)).Send("Supports: " + strings.Join(na.Types, ", "))
	}
	hey := func(req *Request, res *Response, next Next) { res.Send("hey") }
	heyHTML := func(req *Request, res *Response, next Next) { res.Send("<p>hey</p>") }
	heyJSON := func(req *Request, res *Response, next Next) { res.Send(map[string]string{"message": "hey"}) }

	app1 := New()
	app1.Use(func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{
			{"text/plain", hey},
			{"text/html", heyHTML},
			{"application/json", func(a *Request, b *Response, c Next) {
				if a != req || b != res || c == nil {
					t.Error("format handler called with other arguments")
				}
				heyJSON(a, b, c)
			}},
		})
	})
	app1.Use(supports)

	app2 := New()
	app2.Use(func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{{"text", hey}, {"html", heyHTML}, {"json", heyJSON}})
	})
	app2.Use(supports)

	app3 := New()
	app3.Use(func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{
			{"text", hey},
			{"default", func(a *Request, b *Response, c Next) {
				if a != req || b != res || c == nil {
					t.Error("default handler called with other arguments")
				}
				b.Send("default")
			}},
		})
	})

	app4 := New()
	app4.Get("/", func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{{"text", hey}, {"html", heyHTML}, {"json", heyJSON}})
	})
	app4.Use(supports)

	app5 := New()
	app5.Use(func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{{"default", hey}})
	})

	withParams := New()
	withParams.Use(func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{
			{"text/plain; charset=utf-8", hey},
			{"text/html; foo=bar; bar=baz", heyHTML},
			{"application/json; q=0.5", heyJSON},
		})
	})
	withParams.Use(supports)

	inRouter := New()
	router := NewRouter()
	router.Get("/", func(req *Request, res *Response, next Next) {
		res.Format(FormatMap{{"text", hey}, {"html", heyHTML}, {"json", heyJSON}})
	})
	router.Use(supports)
	inRouter.Use(router)

	test := func(t *testing.T, app *App) {
		s := serveTest(t, app)
		t.Run("should utilize qvalues in negotiation", func(t *testing.T) {
			s.do("GET", "/", "Accept", "text/html; q=.5, application/json, */*; q=.1").expectBody(t, `{"message":"hey"}`)
		})
		t.Run("should allow wildcard type/subtypes", func(t *testing.T) {
			s.do("GET", "/", "Accept", "text/html; q=.5, application/*, */*; q=.1").expectBody(t, `{"message":"hey"}`)
		})
		t.Run("should default the Content-Type", func(t *testing.T) {
			r := s.do("GET", "/", "Accept", "text/html; q=.5, text/plain")
			r.expectHeader(t, "Content-Type", "text/plain; charset=utf-8")
			r.expectBody(t, "hey")
		})
		t.Run("should set the correct charset for the Content-Type", func(t *testing.T) {
			s.do("GET", "/", "Accept", "text/html").expectHeader(t, "Content-Type", "text/html; charset=utf-8")
			s.do("GET", "/", "Accept", "text/plain").expectHeader(t, "Content-Type", "text/plain; charset=utf-8")
			s.do("GET", "/", "Accept", "application/json").expectHeader(t, "Content-Type", "application/json; charset=utf-8")
		})
		t.Run("should Vary: Accept", func(t *testing.T) {
			s.do("GET", "/", "Accept", "text/html; q=.5, text/plain").expectHeader(t, "Vary", "Accept")
		})
		t.Run("when Accept is not present", func(t *testing.T) {
			t.Run("should invoke the first callback", func(t *testing.T) {
				s.do("GET", "/").expectBody(t, "hey")
			})
		})
		t.Run("when no match is made", func(t *testing.T) {
			t.Run("should should respond with 406 not acceptable", func(t *testing.T) {
				s.do("GET", "/", "Accept", "foo/bar").expect(t, 406, "Supports: text/plain, text/html, application/json")
			})
		})
	}

	t.Run("res", func(t *testing.T) {
		t.Run(".format(obj)", func(t *testing.T) {
			t.Run("with canonicalized mime types", func(t *testing.T) { test(t, app1) })
			t.Run("with extnames", func(t *testing.T) { test(t, app2) })
			t.Run("with parameters", func(t *testing.T) { test(t, withParams) })

			t.Run("given .default", func(t *testing.T) {
				t.Run("should be invoked instead of auto-responding", func(t *testing.T) {
					serveTest(t, app3).do("GET", "/", "Accept", "text/html").expectBody(t, "default")
				})

				t.Run("should work when only .default is provided", func(t *testing.T) {
					serveTest(t, app5).do("GET", "/", "Accept", "*/*").expectBody(t, "hey")
				})

				t.Run("should be able to invoke other formatter", func(t *testing.T) {
					app := use(func(req *Request, res *Response, next Next) {
						json := func(req *Request, res *Response, next Next) { res.Send("json") }
						res.Format(FormatMap{
							{"json", json},
							{"default", func(req *Request, res *Response, next Next) {
								res.Header("x-default", "1")
								json(req, res, next)
							}},
						})
					})
					r := serveTest(t, app).do("GET", "/", "Accept", "text/plain")
					r.expectStatus(t, 200)
					r.expectHeader(t, "x-default", "1")
					r.expectBody(t, "json")
				})
			})

			t.Run("in router", func(t *testing.T) { test(t, app4) })
			t.Run("in router", func(t *testing.T) { test(t, inRouter) })
		})
	})
}
