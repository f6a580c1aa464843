package methodoverride_test

import (
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/methodoverride"
)

func diffApp(mws ...fast.Handler) *fast.App {
	app := testserver.Production(fast.New())
	for _, mw := range mws {
		app.Use(mw)
	}
	app.Delete("/route", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString("DELETE route")
	})
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.SendString(req.Method() + " " + methodoverride.OriginalMethod(req))
	})
	return app
}

// diffApps builds the apps of testdata/record.js.
func diffApps(name string) *fast.App {
	switch name {
	case "header":
		return diffApp(methodoverride.New(""))
	case "custom":
		return diffApp(methodoverride.New("X-Method-Override"))
	case "lowerx":
		return diffApp(methodoverride.New("x-method"))
	case "query":
		return diffApp(methodoverride.New("_method"))
	case "any":
		return diffApp(methodoverride.New("_method", methodoverride.Config{AnyMethod: true}))
	case "postPut":
		return diffApp(methodoverride.New(methodoverride.DefaultHeader, methodoverride.Config{Methods: []string{"POST", "PUT"}}))
	case "twice":
		return diffApp(methodoverride.New(methodoverride.DefaultHeader), methodoverride.New("_method"))
	}
	panic(name)
}

// TestDifferential replays method-override's answers in Express
// (testdata/golden.json, written by testdata/record.js).
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
