package fast

import "testing"

// TestReqAcceptsCharsets ports Express 4.22's test/req.acceptsCharsets.js.
func TestReqAcceptsCharsets(t *testing.T) {
	t.Parallel()
	h := endString(func(req *Request) string { _, ok := req.AcceptsCharsets("utf-8"); return yesNo(ok) })
	runExpress(t, []expressCase{
		{path: []string{"req", ".acceptsCharsets(type)", "when Accept-Charset is not present", "should return true"},
			app: useApp(nil, h), send: []string{"GET", "/"}, status: 200, body: "yes"},
		{path: []string{"req", ".acceptsCharsets(type)", "when Accept-Charset is present", "should return true"},
			app: useApp(nil, h), send: []string{"GET", "/", "Accept-Charset", "foo, bar, utf-8"}, status: 200, body: "yes"},
		{path: []string{"req", ".acceptsCharsets(type)", "when Accept-Charset is present", "should return false otherwise"},
			app: useApp(nil, h), send: []string{"GET", "/", "Accept-Charset", "foo, bar"}, status: 200, body: "no"},
	})
}
