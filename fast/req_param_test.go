package fast

import (
	"fmt"
	"testing"
)

// TestReqParam ports Express 4.22's test/req.param.js. Its case "should
// check req.body" needs the JSON body parser; it is skipped until the body
// parsers are wired into fast (bodyParam).
func TestReqParam(t *testing.T) {
	t.Parallel()
	str := func(v any) string {
		if v == nil {
			return "undefined"
		}
		return fmt.Sprint(v)
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".param(name, default)", "should use the default value unless defined"},
			app: useApp(nil, endString(func(req *Request) string { return str(req.Param("name", "tj")) })), send: []string{"GET", "/"}, status: 200, body: "tj"},
		{path: []string{"req", ".param(name)", "should check req.query"},
			app: useApp(nil, endString(func(req *Request) string { return str(req.Param("name")) })), send: []string{"GET", "/?name=tj"}, status: 200, body: "tj"},
		{path: []string{"req", ".param(name)", "should check req.params"},
			app: func() *App {
				app := New()
				app.Get("/user/:name", endString(func(req *Request) string { return str(req.Param("filter")) + str(req.Param("name")) }))
				return app
			},
			send: []string{"GET", "/user/tj"}, status: 200, body: "undefinedtj"},
		{path: []string{"req", ".param(name)", "should check req.body"},
			skip: "needs express.json(): the body parsers are not wired into fast yet"},
	})
}
