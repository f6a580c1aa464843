package fast

import "testing"

// TestReqAcceptsCharset ports Express 4.22's test/req.acceptsCharset.js
// (the deprecated singular form).
func TestReqAcceptsCharset(t *testing.T) {
	t.Parallel()
	h := endString(func(req *Request) string { _, ok := req.AcceptsCharset("utf-8"); return yesNo(ok) })
	runExpress(t, []expressCase{
		{path: []string{"req", ".acceptsCharset(type)", "when Accept-Charset is not present", "should return true"},
			app: useApp(nil, h), send: []string{"GET", "/"}, status: 200, body: "yes"},
		{path: []string{"req", ".acceptsCharset(type)", "when Accept-Charset is present", "should return true"},
			app: useApp(nil, h), send: []string{"GET", "/", "Accept-Charset", "foo, bar, utf-8"}, status: 200, body: "yes"},
		{path: []string{"req", ".acceptsCharset(type)", "when Accept-Charset is present", "should return false otherwise"},
			app: useApp(nil, h), send: []string{"GET", "/", "Accept-Charset", "foo, bar"}, status: 200, body: "no"},
	})
}
