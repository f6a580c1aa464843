package fast

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes name → content under dir, making directories.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestViewHTMLTemplate: Go's html/template renders ".html" views without
// registering an engine, with the merged locals as its data, escaping
// what it interpolates; "view cache" keeps the parsed template.
func TestViewHTMLTemplate(t *testing.T) {
	t.Parallel()
	views := t.TempDir()
	writeFiles(t, views, map[string]string{
		"page.html":       `<h1>{{.title}}</h1>{{range .items}}<li>{{.}}</li>{{end}}<p>{{.site}} {{.user}}</p>`,
		"blog/index.html": `<a href="/?q={{.q}}">{{.settings.env}}</a>`,
	})
	app := New()
	app.Set("views", views)
	app.Set("view engine", "html")
	app.Locals()["site"] = "fw"
	app.Get("/", func(req *Request, res *Response, next Next) {
		res.Locals()["user"] = "<tobi>"
		res.Render("page", map[string]any{"title": `a "b" & <c>`, "items": []string{"x", "<y>"}}, nil)
	})
	app.Get("/blog", func(req *Request, res *Response, next Next) {
		res.Render("blog", map[string]any{"q": "a b&c"}, nil)
	})
	s := serveTest(t, app)
	r := s.do("GET", "/")
	r.expect(t, 200, `<h1>a &#34;b&#34; &amp; &lt;c&gt;</h1><li>x</li><li>&lt;y&gt;</li><p>fw &lt;tobi&gt;</p>`)
	r.expectHeader(t, "Content-Type", "text/html; charset=utf-8")
	s.do("GET", "/blog").expect(t, 200, `<a href="/?q=a%20b%26c">development</a>`)

	// The "view cache" setting (on in production) parses a file once.
	cached := New()
	cached.Set("views", views)
	cached.Set("view cache", true)
	writeFiles(t, views, map[string]string{"cached.html": "<p>{{.v}}</p>"})
	expectRendered(t, cached, "cached.html", map[string]any{"v": 1}, "<p>1</p>")
	writeFiles(t, views, map[string]string{"cached.html": "<b>{{.v}}</b>"})
	expectRendered(t, cached, "cached.html", map[string]any{"v": 2}, "<p>2</p>")
	expectRendered(t, app, "cached.html", map[string]any{"v": 3}, "<b>3</b>")

	// A template error is the render error.
	writeFiles(t, views, map[string]string{"bad.html": "{{.x"})
	if _, err := renderSync(t, app, "bad.html", nil); err == nil || !strings.Contains(err.Error(), "bad.html") {
		t.Errorf("bad template: error %v", err)
	}
}

// TestViewNameCannotEscapeViews: a relative view name is looked up only
// inside the views directories; one that leaves them with ".." is not
// found there (Express's path.resolve would read the file outside), in
// every directory of a list, whatever the extension rules add. Nothing of
// the outside file reaches the response.
func TestViewNameCannotEscapeViews(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	writeFiles(t, base, map[string]string{
		"views/ok.tmpl":         "ok $user.name",
		"views/sub/index.tmpl":  "sub index",
		"views2/later.tmpl":     "later",
		"secret.tmpl":           "SECRET",
		"secret/index.tmpl":     "SECRET INDEX",
		"views-evil/steal.tmpl": "SECRET SIBLING",
		"secret.html":           "SECRET HTML",
	})
	views, views2 := filepath.Join(base, "views"), filepath.Join(base, "views2")
	for _, roots := range [][]string{{views}, {views, views2}} {
		app := renderApp()
		app.Set("views", roots)
		app.Set("view engine", "tmpl")
		app.Locals()["user"] = map[string]any{"name": "tobi"}
		expectRendered(t, app, "ok", nil, "ok tobi")
		expectRendered(t, app, "sub", nil, "sub index")
		expectRendered(t, app, "sub/../ok", nil, "ok tobi")
		expectRendered(t, app, "./sub/../../views/ok", nil, "ok tobi")
		for _, name := range []string{
			"../secret", "../secret.tmpl", "sub/../../secret", "./../secret", "..", "../secret/index",
			"../views-evil/steal", "../../" + filepath.Base(base) + "/secret", "sub/../../../" + filepath.Base(base) + "/secret",
			"%2e%2e/secret", "../secret.html",
		} {
			html, err := renderSync(t, app, name, nil)
			if err == nil || strings.Contains(html, "SECRET") {
				t.Errorf("views %v: render %q = %q, %v; want a lookup error", roots, name, html, err)
				continue
			}
			if !strings.HasPrefix(err.Error(), `Failed to lookup view "`+name+`" in views director`) {
				t.Errorf("views %v: render %q: error %q", roots, name, err)
			}
		}
	}

	// On Linux a backslash is a file name byte: `..\secret` has the
	// extension `.\secret` (as path.extname says) and no engine.
	if html, err := renderSync(t, renderApp(), `..\secret`, nil); err == nil || strings.Contains(html, "SECRET") {
		t.Errorf(`render "..\\secret" = %q, %v`, html, err)
	}

	// Through res.render, the error reaches the error handler; the page
	// does not show the file.
	app := renderApp()
	app.Set("views", views)
	app.Set("env", "production")
	app.Locals()["user"] = map[string]any{"name": "tobi"}
	app.Use(func(req *Request, res *Response, next Next) {
		v, _ := req.QueryValue("v")
		res.Render(v, nil, nil)
	})
	s := serveTest(t, app)
	r := s.do("GET", "/?v=../secret.tmpl")
	r.expectStatus(t, 500)
	if strings.Contains(r.body, "SECRET") {
		t.Errorf("body %q", r.body)
	}
	s.do("GET", "/?v=ok.tmpl").expect(t, 200, "ok tobi")
}
