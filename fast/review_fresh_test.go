package fast

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestReviewFreshEmptyFirstLine sends conditional requests whose first
// If-None-Match line is empty. Node joins repeated If-None-Match lines with
// ", " (an empty first line included), so fresh still compares the ETag
// of the lines after it. Expected statuses are Express 4.22.3's
// (/work/ref/probes/review3_inm2.js).
func TestReviewFreshEmptyFirstLine(t *testing.T) {
	t.Parallel()
	app := New()
	app.Get("/", func(req *Request, res *Response, next Next) {
		res.Set("Last-Modified", "Wed, 31 Dec 2025 00:00:00 GMT")
		res.Send("hello")
	})
	s := serveTest(t, app)
	const ims = "If-Modified-Since: Thu, 01 Jan 2026 00:00:00 GMT\r\n"
	for _, tc := range []struct {
		name, header string
		status       int
	}{
		{"an empty line then another ETag, with a fresh If-Modified-Since", "If-None-Match: \r\nIf-None-Match: W/\"other\"\r\n" + ims, 200},
		{"an empty line then the ETag, with a fresh If-Modified-Since", "If-None-Match: \r\nIf-None-Match: W/\"5-qvTGHdzF6KLavt4PO0gs2a6pQ00\"\r\n" + ims, 304},
		{"an empty line alone, with a fresh If-Modified-Since", "If-None-Match: \r\n" + ims, 304},
		{"an empty line then another ETag", "If-None-Match: \r\nIf-None-Match: W/\"other\"\r\n", 200},
		{"the ETag then an empty line", "If-None-Match: W/\"5-qvTGHdzF6KLavt4PO0gs2a6pQ00\"\r\nIf-None-Match: \r\n", 304},
		{"empty lines of both", "If-Modified-Since: \r\nIf-None-Match: \r\n", 200},
	} {
		conn, err := s.ln.Dial()
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		io.WriteString(conn, "GET / HTTP/1.1\r\nHost: x\r\n"+tc.header+"Connection: close\r\n\r\n")
		b, _ := io.ReadAll(conn)
		conn.Close()
		line, _, _ := strings.Cut(string(b), "\r\n")
		if want := map[int]string{200: "HTTP/1.1 200 OK", 304: "HTTP/1.1 304 Not Modified"}[tc.status]; line != want {
			t.Errorf("%s: %q, want %q", tc.name, line, want)
		}
	}
}

// TestReviewStaticEmptyFirstLine is TestReviewFreshEmptyFirstLine for
// Static (serve-static's send reads the same joined headers, If-Match
// too). Expected statuses are Express 4.22.3's
// (/work/ref/probes/review3_static_inm.js).
func TestReviewStaticEmptyFirstLine(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(file, []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mtime := time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(file, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	app := New()
	app.Use(Static(dir))
	s := serveTest(t, app)
	const ims = "If-Modified-Since: Thu, 01 Jan 2026 00:00:00 GMT\r\n"
	for _, tc := range []struct {
		name, header, status string
	}{
		{"an empty line then another ETag, with a fresh If-Modified-Since", "If-None-Match: \r\nIf-None-Match: W/\"other\"\r\n" + ims, "200 OK"},
		{"an empty line alone, with a fresh If-Modified-Since", "If-None-Match: \r\n" + ims, "304 Not Modified"},
		{"an empty If-Match line then one that does not match", "If-Match: \r\nIf-Match: \"nope\"\r\n", "412 Precondition Failed"},
	} {
		conn, err := s.ln.Dial()
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(10 * time.Second))
		io.WriteString(conn, "GET /a.txt HTTP/1.1\r\nHost: x\r\n"+tc.header+"Connection: close\r\n\r\n")
		b, _ := io.ReadAll(conn)
		conn.Close()
		line, _, _ := strings.Cut(string(b), "\r\n")
		if want := "HTTP/1.1 " + tc.status; line != want {
			t.Errorf("%s: %q, want %q", tc.name, line, want)
		}
	}
}
