// Command markdown is Express's examples/markdown in Go: a template engine
// registered for .md files, which renders markdown to HTML and fills
// {name} placeholders with the escaped locals. The original uses marked;
// the Go port a small renderer of its own (markdown.go). It listens on
// $PORT (default 3000).
package main

import (
	"fmt"
	"html"
	"io"
	"log"
	"os"
	"path/filepath"
	"regexp"

	"github.com/fwgo/fw/examples/internal/extest"
	"github.com/fwgo/fw/fast"
)

var placeholder = regexp.MustCompile(`\{([^}]+)\}`)

// engine renders the markdown view at path, then replaces each {name}
// with the escaped local of that name ("" when it is not a string).
func engine(w io.Writer, path string, locals map[string]any) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out := placeholder.ReplaceAllStringFunc(render(string(src)), func(m string) string {
		v, _ := locals[m[1:len(m)-1]].(string)
		return html.EscapeString(v)
	})
	_, err = io.WriteString(w, out)
	return err
}

func newApp(viewsDir string) *fast.App {
	abs, err := filepath.Abs(viewsDir)
	if err != nil {
		panic(fmt.Sprint("markdown: ", err))
	}
	app := fast.New()
	// Register .md as an engine in the view system.
	app.Engine("md", engine)
	app.Set("views", abs)
	// Make it the default, so we don't need .md.
	app.Set("view engine", "md")

	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Render("index", map[string]any{"title": "Markdown Example"}, nil)
	})
	app.Get("/fail", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Render("missing", map[string]any{"title": "Markdown Example"}, nil)
	})
	return app
}

func main() {
	srv, err := newApp(extest.Dir("markdown", "views")).Listen(extest.Port())
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("Express started on port %d", srv.Port())
	log.Fatal(srv.Wait())
}
