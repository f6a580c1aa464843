package fast

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/internal/cookie"
)

// TestReqSignedCookies ports Express 4.22's test/req.signedCookies.js. The
// middleware is the cookieParser of middleware/cookieparser, which imports
// this package; the test calls req.ParseCookies, which is all it does. The
// /set request answers the Set-Cookie res.cookie('obj', {foo: 'bar'},
// {signed: true}) writes, built with internal/cookie as res.cookie builds
// it; the second request sends it back as supertest does.
func TestReqSignedCookies(t *testing.T) {
	t.Parallel()
	t.Run("req", func(t *testing.T) {
		t.Parallel()
		t.Run(".signedCookies", func(t *testing.T) {
			t.Parallel()
			t.Run("should return a signed JSON cookie", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					req.ParseCookies([]string{"secret"})
					next()
				})
				app.Use(func(req *Request, res *Response, next Next) {
					if req.Path() == "/set" {
						v, err := cookie.Serialize("obj", "s:"+cookie.Sign(`j:{"foo":"bar"}`, req.Secret()), &cookie.Options{Path: "/"})
						if err != nil {
							next(err)
							return
						}
						res.Set("Set-Cookie", v)
						res.End()
						return
					}
					sendJSONOf(func(req *Request) any { return req.SignedCookies().Object() })(req, res, next)
				})
				s := serveTest(t, app)
				set := s.do("GET", "/set")
				c := set.header("Set-Cookie")
				if !strings.HasPrefix(c, "obj=s%3Aj%3A") {
					t.Fatalf("Set-Cookie = %q", c)
				}
				s.do("GET", "/", "Cookie", c).expect(t, 200, `{"obj":{"foo":"bar"}}`)
			})
		})
	})
}
