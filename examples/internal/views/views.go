// Package views is the template engine of the ported examples whose
// originals render ejs or hbs views: Go's html/template, executed with the
// render locals as data ({{.title}}), plus an include function that
// renders another view file the way ejs's include does.
//
//	{{include "header"}}                          the view header<ext> next to this file
//	{{include "../footer"}}                       paths are relative to the including file
//	{{include "head" "title" "Authentication"}}   extra locals, as include('head', {title: ...})
//
// Register it for an extension with app.Engine("html", views.Engine).
// Files are parsed at every render: the examples favour editing views
// while the server runs over speed.
package views

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
)

// Engine is a fast.ViewEngine: it renders the template file at path with
// locals.
func Engine(w io.Writer, path string, locals map[string]any) error {
	return render(w, path, locals, 0)
}

// maxDepth bounds nested includes (a view including itself).
const maxDepth = 32

func render(w io.Writer, path string, locals map[string]any, depth int) error {
	if depth > maxDepth {
		return fmt.Errorf("views: includes nested deeper than %d at %s", maxDepth, path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	include := func(name string, kv ...any) (template.HTML, error) {
		if filepath.Ext(name) == "" {
			name += filepath.Ext(path)
		}
		data := make(map[string]any, len(locals)+len(kv)/2)
		for k, v := range locals {
			data[k] = v
		}
		if len(kv)%2 != 0 {
			return "", fmt.Errorf("views: include %q: odd number of key/value arguments", name)
		}
		for i := 0; i < len(kv); i += 2 {
			k, ok := kv[i].(string)
			if !ok {
				return "", fmt.Errorf("views: include %q: key %v is not a string", name, kv[i])
			}
			data[k] = kv[i+1]
		}
		var buf bytes.Buffer
		if err := render(&buf, filepath.Join(filepath.Dir(path), name), data, depth+1); err != nil {
			return "", err
		}
		// The included view escaped its own values.
		return template.HTML(buf.String()), nil //nolint:gosec // rendered by html/template
	}
	t, err := template.New(filepath.Base(path)).Funcs(template.FuncMap{"include": include}).Parse(string(src))
	if err != nil {
		return err
	}
	return t.Execute(w, locals)
}
