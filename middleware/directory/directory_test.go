package directory_test

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/directory"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// TestGHSAv633 is the serve-index advisory GHSA-v633-x5vv-hqwc (fixed in
// 1.6.3): a file name holding HTML is escaped in the text and title of
// the listing, and percent-encoded in its href, with the default template
// too.
func TestGHSAv633(t *testing.T) {
	t.Parallel()
	root := makeFixture(t)
	app := fast.New()
	app.Use(directory.New(root))
	r := testserver.New(t, app).Get("/", "Accept: text/html")
	if r.Status != 200 {
		t.Fatalf("status %d", r.Status)
	}
	if strings.Contains(r.Body, `<img src=""`) {
		t.Error("the file name is not escaped")
	}
	for _, want := range []string{
		`href="/%3Cimg%20src%3D%22%22%20onerror%3Dalert(0)%3E.txt"`,
		`title="&lt;img src=&quot;&quot; onerror=alert(0)&gt;.txt"`,
		`<span class="name">&lt;img src=&quot;&quot; onerror=alert(0)&gt;.txt</span>`,
	} {
		if !strings.Contains(r.Body, want) {
			t.Errorf("listing lacks %s", want)
		}
	}
}

// TestServeIndexSuite ports it() sentences of serve-index's
// test/test.js that the differential cases do not name.
func TestServeIndexSuite(t *testing.T) {
	t.Parallel()
	root := makeFixture(t)
	for _, tt := range []struct {
		name   string
		config directory.Config
		path   string
		accept string
		status int
		has    []string
		hasNot []string
		ctype  string
	}{
		{"should return text/html by default", directory.Config{}, "/", "", 200, []string{"<title>listing directory /</title>"}, nil, "text/html; charset=utf-8"},
		{"should serve directory listings", directory.Config{}, "/", "text/plain", 200, []string{"a.txt\n", "sub\n"}, []string{".hidden"}, "text/plain; charset=utf-8"},
		{"should include hidden files when hidden is true", directory.Config{Hidden: true}, "/", "text/plain", 200, []string{".hidden\n"}, nil, "text/plain; charset=utf-8"},
		{"should filter directory contents", directory.Config{Filter: func(name string, _ int, _ []string, _ string) bool { return strings.HasSuffix(name, ".txt") }}, "/", "application/json", 200, []string{`"a.txt"`}, []string{`"B.md"`, `"sub"`}, "application/json; charset=utf-8"},
		{"should include icons when icons is true", directory.Config{Icons: true}, "/", "text/html", 200, []string{`class="icon icon icon-txt icon-text"`, `class="icon icon-directory"`}, nil, "text/html; charset=utf-8"},
		{"should not include icons by default", directory.Config{}, "/", "text/html", 200, []string{`class=""`}, []string{"icon-"}, "text/html; charset=utf-8"},
		{"should show the up path link below root", directory.Config{}, "/sub/", "text/html", 200, []string{`<a href="/" class="" title="..">`}, nil, "text/html; charset=utf-8"},
		{"should not show the up path link at root", directory.Config{}, "/", "text/html", 200, nil, []string{`title=".."`}, "text/html; charset=utf-8"},
		{"should respond with 406 for an unacceptable type", directory.Config{}, "/", "image/png", 406, nil, nil, ""},
		{"should deny path outside root", directory.Config{}, "/%2e%2e/", "text/plain", 403, nil, nil, ""},
		{"should skip non-existent paths", directory.Config{}, "/nope/", "text/plain", 404, nil, nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			app := fast.New()
			app.Use(directory.New(root, tt.config))
			var h []string
			if tt.accept != "" {
				h = append(h, "Accept: "+tt.accept)
			}
			r := testserver.New(t, app).Get(tt.path, h...)
			if r.Status != tt.status {
				t.Fatalf("status %d, want %d", r.Status, tt.status)
			}
			if tt.ctype != "" && r.Get("Content-Type") != tt.ctype {
				t.Errorf("Content-Type %q, want %q", r.Get("Content-Type"), tt.ctype)
			}
			for _, s := range tt.has {
				if !strings.Contains(r.Body, s) {
					t.Errorf("body lacks %q", s)
				}
			}
			for _, s := range tt.hasNot {
				if strings.Contains(r.Body, s) {
					t.Errorf("body has %q", s)
				}
			}
		})
	}
}

func TestNewPanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if r := recover(); r == nil || !strings.HasPrefix(r.(string), "directory:") {
			t.Errorf("recover() = %v", r)
		}
	}()
	directory.New("")
}
