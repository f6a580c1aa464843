package directory_test

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/directory"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// serveIndexIcons is serve-index's icon directory on this machine, used
// to compare the icon style byte for byte; the icon cases are skipped
// without it.
const serveIndexIcons = "/work/ref/mw/node_modules/connect/node_modules/serve-index/public/icons"

type fixtureEntry struct {
	Path    string `json:"path"`
	PathHex string `json:"pathHex"`
	Content string `json:"content"`
	Link    string `json:"link"`
	Dir     bool   `json:"dir"`
	Mtime   int64  `json:"mtime"`
}

// makeFixture builds the tree of testdata/fixture.json under a temporary
// directory, as record.js builds it.
func makeFixture(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("testdata/fixture.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Entries []fixtureEntry }
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for _, e := range f.Entries {
		if e.PathHex != "" {
			name, err := hex.DecodeString(e.PathHex)
			if err != nil {
				t.Fatal(err)
			}
			e.Path = string(name)
		}
		p := filepath.Join(root, e.Path)
		dir := filepath.Dir(p)
		if e.Dir {
			dir = p
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		switch {
		case e.Link != "":
			err = os.Symlink(e.Link, p)
		case !e.Dir:
			err = os.WriteFile(p, []byte(e.Content), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
		if e.Mtime != 0 {
			mt := time.Unix(e.Mtime, 0)
			if err := os.Chtimes(p, mt, mt); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

func tpl(c directory.Config) directory.Config {
	c.Template, c.Stylesheet, c.Location = "testdata/template.html", "testdata/style.css", time.UTC
	return c
}

// TestDifferential replays serve-index 1.7.3's answers in Express
// (testdata/golden.json, written by testdata/record.js with TZ=UTC):
// status, headers and body, byte for byte.
func TestDifferential(t *testing.T) {
	root := makeFixture(t)
	_, iconErr := os.Stat(serveIndexIcons)
	build := func(name string) *fast.App {
		app := testserver.Production(fast.New())
		switch name {
		case "default":
			app.Use(directory.New(root, tpl(directory.Config{})))
		case "hidden":
			app.Use(directory.New(root, tpl(directory.Config{Hidden: true})))
		case "icons":
			app.Use(directory.New(root, tpl(directory.Config{Icons: true, IconDir: serveIndexIcons})))
		case "details":
			app.Use(directory.New(root, tpl(directory.Config{Icons: true, IconDir: serveIndexIcons, View: "details"})))
		case "filter":
			app.Use(directory.New(root, tpl(directory.Config{Filter: func(name string, i int, list []string, dir string) bool {
				return !strings.HasSuffix(name, ".md") && i >= 0 && len(list) > 0 && dir != ""
			}})))
		case "mounted":
			app.Use("/files", directory.New(root, tpl(directory.Config{})))
		case "paired":
			app.Use(fast.Static(root))
			app.Use(directory.New(root, tpl(directory.Config{})))
		}
		return app
	}
	cases := testserver.Load(t, "testdata/golden.json")
	testserver.Replay(t, cases, build, func(t *testing.T, c *testserver.Case, got *testserver.Response) {
		if (c.App == "icons" || c.App == "details") && iconErr != nil {
			t.Skip("serve-index's icons are not installed")
		}
		if got.Status != c.Response.Status {
			t.Errorf("status %d, Node %d", got.Status, c.Response.Status)
		}
		testserver.CompareHeaders(t, &c.Response, got, nil, "Last-Modified", "ETag")
		if got.Body != c.Response.Body {
			t.Errorf("body differs:\n got: %q\nNode: %q", got.Body, c.Response.Body)
		}
	})
}
