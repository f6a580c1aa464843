package fast

import (
	"bufio"
	"bytes"
	"testing"

	"github.com/fwgo/fw/internal/benchbody"
)

// BenchmarkBodyParserWire measures one request read from the wire (a
// browser's header block, Content-Type its last line: the longest scan for
// Node's first Content-Type line) through a body parser, and a GET without
// a body through the four parsers (no scan). The read is inside the loop:
// compare instructions inside the handler (callgrind, toggle
// 'github.com/fwgo/fw/fast.(*App).handler.func1').
func BenchmarkBodyParserWire(b *testing.B) {
	const head = "Host: example.com\r\n" +
		"User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\r\n" +
		"Accept: application/json, text/plain, */*\r\n" +
		"Accept-Language: en-US,en;q=0.5\r\n" +
		"Accept-Encoding: gzip, deflate, br\r\n" +
		"Referer: https://example.com/form\r\n" +
		"Origin: https://example.com\r\n" +
		"Cookie: sid=s%3Aabcdefghijklmnop.qrstuvwxyz0123456789\r\n"
	parsed := func(req *Request, res *Response, next Next) { res.SendString("ok") }
	for _, tc := range []struct {
		name, ct string
		handler  Handler
		body     []byte
	}{
		{"JSON1KiB", "application/json", JSON(), benchbody.JSON1KiB},
		{"Form20", "application/x-www-form-urlencoded", URLEncoded(), benchbody.Form20},
	} {
		b.Run(tc.name, func(b *testing.B) {
			app := New()
			app.Post("/", tc.handler, parsed)
			raw := []byte("POST / HTTP/1.1\r\n" + head + "Content-Length: " + itoa(len(tc.body)) +
				"\r\nContent-Type: " + tc.ct + "\r\n\r\n" + string(tc.body))
			benchWire(b, app, raw)
		})
	}
	b.Run("GET-skip", func(b *testing.B) {
		app := New()
		app.Use(JSON(), URLEncoded(), Text(), Raw())
		app.Get("/", parsed)
		benchWire(b, app, []byte("GET / HTTP/1.1\r\n"+head+"\r\n"))
	})
}

// benchWire reads raw into a request context and runs the app on it, once
// per iteration.
func benchWire(b *testing.B, app *App, raw []byte) {
	h := app.Handler()
	ctx := newRequestCtx("GET", "/")
	var r bytes.Reader
	br := bufio.NewReader(&r)
	b.ReportAllocs()
	for b.Loop() {
		r.Reset(raw)
		br.Reset(&r)
		ctx.Response.Reset()
		if err := ctx.Request.Read(br); err != nil {
			b.Fatal(err)
		}
		h(ctx)
	}
	if got := string(ctx.Response.Body()); got != "ok" {
		b.Fatalf("answered %q", got)
	}
}
