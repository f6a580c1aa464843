package bodyparser_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/bodyparser"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

const boundary = "XyZzY"

func part(name, filename, content string) string {
	h := `Content-Disposition: form-data; name="` + name + `"`
	if filename != "" {
		h += `; filename="` + filename + `"` + "\r\nContent-Type: text/plain"
	}
	return "--" + boundary + "\r\n" + h + "\r\n\r\n" + content + "\r\n"
}

func multipartRequest(body string) string {
	return testserver.Request("POST", "/", body, "Content-Type: multipart/form-data; boundary="+boundary)
}

// uploadApp removes the uploads of a successful form (bodyparser leaves
// them for the application) and keeps the errors bodyparser passes on in
// errs.
func uploadApp(c bodyparser.Config, errs chan<- error) *fast.App {
	app := fast.New()
	mw := bodyparser.New(c)
	app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		mw(req, res, func(e ...error) {
			if errs != nil {
				var err error
				if len(e) > 0 {
					err = e[0]
				}
				errs <- err
			}
			next(e...)
		})
	})
	app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		if err := bodyparser.RemoveFiles(req); err != nil {
			next(err)
			return
		}
		res.SendString("removed")
	})
	return app
}

func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestMulterAdvisories are the cases of multer's CVE-2025-47944 (a
// truncated boundary), CVE-2025-48997 (an empty field name) and
// CVE-2025-7338 (a malformed part), and of connect 3's multipart temp-file
// leak: an answer (400, or connect 2.30's own answer for an empty name),
// never a crash or a hang, and no temporary file left behind.
func TestMulterAdvisories(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		body   string
		status int
	}{
		{"truncated boundary", "------FormBoundar", 400},
		{"truncated boundary after a file", part("f", "a.txt", "content") + "--" + boundary[:3], 400},
		{"empty field name is the field null, as in connect 2.30", part("", "", "anon") + "--" + boundary + "--\r\n", 200},
		{"empty field name of a file", part("", "a.txt", "x") + "--" + boundary + "--\r\n", 200},
		{"malformed part header after a file", part("f", "a.txt", "content") + "--" + boundary + "\r\nBad Header: x\r\n\r\n", 400},
		{"file over maxFilesSize", part("f", "a.txt", strings.Repeat("x", 100)) + "--" + boundary + "--\r\n", 400},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			r := testserver.New(t, uploadApp(bodyparser.Config{UploadDir: dir, MaxFilesSize: 50}, nil)).Do(multipartRequest(tt.body))
			if r.Status != tt.status {
				t.Fatalf("status %d, want %d", r.Status, tt.status)
			}
			if left := dirEntries(t, dir); len(left) > 0 {
				t.Errorf("files left behind: %v", left)
			}
		})
	}
}

// TestClientAbortMidFile: a client that goes away in the middle of a file
// gets the form failed (multiparty's "Request aborted", a 400 error), the
// partial file deleted, and nothing hangs.
func TestClientAbortMidFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	errs := make(chan error, 1)
	ln := fasthttputil.NewInmemoryListener()
	srv := uploadApp(bodyparser.Config{UploadDir: dir}, errs).Serve(ln)
	defer srv.Close()
	conn, err := ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	head := "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=" + boundary + "\r\nContent-Length: 1000000\r\n\r\n"
	body := "--" + boundary + "\r\nContent-Disposition: form-data; name=\"f\"; filename=\"big.bin\"\r\n\r\n" + strings.Repeat("x", 64<<10)
	if _, err := io.WriteString(conn, head+body); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	select {
	case err := <-errs:
		if fast.StatusCode(err) != 400 {
			t.Errorf("error %v (status %d), want a 400 error", err, fast.StatusCode(err))
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the form did not fail after the client went away")
	}
	if left := dirEntries(t, dir); len(left) > 0 {
		t.Errorf("files left behind: %v", left)
	}
}

