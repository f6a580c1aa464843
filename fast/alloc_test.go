//go:build !race && !fwpoison

package fast

import (
	"testing"
)

func allocsPerRequest(t *testing.T, app *App, method, target string) float64 {
	t.Helper()
	h := app.Handler()
	ctx := newRequestCtx(method, target)
	// A fasthttp.Server keeps a context's body buffers between requests
	// (unless ReduceMemoryUsage); ctx.Init does not, and would hand them to
	// bytebufferpool, whose calibrated size limit then depends on what
	// earlier tests sent.
	ctx.Init2(ctx.Conn(), nil, false)
	h(ctx) // warm up pools and the compiled router
	// AllocsPerRun counts every allocation of the process, so goroutines
	// other tests left behind (servers closing, timers) can only add to it:
	// the least of a few measurements is the request's own count.
	least := -1.0
	for range 5 {
		n := testing.AllocsPerRun(1000, func() {
			ctx.Response.Reset()
			h(ctx)
		})
		if least < 0 || n < least {
			least = n
		}
		if least == 0 {
			break
		}
	}
	return least
}

func TestZeroAllocations(t *testing.T) {
	hello := func(req *Request, res *Response, next Next) { res.Send("Hello, World!") }
	pass := func(req *Request, res *Response, next Next) { next() }
	tests := []struct {
		name   string
		app    func() *App
		method string
		target string
	}{
		{"static route", func() *App {
			a := New()
			a.Get("/", hello)
			return a
		}, "GET", "/"},
		{"3-param route", func() *App {
			a := New()
			a.Get("/repos/:owner/:repo/issues/:number", func(req *Request, res *Response, next Next) {
				p := req.Params()
				res.SendString(p.Get("owner"))
				_ = p.Get("repo") + p.Get("number")
			})
			return a
		}, "GET", "/repos/fwgo/fw/issues/42"},
		{"5 middleware then a route", func() *App {
			a := New()
			for i := 0; i < 5; i++ {
				a.Use(pass)
			}
			a.Get("/x", hello)
			return a
		}, "GET", "/x"},
		{"next(SkipRoute)", func() *App {
			a := New()
			a.Get("/x", func(req *Request, res *Response, next Next) { next.SkipRoute() }, hello)
			a.Get("/x", hello)
			return a
		}, "GET", "/x"},
		{"router mounted two deep", func() *App {
			a := New()
			outer, inner := NewRouter(), NewRouter()
			inner.Get("/c/:id", hello)
			outer.Use("/b", inner)
			a.Use("/a", outer)
			return a
		}, "GET", "/a/b/c/1"},
		{"200 routes", func() *App {
			a := New()
			for i := 0; i < 200; i++ {
				a.Get("/r"+itoa(i)+"/:id", hello)
			}
			return a
		}, "GET", "/r150/7"},
		{"encoded param", func() *App {
			a := New()
			a.Get("/user/:name", func(req *Request, res *Response, next Next) { res.SendString(req.Params().Get("name")) })
			return a
		}, "GET", "/user/caf%C3%A9"},
		{"404", func() *App {
			a := New()
			a.Get("/", hello)
			return a
		}, "GET", "/nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := allocsPerRequest(t, tt.app(), tt.method, tt.target); n != 0 {
				t.Errorf("%v allocations per request, want 0", n)
			}
		})
	}
}
