// Package staticbench compares fast.Static with Fiber v2's static
// middleware in memory: the same files, the same requests, the response
// written as a server writes it (to io.Discard). measure.sh compares them
// over TCP with nginx.
package staticbench

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/fast"
)

// files makes small.bin (1 KiB) and big.bin (1 MiB) in a directory.
func files(tb testing.TB) (dir string, small, big []byte) {
	tb.Helper()
	dir = tb.TempDir()
	small, big = make([]byte, 1024), make([]byte, 1<<20)
	rand.Read(small)
	rand.Read(big)
	for name, b := range map[string][]byte{"small.bin": small, "big.bin": big} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return dir, small, big
}

// handlers are the servers compared: fast.Static and Fiber's app.Static,
// each with its defaults.
func handlers(dir string) map[string]fasthttp.RequestHandler {
	app := fast.New()
	app.Use(fast.Static(dir))
	f := fiber.New(fiber.Config{DisableStartupMessage: true})
	f.Static("/", dir)
	return map[string]fasthttp.RequestHandler{"fast": app.Handler(), "fiber": f.Handler()}
}

// serve runs h for GET target and writes the response to w, as a server
// would; it returns the status.
func serve(h fasthttp.RequestHandler, ctx *fasthttp.RequestCtx, w *bufio.Writer) int {
	ctx.Response.Reset()
	h(ctx)
	ctx.Response.Write(w)
	w.Flush()
	return ctx.Response.StatusCode()
}

func newCtx(target string) *fasthttp.RequestCtx {
	var req fasthttp.Request
	req.Header.SetMethod("GET")
	req.SetRequestURI(target)
	req.Header.SetHost("127.0.0.1")
	ctx := &fasthttp.RequestCtx{}
	ctx.Init(&req, nil, nil)
	return ctx
}

// TestSameFiles checks that both servers answer 200 with the files' bytes.
func TestSameFiles(t *testing.T) {
	dir, small, big := files(t)
	for name, h := range handlers(dir) {
		for target, want := range map[string][]byte{"/small.bin": small, "/big.bin": big} {
			var out bytes.Buffer
			w := bufio.NewWriter(&out)
			ctx := newCtx(target)
			if st := serve(h, ctx, w); st != 200 {
				t.Fatalf("%s %s: status %d", name, target, st)
			}
			if !bytes.HasSuffix(out.Bytes(), want) {
				t.Errorf("%s %s: the response does not end with the file", name, target)
			}
		}
	}
}

// BenchmarkStatic serves small.bin and big.bin with each server; the
// response is written to io.Discard.
func BenchmarkStatic(b *testing.B) {
	dir, _, _ := files(b)
	hs := handlers(dir)
	for _, file := range []string{"small.bin", "big.bin"} {
		for _, name := range []string{"fast", "fiber"} {
			b.Run(file+"/"+name, func(b *testing.B) {
				h, ctx, w := hs[name], newCtx("/"+file), bufio.NewWriter(io.Discard)
				serve(h, ctx, w)
				b.ReportAllocs()
				for b.Loop() {
					serve(h, ctx, w)
				}
			})
		}
	}
}
