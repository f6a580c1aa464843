package fast

import "testing"

// TestReqPath ports Express 4.22's test/req.path.js.
func TestReqPath(t *testing.T) {
	t.Parallel()
	runExpress(t, []expressCase{
		{path: []string{"req", ".path", "should return the parsed pathname"},
			app: useApp(nil, endString((*Request).Path)), send: []string{"GET", "/login?redirect=/post/1/comments"}, status: 200, body: "/login"},
	})
}
