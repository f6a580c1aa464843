package basicauth_test

import (
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/basicauth"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// js is JSON.stringify(v).
func js(v any) string {
	b, err := fast.AppendJSON(nil, v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func showUser(req *fast.Request, res *fast.Response, next fast.Next) {
	u := js(basicauth.User(req))
	res.SendString("user=" + u + " remote=" + u)
}

// diffApps builds the apps of testdata/record.js.
func diffApps(name string) *fast.App {
	app := testserver.Production(fast.New())
	switch name {
	case "fixed":
		app.Use(basicauth.New("tj", "wahoo"))
	case "fixedRealm":
		app.Use(basicauth.New("tj", "wahoo", basicauth.Config{Realm: "Admin Area"}))
	case "sync":
		app.Use(basicauth.Func(func(user, pass string) bool { return user == "tj" && pass == "wahoo" }))
	case "syncRealm":
		app.Use(basicauth.Func(func(user, pass string) bool { return pass == "secret" },
			basicauth.Config{Realm: `My "quoted" realm`}))
	case "async":
		app.Use(basicauth.Async(func(user, pass string, done func(error, any)) {
			go func() {
				switch {
				case user == "err":
					done(fast.NewHTTPError(500, "boom"), nil)
				case pass == "obj":
					done(nil, map[string]any{"name": user})
				case pass == "zero":
					done(nil, 0)
				case pass == "wahoo":
					done(nil, user)
				default:
					done(nil, false)
				}
			}()
		}))
	case "echo":
		app.Use(basicauth.Async(func(user, pass string, done func(error, any)) { done(nil, user+"|"+pass) }))
	case "preset":
		app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
			basicauth.SetUser(req, "preset")
			next()
		})
		app.Use(basicauth.New("tj", "wahoo"))
		app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendString("user=" + js(basicauth.User(req)))
		})
		return app
	default:
		panic(name)
	}
	app.Get("/", showUser)
	return app
}

// TestDifferential replays the responses connect 2.30's basicAuth gave in
// Express (testdata/golden.json, written by testdata/record.js): status,
// headers and body must be the same.
func TestDifferential(t *testing.T) {
	cases := testserver.Load(t, "testdata/golden.json")
	testserver.Replay(t, cases, diffApps, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		testserver.CompareHeaders(t, &c.Response, got, nil)
		if got.Body != c.Response.Body {
			t.Errorf("body %q, Node %q", got.Body, c.Response.Body)
		}
	})
}
