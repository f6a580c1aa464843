package fast

import (
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/fwgo/fw/static"
)

// ViewEngine renders the template file at path with locals, writing the
// result to w, as an Express template engine's (path, options, callback)
// does: locals are the merged app.locals, res.locals and the render
// call's locals, with "settings" (the app's settings) and "cache" (true
// when the template may be compiled once and kept; see the "view cache"
// setting). A returned error goes to the render callback, or to next(err).
// An engine may write part of the output before failing; it is discarded.
//
// Register one per file extension with App.Engine. HTMLTemplate, Go's
// html/template, serves ".html" without registration; any other engine is
// a function of this type, for example around text/template or a
// third-party package:
//
//	app.Engine("tmpl", func(w io.Writer, path string, locals map[string]any) error {
//		t, err := texttemplate.ParseFiles(path)
//		if err != nil {
//			return err
//		}
//		return t.Execute(w, locals)
//	})
type ViewEngine func(w io.Writer, path string, locals map[string]any) error

// View is a view found by name, as an instance of Express's View class:
// the file it resolved to ("" when none was found) and how it renders.
type View interface {
	// Path returns the template file, or "" when the view was not found.
	Path() string
	// Render writes the view rendered with locals to w.
	Render(w io.Writer, locals map[string]any) error
}

// ViewOptions are what Express's View constructor receives.
type ViewOptions struct {
	// DefaultEngine is the "view engine" setting: the extension of a name
	// given without one.
	DefaultEngine string
	// Root is the "views" setting: the directories searched, in order.
	Root []string
	// Engines are the app's engines by extension (".tmpl"); read only.
	Engines map[string]ViewEngine
}

// ViewFactory makes the View of a name, as new View(name, options) does;
// set one as the "view" setting to replace Express's lookup. An error is
// what the constructor would throw: Render returns it.
type ViewFactory func(name string, opts ViewOptions) (View, error)

// fileView is Express's View: a template file found under the views
// directories and the engine of its extension.
type fileView struct {
	path   string
	engine ViewEngine
}

func (v *fileView) Path() string { return v.path }

func (v *fileView) Render(w io.Writer, locals map[string]any) error {
	return v.engine(w, v.path, locals)
}

// NewView is Express's View constructor and lookup, the default "view"
// setting. The extension of name, or else DefaultEngine, chooses the
// engine (".html" is HTMLTemplate unless one is registered); the file is
// searched in each Root directory in order, as "<name><ext>" and then as
// "<name>/index<ext>". An absolute name is used as it is; a relative
// name that leaves a Root directory (with "..") is not searched there.
// When nothing is found the View's Path is "".
func NewView(name string, opts ViewOptions) (View, error) {
	ext := extname(name)
	if ext == "" && opts.DefaultEngine == "" {
		return nil, &HTTPError{Message: "No default engine was specified and no extension was provided."}
	}
	file := name
	if ext == "" {
		ext = opts.DefaultEngine
		if ext[0] != '.' {
			ext = "." + ext
		}
		file += ext
	}
	engine := opts.Engines[ext]
	if engine == nil {
		if ext != ".html" {
			return nil, &HTTPError{Message: "Module \"" + ext[1:] + "\" does not provide a view engine."}
		}
		engine = HTMLTemplate
	}
	v := &fileView{engine: engine}
	for _, root := range opts.Root {
		if v.path = lookupView(root, file, ext); v.path != "" {
			break
		}
	}
	return v, nil
}

// lookupView is View.prototype.lookup for one root: resolve(root, name),
// then the file itself or its directory's index file, whichever is a file.
func lookupView(root, name, ext string) string {
	var loc string
	if filepath.IsAbs(name) {
		r, err := static.Resolve(name)
		if err != nil {
			return ""
		}
		loc = r
	} else {
		r, err := static.Resolve(root)
		if err != nil {
			return ""
		}
		l, err := static.Resolve(r + "/" + name)
		if err != nil || !(l == r || strings.HasPrefix(l, strings.TrimSuffix(r, "/")+"/")) {
			return "" // the name leaves the views directory
		}
		loc = l
	}
	dir, file := filepath.Split(loc)
	if p := filepath.Join(dir, file); isFile(p) {
		return p
	}
	if p := filepath.Join(dir, strings.TrimSuffix(file, ext), "index"+ext); isFile(p) {
		return p
	}
	return ""
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// htmlTemplates are the templates HTMLTemplate compiled with cache on.
var htmlTemplates sync.Map // path -> *template.Template

// HTMLTemplate is the ViewEngine of ".html" files: Go's html/template,
// executed with the locals map as data ({{.user.name}}). With the "cache"
// local true (the "view cache" setting, on in production) a file is
// parsed once and kept; otherwise it is read at every render.
func HTMLTemplate(w io.Writer, path string, locals map[string]any) error {
	cache := truthy(locals["cache"])
	if cache {
		if t, ok := htmlTemplates.Load(path); ok {
			return t.(*template.Template).Execute(w, locals)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	t, err := template.New(filepath.Base(path)).Parse(string(b))
	if err != nil {
		return err
	}
	if cache {
		htmlTemplates.Store(path, t)
	}
	return t.Execute(w, locals)
}

// viewRegistry is an app's template engines and cached views, as Express's
// app.engines and app.cache.
type viewRegistry struct {
	mu      sync.Mutex
	engines map[string]ViewEngine
	cache   map[string]View
}

// appendWriter collects rendered output in a byte slice.
type appendWriter struct{ buf []byte }

func (w *appendWriter) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	return len(p), nil
}
