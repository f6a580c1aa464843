package fast

import "testing"

// BenchmarkAppendJSON measures the encoder on the small struct of the
// issue's benchmark, appending to a reused buffer.
func BenchmarkAppendJSON(b *testing.B) {
	buf := make([]byte, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = AppendJSON(buf[:0], &smallUser)
	}
}

// BenchmarkResponseJSON measures a whole request answered with res.JSON
// of the small struct (ETag and X-Powered-By on, as in Express).
func BenchmarkResponseJSON(b *testing.B) {
	app := New()
	app.Get("/", func(req *Request, res *Response, next Next) { res.JSON(&smallUser) })
	h := app.Handler()
	ctx := newRequestCtx("GET", "/")
	b.ReportAllocs()
	for b.Loop() {
		ctx.Response.Reset()
		h(ctx)
	}
}

// BenchmarkAppendJSONAnyMap measures the encoder on a parsed-body shaped
// map[string]any.
func BenchmarkAppendJSONAnyMap(b *testing.B) {
	v := map[string]any{"id": 42.0, "name": "Tobi", "tags": []any{"a", "b"}, "nested": map[string]any{"x": 1.5, "ok": true}}
	buf := make([]byte, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = AppendJSON(buf[:0], v)
	}
}
