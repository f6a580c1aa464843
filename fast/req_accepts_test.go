package fast

import "testing"

// TestReqAccepts ports Express 4.22's test/req.accepts.js.
func TestReqAccepts(t *testing.T) {
	t.Parallel()
	yes := func(types ...string) Handler {
		return endString(func(req *Request) string { _, ok := req.Accepts(types...); return yesNo(ok) })
	}
	end := func(types ...string) Handler {
		return endString(func(req *Request) string { v, _ := req.Accepts(types...); return v })
	}
	yup := func(types ...string) Handler {
		return endString(func(req *Request) string {
			if _, ok := req.Accepts(types...); ok {
				return "yup"
			}
			return "nope"
		})
	}
	runExpress(t, []expressCase{
		{path: []string{"req", ".accepts(type)", "should return true when Accept is not present"},
			app: useApp(nil, yes("json")), send: []string{"GET", "/"}, status: 200, body: "yes"},
		{path: []string{"req", ".accepts(type)", "should return true when present"},
			app: useApp(nil, yes("json")), send: []string{"GET", "/", "Accept", "application/json"}, status: 200, body: "yes"},
		{path: []string{"req", ".accepts(type)", "should return false otherwise"},
			app: useApp(nil, yes("json")), send: []string{"GET", "/", "Accept", "text/html"}, status: 200, body: "no"},
		{path: []string{"req", "should accept an argument list of type names"},
			app: useApp(nil, end("json", "html")), send: []string{"GET", "/", "Accept", "application/json"}, status: 200, body: "json"},
		{path: []string{"req", ".accepts(types)", "should return the first when Accept is not present"},
			app: useApp(nil, end([]string{"json", "html"}...)), send: []string{"GET", "/"}, status: 200, body: "json"},
		{path: []string{"req", ".accepts(types)", "should return the first acceptable type"},
			app: useApp(nil, end([]string{"json", "html"}...)), send: []string{"GET", "/", "Accept", "text/html"}, status: 200, body: "html"},
		{path: []string{"req", ".accepts(types)", "should return false when no match is made"},
			app: useApp(nil, yup([]string{"text/html", "application/json"}...)), send: []string{"GET", "/", "Accept", "foo/bar, bar/baz"}, status: 200, body: "nope"},
		{path: []string{"req", ".accepts(types)", "should take quality into account"},
			app: useApp(nil, end([]string{"text/html", "application/json"}...)), send: []string{"GET", "/", "Accept", "*/html; q=.5, application/json"}, status: 200, body: "application/json"},
		{path: []string{"req", ".accepts(types)", "should return the first acceptable type with canonical mime types"},
			app: useApp(nil, end([]string{"application/json", "text/html"}...)), send: []string{"GET", "/", "Accept", "*/html"}, status: 200, body: "text/html"},
	})
}
