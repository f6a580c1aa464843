package fast

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fwgo/fw/internal/uri"
	"github.com/fwgo/fw/static"
)

// FuzzStaticStaysInRoot sends fuzzed request targets to fast.Static
// (mounted at "/" and at "/m", dotfiles allowed, fallthrough off) and
// fuzzed relative paths to SendFile with a Root, over a tree where every
// file outside the root says so: no response ever carries an outside
// file, the status is one send can give, and a redirect never names
// another host ("//…"). Control bytes and spaces, which a request line
// cannot carry, are sent percent-encoded.
func FuzzStaticStaysInRoot(f *testing.F) {
	for _, s := range []string{
		"/", "/a.txt", "/sub", "/sub/", "/../www-secret/s.txt", "/%2e%2e/s.txt", "/sub/%2e%2e/%2e%2e/s.txt",
		"//evil.com/%2e%2e", "/..%5cs.txt", "/%5c..%5cs.txt", `/sub\..\..\s.txt`, "/%00", "/%", "/%c0%ae%c0%ae/s.txt",
		"/.hidden", "/sub/.d/f.txt", "/%2F%2F..%2F", "/..%2f..%2fs.txt", "/./././..", "/a//..//..//s.txt",
		"/m/../s.txt", "/m/%2e%2e/s.txt", "/m//x", "/sub?x=1", "/%2561.txt", "/sub/../a.txt", "/m/sub/",
	} {
		f.Add(s)
	}
	base := f.TempDir()
	root := filepath.Join(base, "www")
	for name, content := range map[string]string{
		"www/a.txt": "INSIDE a", "www/sub/index.html": "INSIDE index", "www/sub/.d/f.txt": "INSIDE dot",
		"www/.hidden": "INSIDE hidden", "www/%a.txt": "INSIDE percent",
		"s.txt": "OUTSIDE s", "www-secret/s.txt": "OUTSIDE sibling", "www-secret/index.html": "OUTSIDE index",
	} {
		p := filepath.Join(base, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	opts := StaticOptions{Dotfiles: static.DotfilesAllow, Fallthrough: static.Off}
	app := New()
	app.Use("/m", Static(root, opts))
	app.Use("/sendfile", func(req *Request, res *Response, next Next) {
		p, _ := req.QueryValue("p")
		res.SendFile(p, &SendFileOptions{Root: root, Dotfiles: static.DotfilesAllow}, nil)
	})
	app.Use(Static(root, opts))
	app.Use(func(err error, req *Request, res *Response, next Next) {
		res.Status(StatusCode(err)).Send("error")
	})
	h := app.Handler()
	check := func(t *testing.T, target string) {
		ctx := newRequestCtx("GET", target)
		h(ctx)
		code, body := ctx.Response.StatusCode(), string(ctx.Response.Body())
		if strings.Contains(body, "OUTSIDE") {
			t.Fatalf("GET %q served a file outside the root: %d %q", target, code, body)
		}
		switch code {
		case 200:
			if !strings.HasPrefix(body, "INSIDE") {
				t.Fatalf("GET %q: 200 %q", target, body)
			}
		case 301:
			loc := string(ctx.Response.Header.Peek("Location"))
			if strings.HasPrefix(loc, "//") || strings.ContainsAny(loc, "\r\n\\") {
				t.Fatalf("GET %q: redirect to %q", target, loc)
			}
		case 400, 403, 404, 500:
		default:
			t.Fatalf("GET %q: %d %q", target, code, body)
		}
	}
	f.Fuzz(func(t *testing.T, p string) {
		var b strings.Builder
		for i := 0; i < len(p); i++ {
			if c := p[i]; c <= ' ' || c == 0x7f || c == '#' {
				b.WriteString(uri.EncodeURIComponent(p[i : i+1]))
			} else {
				b.WriteByte(c)
			}
		}
		enc := b.String()
		if !strings.HasPrefix(enc, "/") {
			enc = "/" + enc
		}
		check(t, enc)
		check(t, "/sendfile?p="+uri.EncodeURIComponent(p))
	})
}
