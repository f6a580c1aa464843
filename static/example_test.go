package static_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/static"
)

// exampleRoot makes a directory holding hello.txt and docs/index.html.
func exampleRoot() string {
	dir, err := os.MkdirTemp("", "static-example")
	if err != nil {
		panic(err)
	}
	must(os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hello\n"), 0o644))
	must(os.Mkdir(filepath.Join(dir, "docs"), 0o755))
	must(os.WriteFile(filepath.Join(dir, "docs", "index.html"), []byte("<h1>docs</h1>\n"), 0o644))
	return dir
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func ExampleHandler_Serve() {
	root := exampleRoot()
	defer os.RemoveAll(root)
	// Fallthrough Off: client errors are passed on as errors, as with
	// serve-static's fallthrough: false.
	h, err := static.NewHandler(root, static.HandlerConfig{Fallthrough: static.Off})
	if err != nil {
		panic(err)
	}
	for _, target := range []string{"/hello.txt", "/docs", "/missing.txt", "/..%2f..%2fetc/passwd"} {
		var ctx fasthttp.RequestCtx
		// path is the URL's pathname as received, still percent-encoded.
		next, err := h.Serve(&ctx, "GET", target, target, nil)
		switch {
		case next && err == nil:
			fmt.Println(target, "-> next()")
		case next:
			fmt.Println(target, "-> next(err):", err)
		default:
			fmt.Println(target, "->", ctx.Response.StatusCode(), string(ctx.Response.Header.ContentType()))
			if loc := ctx.Response.Header.Peek("Location"); loc != nil {
				fmt.Println("  Location:", string(loc))
			}
		}
	}
	// Output:
	// /hello.txt -> 200 text/plain; charset=UTF-8
	// /docs -> 301 text/html; charset=UTF-8
	//   Location: /docs/
	// /missing.txt -> next(err): ENOENT: no such file or directory, stat
	// /..%2f..%2fetc/passwd -> next(err): Forbidden
}

func ExampleSender_Send() {
	root := exampleRoot()
	defer os.RemoveAll(root)
	s, err := static.NewSender(static.Config{Root: root})
	if err != nil {
		panic(err)
	}
	var ctx fasthttp.RequestCtx
	if err := s.Send(&ctx, "/hello.txt", nil); err != nil {
		panic(err)
	}
	fmt.Println(ctx.Response.StatusCode(), string(ctx.Response.Header.Peek("Accept-Ranges")))

	var e *static.Error
	err = s.Send(&ctx, "/nope.txt", nil)
	fmt.Println(errors.As(err, &e), e.Status, err)
	// Output:
	// 200 bytes
	// true 404 ENOENT: no such file or directory, stat
}
