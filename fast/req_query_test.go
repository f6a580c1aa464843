package fast

import (
	"strconv"
	"strings"
	"testing"
)

// TestReqQuery ports Express 4.22's test/req.query.js. Express's test of a
// missing "query parser fn" deletes the settings; in Go that is
// Set("query parser", nil).
func TestReqQuery(t *testing.T) {
	t.Parallel()
	createApp := func(setting any, set bool) func() *App {
		return func() *App {
			app := New()
			if set {
				app.Set("query parser", setting)
			}
			app.Use(sendJSONOf(func(req *Request) any { return req.Query() }))
			return app
		}
	}
	var ids, expected []string
	for i := 0; i < 25; i++ {
		ids = append(ids, "ids="+strconv.Itoa(i))
		expected = append(expected, `"`+strconv.Itoa(i)+`"`)
	}
	p := func(names ...string) []string { return append([]string{"req", ".query"}, names...) }
	runExpress(t, []expressCase{
		{path: p("should default to {}"),
			app: createApp(nil, false), send: []string{"GET", "/"}, status: 200, body: `{}`},
		{path: p("should default to parse complex keys"),
			app: createApp(nil, false), send: []string{"GET", "/?user[name]=tj"}, status: 200, body: `{"user":{"name":"tj"}}`},
		{path: p(`when "query parser" is extended`, "should parse complex keys"),
			app: createApp("extended", true), send: []string{"GET", "/?foo[0][bar]=baz&foo[0][fizz]=buzz&foo[]=done!"}, status: 200, body: `{"foo":[{"bar":"baz","fizz":"buzz"},"done!"]}`},
		{path: p(`when "query parser" is extended`, "should parse parameters with dots"),
			app: createApp("extended", true), send: []string{"GET", "/?user.name=tj"}, status: 200, body: `{"user.name":"tj"}`},
		{path: p(`when "query parser" is extended`, "should parse more than 20 repeated values as an array"),
			app: createApp("extended", true), send: []string{"GET", "/?" + strings.Join(ids, "&")}, status: 200, body: `{"ids":[` + strings.Join(expected, ",") + `]}`},
		{path: p(`when "query parser" is simple`, "should not parse complex keys"),
			app: createApp("simple", true), send: []string{"GET", "/?user%5Bname%5D=tj"}, status: 200, body: `{"user[name]":"tj"}`},
		{path: p(`when "query parser" is a function`, "should parse using function"),
			app:  createApp(func(str string) *Object { return objectOf("length", float64(len(str))) }, true),
			send: []string{"GET", "/?user%5Bname%5D=tj"}, status: 200, body: `{"length":17}`},
		{path: p(`when "query parser" disabled`, "should not parse query"),
			app: createApp(false, true), send: []string{"GET", "/?user%5Bname%5D=tj"}, status: 200, body: `{}`},
		{path: p(`when "query parser" enabled`, "should not parse complex keys"),
			app: createApp(true, true), send: []string{"GET", "/?user%5Bname%5D=tj"}, status: 200, body: `{"user[name]":"tj"}`},
		{path: p(`when "query parser fn" is missing`, `should act like "extended"`),
			app: createApp(nil, true), send: []string{"GET", "/?user[name]=tj&user.name=tj"}, status: 200, body: `{"user":{"name":"tj"},"user.name":"tj"}`},
		{path: p(`when "query parser" an unknown value`, "should throw"),
			run: func(t *testing.T) {
				expectPanic(t, func() { createApp("bogus", true)() }, "unknown value", "query parser")
			}},
	})
}
