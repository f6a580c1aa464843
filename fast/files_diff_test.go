package fast

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fwgo/fw/static"
)

// filesCase is one line of testdata/express/files.jsonl, recorded from
// Express 4.22.3 by files_probe.js.
type filesCase struct {
	Method   string      `json:"method"`
	Target   string      `json:"target"`
	Headers  []string    `json:"headers"`
	Status   int         `json:"status"`
	Reason   string      `json:"reason"`
	Response [][2]string `json:"response"`
	Body     string      `json:"body"`
}

// filesProbeMtime is files_probe.js's MTIME.
const filesProbeMtime = 1704164645123

// filesProbeApp builds the routes of files_probe.js.
func filesProbeApp(root string) *App {
	app := New()
	app.Use("/s", Static(root))
	app.Use("/strict", Static(root, StaticOptions{Fallthrough: static.Off}))
	app.Use("/opts", Static(root, StaticOptions{Extensions: []string{"html", "txt"}, MaxAge: "1d", Immutable: true, Dotfiles: static.DotfilesAllow}))
	app.Use("/plain", Static(root, StaticOptions{ETag: static.Off, LastModified: static.Off, AcceptRanges: static.Off,
		CacheControl: static.Off, Index: static.NoIndex, Redirect: static.Off, Fallthrough: static.Off}))
	app.Use("/deny", Static(root, StaticOptions{Dotfiles: static.DotfilesDeny, Fallthrough: static.Off}))
	app.Use("/hdrs", Static(root, StaticOptions{SetHeaders: func(res *Response, path string, stat os.FileInfo) {
		res.Set("X-File", filepath.Base(path))
	}}))
	param := func(req *Request) string { return req.Params().Get("0") }
	app.Get("/sf/*", func(req *Request, res *Response, next Next) {
		res.SendFile(param(req), &SendFileOptions{Root: root}, nil)
	})
	app.Get("/sfh/*", func(req *Request, res *Response, next Next) {
		res.SendFile(param(req), &SendFileOptions{Root: root, MaxAge: 5000,
			Headers: [][2]string{{"X-A", "1"}, {"Cache-Control", "no-store"}}}, nil)
	})
	app.Get("/sfcb/*", func(req *Request, res *Response, next Next) {
		res.SendFile(param(req), &SendFileOptions{Root: root}, func(err error) {
			if err == nil {
				return
			}
			st := "undefined"
			if n := StatusCode(err); n != 0 {
				st = itoa(n)
			}
			what := errorName(err)
			var se *static.Error
			if errors.As(err, &se) && se.Code != "" {
				what = se.Code
			}
			res.Status(299).Send("cb " + st + " " + what)
		})
	})
	app.Get("/dl/*", func(req *Request, res *Response, next Next) {
		res.Download(param(req), "", &SendFileOptions{Root: root}, nil)
	})
	app.Get("/dln/*", func(req *Request, res *Response, next Next) {
		res.Download(param(req), "naïve résumé €.txt", &SendFileOptions{Root: root}, nil)
	})
	app.Get("/pre", func(req *Request, res *Response, next Next) {
		res.Status(201)
		res.Set("Content-Type", "text/x-pre")
		next()
	}, Static(root))
	app.Set("env", "production")
	app.Use(func(req *Request, res *Response, next Next) { res.Status(404).Send("fell through") })
	return app
}

// TestFilesMatchExpress replays the requests of files_probe.js against
// the same routes in Go and compares status, reason, headers (as a
// multiset of lower-cased names; X-Powered-By by presence) and body with
// what Express answered.
func TestFilesMatchExpress(t *testing.T) {
	t.Parallel()
	root := fixturesCopy(t)
	big := make([]byte, 100000)
	for i := range big {
		big[i] = byte(97 + (i*7)%26)
	}
	if err := os.WriteFile(filepath.Join(root, "big.txt"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	pinMtimes(t, root, filesProbeMtime)
	if err := os.Chtimes(root, unixMilli(filesProbeMtime), unixMilli(filesProbeMtime)); err != nil {
		t.Fatal(err)
	}
	s := serveTest(t, filesProbeApp(root))

	f, err := os.Open("testdata/express/files.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		var tc filesCase
		if err := json.Unmarshal(sc.Bytes(), &tc); err != nil {
			t.Fatal(err)
		}
		n++
		name := tc.Method + " " + tc.Target + " " + strings.Join(tc.Headers, " ")
		got := s.do(tc.Method, tc.Target, tc.Headers...)
		if got.status != tc.Status || got.reason != tc.Reason {
			t.Errorf("%s: status %d %s, Express %d %s", name, got.status, got.reason, tc.Status, tc.Reason)
		}
		if want := latin1(tc.Body); got.body != want {
			t.Errorf("%s: body\n%q\nExpress\n%q", name, got.body, want)
		}
		norm := func(hs [][2]string, conv func(string) string) []string {
			var out []string
			for _, h := range hs {
				k := strings.ToLower(h[0])
				switch k {
				case "date", "connection", "keep-alive":
					continue
				case "x-powered-by":
					out = append(out, k)
					continue
				}
				out = append(out, k+": "+conv(h[1]))
			}
			slices.Sort(out)
			return out
		}
		gh := norm(got.headers, func(s string) string { return s })
		wh := norm(tc.Response, latin1)
		if !slices.Equal(gh, wh) {
			t.Errorf("%s: headers\n%q\nExpress\n%q", name, gh, wh)
		}
	}
	if n < 100 {
		t.Fatalf("only %d cases", n)
	}
}
