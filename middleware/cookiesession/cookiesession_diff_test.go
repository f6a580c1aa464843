package cookiesession_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookiesession"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// configs mirror those of testdata/record.js.
var configs = map[string]cookiesession.Config{
	"keys":     {Keys: []string{"key1", "key2"}},
	"secret":   {Secret: "shh", Name: "sess"},
	"oldKey":   {Keys: []string{"new key", "key1"}},
	"unsigned": {Unsigned: true},
	"attrs": {Keys: []string{"key1"}, MaxAge: time.Minute, Path: "/", Domain: "example.com", SameSite: "lax",
		Priority: "High", Partitioned: true, NoHTTPOnly: true},
	"secure":  {Keys: []string{"key1"}, Secure: true},
	"proxied": {Keys: []string{"key1"}},
}

type shown struct {
	Session     *cookiesession.Session `json:"session"`
	IsNew       bool                   `json:"isNew"`
	IsPopulated bool                   `json:"isPopulated"`
}

func show(req *fast.Request, res *fast.Response) {
	s := cookiesession.Get(req)
	res.JSON(shown{Session: s, IsNew: s.IsNew(), IsPopulated: s.IsPopulated()})
}

func build(name string) *fast.App {
	app := testserver.Production(fast.New())
	if name == "proxied" {
		app.Set("trust proxy", true)
	}
	app.Use(cookiesession.New(configs[name]))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := cookiesession.Get(req)
		v, _ := s.Get("views").(float64)
		s.Set("views", v+1)
		show(req, res)
	})
	app.Get("/noop", func(req *fast.Request, res *fast.Response, next fast.Next) { show(req, res) })
	app.Get("/untouched", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("untouched") })
	app.Get("/clear", func(req *fast.Request, res *fast.Response, next fast.Next) {
		cookiesession.Unset(req)
		res.SendString("cleared")
	})
	app.Get("/replace", func(req *fast.Request, res *fast.Response, next fast.Next) {
		o := &fast.Object{}
		o.Set("user", "tobi")
		cookiesession.Replace(req, o)
		show(req, res)
	})
	app.Get("/empty", func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := cookiesession.Get(req)
		for _, k := range s.Values().Keys() {
			s.Delete(k)
		}
		show(req, res)
	})
	app.Get("/remember", func(req *fast.Request, res *fast.Response, next fast.Next) {
		cookiesession.SessionOptions(req).MaxAge = time.Hour
		cookiesession.Get(req).Set("remember", 1)
		show(req, res)
	})
	app.Get("/cookie", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Cookie("session", "app-set")
		cookiesession.Get(req).Set("x", 1)
		show(req, res)
	})
	return app
}

var cookieDate = regexp.MustCompile(`expires=[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT`)

// TestDifferential replays cookie-session's answers in Express
// (testdata/golden.json, written by testdata/record.js).
func TestDifferential(t *testing.T) {
	cases := testserver.Load(t, "testdata/golden.json")
	testserver.Replay(t, cases, build, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		norm := func(name, v string) string {
			if v == "expires=Thu, 01 Jan 1970 00:00:00 GMT" {
				return v
			}
			return cookieDate.ReplaceAllStringFunc(v, func(m string) string {
				if m == "expires=Thu, 01 Jan 1970 00:00:00 GMT" {
					return m
				}
				return "expires=DATE"
			})
		}
		testserver.CompareHeaders(t, &c.Response, got, norm)
		if got.Body != c.Response.Body {
			t.Errorf("body %s, Node %s", got.Body, c.Response.Body)
		}
	})
}
