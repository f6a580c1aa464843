package fast

import (
	"testing"

	"github.com/fwgo/fw/internal/benchbody"
)

// BenchmarkBodyParser measures one POST through a body parser (or Bind)
// and a handler, with the body in memory and streamed (as App.Serve hands
// over a chunked body), and a GET through four parsers that skip it.
func BenchmarkBodyParser(b *testing.B) {
	var u benchbody.User
	var f benchbody.Form
	parsed := func(req *Request, res *Response, next Next) { res.SendString("ok") }
	bind := func(fn func(req *Request) error) Handler {
		return func(req *Request, res *Response, next Next) {
			if err := fn(req); err != nil {
				next(err)
				return
			}
			res.SendString("ok")
		}
	}
	tests := []struct {
		name     string
		handlers []any
		ct       string
		body     []byte
	}{
		{"JSON1KiB", []any{JSON(), parsed}, "application/json", benchbody.JSON1KiB},
		{"BindJSON1KiB", []any{bind(func(req *Request) error { return req.BindJSON(&u) })}, "application/json", benchbody.JSON1KiB},
		{"Form20", []any{URLEncoded(), parsed}, "application/x-www-form-urlencoded", benchbody.Form20},
		{"BindForm20", []any{bind(func(req *Request) error { return req.BindForm(&f) })}, "application/x-www-form-urlencoded", benchbody.Form20},
	}
	for _, tc := range tests {
		for _, stream := range []bool{false, true} {
			name := tc.name + "/memory"
			if stream {
				name = tc.name + "/stream"
			}
			b.Run(name, func(b *testing.B) {
				app := New()
				app.Post("/", tc.handlers...)
				h := app.Handler()
				ctx, reset := bodyCtx(tc.ct, tc.body, stream)
				b.ReportAllocs()
				b.SetBytes(int64(len(tc.body)))
				for b.Loop() {
					reset()
					h(ctx)
				}
				if got := string(ctx.Response.Body()); got != "ok" {
					b.Fatalf("answered %q", got)
				}
			})
		}
	}
	b.Run("GET-skip", func(b *testing.B) {
		app := New()
		app.Use(JSON(), URLEncoded(), Text(), Raw())
		app.Get("/", parsed)
		h := app.Handler()
		ctx := newRequestCtx("GET", "/")
		b.ReportAllocs()
		for b.Loop() {
			ctx.Response.Reset()
			ctx.Request.SetRequestURI("/")
			h(ctx)
		}
	})
}
