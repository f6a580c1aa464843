//go:build !race

package fast

import (
	"testing"

	"github.com/fwgo/fw/static"
)

// TestStaticZeroAllocations checks that a hot file costs no allocation:
// served from the cache (a small file, a 304, a range, HEAD), or passed
// over by the fall-through of a missing one.
func TestStaticZeroAllocations(t *testing.T) {
	app := New()
	app.Use("/static", Static(fixturesDir))
	todo := fixture("todo.txt")
	app.Get("/send", func(req *Request, res *Response, next Next) {
		res.SendFile(todo, nil, nil)
	})
	app.Get("/x", func(req *Request, res *Response, next Next) { res.SendString("x") })
	for _, tc := range []struct {
		name, target string
		headers      []string
	}{
		{"small file", "/static/todo.txt", nil},
		{"index file", "/static/users/", nil},
		{"range", "/static/nums.txt", []string{"Range", "bytes=2-5"}},
		{"304", "/static/todo.txt", []string{"If-None-Match", `W/"b-0"`}},
		{"missing file falls through", "/static/x", nil},
		{"SendFile", "/send", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := app.Handler()
			ctx := newRequestCtx("GET", tc.target)
			for i := 0; i+1 < len(tc.headers); i += 2 {
				ctx.Request.Header.Set(tc.headers[i], tc.headers[i+1])
			}
			h(ctx)
			if tc.name == "304" {
				// ask for the ETag the file really has
				ctx.Request.Header.Set("If-None-Match", string(ctx.Response.Header.Peek("Etag")))
			}
			h(ctx)
			n := testing.AllocsPerRun(1000, func() {
				ctx.Response.Reset()
				h(ctx)
			})
			if n != 0 {
				t.Errorf("%.1f allocations per request (status %d)", n, ctx.Response.StatusCode())
			}
		})
	}
	_ = static.NoCache
}
