package session_test

import (
	"encoding/json"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookieparser"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/session"
)

// configs mirror those of testdata/record.js.
var configs = map[string]session.Config{
	"default":      {},
	"maxAge":       {Cookie: session.CookieConfig{MaxAge: time.Minute}},
	"rolling":      {Rolling: true, Cookie: session.CookieConfig{MaxAge: time.Minute}},
	"noInit":       {NoSaveUninitialized: true, NoResave: true},
	"secure":       {Cookie: session.CookieConfig{Secure: true}},
	"secureProxy":  {Proxy: session.ProxyTrust, Cookie: session.CookieConfig{Secure: true}},
	"secureAuto":   {Proxy: session.ProxyTrust, Cookie: session.CookieConfig{SecureAuto: true, SameSite: "auto"}},
	"attrs":        {Name: "sid", Cookie: session.CookieConfig{Domain: "example.com", SameSite: "strict", Partitioned: true, Priority: "high", NoHTTPOnly: true, Path: "/"}},
	"admin":        {Cookie: session.CookieConfig{Path: "/admin"}},
	"unsetDestroy": {UnsetDestroy: true},
	"rotate":       {Secret: []string{"new secret", "keyboard cat"}},
}

type shown struct {
	ID      string           `json:"id"`
	Session *session.Session `json:"session"`
}

func show(req *fast.Request, res *fast.Response) {
	s := session.Get(req)
	id := ""
	if s != nil {
		id = s.ID()
	}
	res.JSON(shown{ID: id, Session: s})
}

func build(name string) *fast.App {
	app := testserver.Production(fast.New())
	switch name {
	case "noSecret":
		app.Use(session.New(session.Config{NoResave: true}))
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("never") })
		return app
	case "parsed":
		app.Use(cookieparser.New("parser secret"))
		app.Use(session.New(session.Config{NoResave: true, GenID: func(*fast.Request) string { return "parsed-id" }}))
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.JSON(map[string]string{"id": session.Get(req).ID()})
		})
		return app
	}
	c := configs[name]
	if c.Secret == nil {
		c.Secret = []string{"keyboard cat"}
	}
	var n atomic.Int64
	c.GenID = func(*fast.Request) string { return "id-" + strconv.FormatInt(n.Add(1), 10) }
	store := session.NewMemoryStore()
	c.Store = store
	app.Use(session.New(c))
	views := func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := session.Get(req)
		v, _ := s.Get("views").(float64)
		s.Set("views", v+1)
		show(req, res)
	}
	app.Get("/", views)
	app.Get("/admin", views)
	app.Get("/noop", func(req *fast.Request, res *fast.Response, next fast.Next) { show(req, res) })
	app.Get("/login", func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := session.Get(req)
		if err := s.Regenerate(); err != nil {
			next(err)
			return
		}
		s.Set("user", "tobi")
		show(req, res)
	})
	app.Get("/logout", func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := session.Get(req)
		if err := s.Destroy(); err != nil {
			next(err)
			return
		}
		res.SendString("bye " + s.ID())
	})
	app.Get("/unset", func(req *fast.Request, res *fast.Response, next fast.Next) {
		session.Unset(req)
		res.SendString("unset")
	})
	app.Get("/save", func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := session.Get(req)
		s.Set("saved", true)
		if err := s.Save(); err != nil {
			next(err)
			return
		}
		res.Redirect("/noop")
	})
	app.Get("/reload", func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := session.Get(req)
		s.Set("scratch", "gone after reload")
		if err := s.Reload(); err != nil {
			next(err)
			return
		}
		show(req, res)
	})
	app.Get("/remember", func(req *fast.Request, res *fast.Response, next fast.Next) {
		s := session.Get(req)
		s.Cookie().SetMaxAge(time.Hour)
		s.Set("remember", true)
		show(req, res)
	})
	app.Get("/store", func(req *fast.Request, res *fast.Response, next fast.Next) {
		all := map[string]json.RawMessage{}
		for id, data := range store.All() {
			all[id] = data
		}
		res.JSON(all)
	})
	return app
}

var (
	cookieDate = regexp.MustCompile(`Expires=[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT`)
	isoDate    = regexp.MustCompile(`"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"`)
)

func normalize(s string) string {
	return isoDate.ReplaceAllString(cookieDate.ReplaceAllString(s, "Expires=DATE"), `"DATE"`)
}

// TestDifferential replays express-session's answers in Express
// (testdata/golden.json, written by testdata/record.js): status, headers
// (Set-Cookie included, with dates hidden) and body.
func TestDifferential(t *testing.T) {
	cases := testserver.Load(t, "testdata/golden.json")
	testserver.Replay(t, cases, build, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		norm := func(name, v string) string { return normalize(v) }
		skip := []string{}
		if strings.HasSuffix(c.Name, "/store") {
			skip = append(skip, "Content-Length", "ETag")
		}
		if strings.Contains(c.Response.Body, `"expires":"`) {
			skip = append(skip, "ETag") // the body holds a time
		}
		testserver.CompareHeaders(t, &c.Response, got, norm, skip...)
		gb, wb := normalize(got.Body), normalize(c.Response.Body)
		if strings.HasSuffix(c.Name, "/store") {
			var g, w any
			if json.Unmarshal([]byte(gb), &g) != nil || json.Unmarshal([]byte(wb), &w) != nil || !reflect.DeepEqual(g, w) {
				t.Errorf("store\n%s\nNode\n%s", gb, wb)
			}
			return
		}
		if gb != wb {
			t.Errorf("body\n%s\nNode\n%s", gb, wb)
		}
	})
}
