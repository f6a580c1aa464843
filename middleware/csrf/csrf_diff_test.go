package csrf_test

import (
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/middleware/csrf"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/session"
	"github.com/fwgo/fw/parsers"
)

func counterSession() fast.Handler {
	var n atomic.Int64
	return session.New(session.Config{Secret: []string{"keyboard cat"}, NoResave: true,
		GenID: func(*fast.Request) string { return "id-" + strconv.FormatInt(n.Add(1), 10) }})
}

func build(name string) *fast.App {
	app := testserver.Production(fast.New())
	switch name {
	case "session":
		app.Use(counterSession(), fast.URLEncoded(fast.URLEncodedConfig{Extended: parsers.Off}), fast.JSON(), csrf.New())
	case "cookie":
		app.Use(cookieparser.New("parser secret"), fast.URLEncoded(fast.URLEncodedConfig{Extended: parsers.On}),
			csrf.New(csrf.Config{Cookie: &csrf.CookieConfig{HTTPOnly: true, SameSite: "strict"}}))
	case "ignoreNone":
		app.Use(counterSession(), csrf.New(csrf.Config{IgnoreMethods: []string{}}))
	case "nosession":
		app.Use(csrf.New())
	}
	app.Get("/token", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString(csrf.Token(req)) })
	app.Get("/twice", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString(strconv.FormatBool(csrf.Token(req) == csrf.Token(req)))
	})
	app.All("/process", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("ok " + req.Method()) })
	app.Use(func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		code := "undefined"
		if c, ok := err.(interface{ Code() string }); ok {
			code = c.Code()
		}
		status := fast.StatusCode(err)
		if status == 0 {
			status = 500
		}
		res.Status(status).SendString(code + " " + err.Error())
	})
	return app
}

var (
	tokenForm  = regexp.MustCompile(`^[0-9A-Za-z]{8}-[A-Za-z0-9_-]{27}$`)
	csrfCookie = regexp.MustCompile(`^_csrf=s%3A[A-Za-z0-9_-]{24}\.[A-Za-z0-9%]+;`)
)

// TestDifferential replays csurf's answers in Express (testdata/
// golden.json, written by testdata/record.js); random tokens and secrets
// are checked for their form.
func TestDifferential(t *testing.T) {
	cases := testserver.Load(t, "testdata/golden.json")
	testserver.Replay(t, cases, build, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		norm := func(name, v string) string {
			if strings.EqualFold(name, "Set-Cookie") && csrfCookie.MatchString(v) {
				return "_csrf=SECRET;" + v[strings.IndexByte(v, ';')+1:]
			}
			return v
		}
		random := tokenForm.MatchString(c.Response.Body)
		if random {
			if !tokenForm.MatchString(got.Body) {
				t.Errorf("token %q", got.Body)
			}
			testserver.CompareHeaders(t, &c.Response, got, norm, "ETag")
			return
		}
		testserver.CompareHeaders(t, &c.Response, got, norm)
		if got.Body != c.Response.Body {
			t.Errorf("body %q, Node %q", got.Body, c.Response.Body)
		}
	})
}