// TestStreamedLimit: a chunked body that grows past Limit is refused with
// 413 while it is read, its files deleted.
func TestStreamedLimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	body := part("f", "a.txt", strings.Repeat("x", 40<<10)) + "--" + boundary + "--\r\n"
	var chunked strings.Builder
	for len(body) > 0 {
		n := min(len(body), 4096)
		chunked.WriteString(strings.ToUpper(strconvHex(n)) + "\r\n" + body[:n] + "\r\n")
		body = body[n:]
	}
	chunked.WriteString("0\r\n\r\n")
	raw := "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=" + boundary + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunked.String()
	r := testserver.New(t, uploadApp(bodyparser.Config{UploadDir: dir, Limit: "16kb"}, nil)).Do(raw)
	if r.Status != 413 {
		t.Fatalf("status %d, want 413", r.Status)
	}
	if left := dirEntries(t, dir); len(left) > 0 {
		t.Errorf("files left behind: %v", left)
	}
}

func strconvHex(n int) string {
	const hex = "0123456789abcdef"
	s := ""
	for n > 0 {
		s = string(hex[n%16]) + s
		n /= 16
	}
	return s
}

func TestKeepExtensionsAndRemoveFiles(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		keep bool
		ext  string
	}{
		{"should store uploads without their extension by default", false, ""},
		{"should keep the extension with KeepExtensions", true, ".txt"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			app := fast.New()
			app.Use(bodyparser.New(bodyparser.Config{UploadDir: dir, KeepExtensions: tt.keep}))
			app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
				files, _ := bodyparser.Files(req)
				f, _ := files.Get("f")
				file := f.(*bodyparser.File)
				got := filepath.Ext(file.Path)
				if filepath.Dir(file.Path) != dir || got != tt.ext {
					t.Errorf("stored at %s", file.Path)
				}
				if err := bodyparser.RemoveFiles(req); err != nil {
					t.Error(err)
				}
				res.SendString(file.Name)
			})
			r := testserver.New(t, app).Do(multipartRequest(part("f", "notes.txt", "hello") + "--" + boundary + "--\r\n"))
			if r.Status != 200 || r.Body != "notes.txt" {
				t.Fatalf("%d %q", r.Status, r.Body)
			}
			if left := dirEntries(t, dir); len(left) > 0 {
				t.Errorf("RemoveFiles left %v", left)
			}
		})
	}
}

// TestMultipartAlone checks that Multipart reads a form and nothing else,
// on a fast.New app and on a fast.NewLegacy3 one, whose req.is is Express
// 3's (connect's multipart middleware tests the type with type-is, whatever
// the app).
func TestMultipartAlone(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		newApp func() *fast.App
	}{{"New", fast.New}, {"NewLegacy3", fast.NewLegacy3}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := tc.newApp()
			app.Use(bodyparser.Multipart())
			app.Post("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
				body := req.Body().(*fast.Object)
				v, _ := body.Get("a")
				s, _ := v.(string)
				res.SendString(s)
			})
			s := testserver.New(t, app)
			if r := s.Do(multipartRequest(part("a", "", "value") + "--" + boundary + "--\r\n")); r.Body != "value" {
				t.Errorf("multipart: %d %q", r.Status, r.Body)
			}
			if r := s.Do(testserver.Request("POST", "/", `{"a":"json"}`, "Content-Type: application/json")); r.Body != "" {
				t.Errorf("JSON was parsed: %q", r.Body)
			}
		})
	}
}

func TestConfigPanics(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]bodyparser.Config{
		"bad limit": {Limit: "abc"},
		"bad hash":  {Hash: "crc32"},
		"bad depth": {URLEncoded: fast.URLEncodedConfig{Depth: -5}},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				r, _ := recover().(string)
				if !strings.HasPrefix(r, "bodyparser:") {
					t.Errorf("recover() = %q", r)
				}
			}()
			bodyparser.New(c)
		})
	}
}
