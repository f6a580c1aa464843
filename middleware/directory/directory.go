// Package directory is Express 3.x's directory(): the serve-index 1.7.3
// middleware that connect 2.30.2 (the connect of Express 3.21) bundles. It
// answers a GET or HEAD of a directory under root with a listing of its
// files, as text/html, text/plain or application/json, whichever the
// request's Accept header prefers (HTML without one). Pair it with
// fast.Static, which serves the files themselves:
//
//	app.Use(fast.Static("public"))
//	app.Use(directory.New("public", directory.Config{Icons: true}))
//
// The package is named after Express 3's directory() rather than
// serve-index, as the other middleware packages are named after the
// Express 3 functions (compress, csrf, logger ...).
//
// As serve-index does, it:
//
//   - answers any method other than GET and HEAD, on any path, with 405
//     (200 for OPTIONS), Allow: GET, HEAD, OPTIONS and an empty body;
//   - decodes the request path (mount path removed) with
//     decodeURIComponent (a malformed escape is a 500 error), refuses a NUL
//     byte (400) and a path that leads outside root (403), and so never
//     lists or stats anything outside root;
//   - passes on (next()) when the path does not exist or is not a
//     directory; a path too long is a 414 error, other file system errors
//     500 (ENOTDIR included, as Node reports it);
//   - lists the names of the directory without the hidden (dot) ones
//     unless Config.Hidden, keeps those Config.Filter accepts, sorted by
//     UTF-16 code units; text/plain is one name a line, JSON an array;
//   - in HTML, adds ".." below root, sorts directories first then by name
//     as ICU's root collation orders the lower-cased names (Node's
//     localeCompare), and fills a template's {style}, {files},
//     {directory} and {linked-path} in turn with JavaScript's
//     String.replace, $ patterns included;
//   - answers 406 when none of the three types is acceptable.
//
// Listings are sent with Content-Type and Content-Length, without ETag,
// and with no body for HEAD. Modification dates are formatted as Node's
// toLocaleDateString() and toLocaleTimeString() in the en-US locale
// ("1/2/2006 3:04:05 PM") in Config.Location.
//
// The default template and stylesheet are this package's own, not
// serve-index's: its page (with a search box script) and the famfamfam
// silk icons it embeds are not copied. Config.Template, Config.Stylesheet
// and Config.IconDir take serve-index's files (its public/directory.html,
// public/style.css and public/icons) for a page byte-identical to
// Express 3's.
package directory

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/internal/uri"
)

// Config configures New. The zero value is serve-index's defaults.
type Config struct {
	// Hidden lists the hidden (dot) files too. Optional. Default: false.
	Hidden bool
	// Icons adds icon classes to the HTML listing, and to its style the
	// icon images of IconDir. Optional. Default: false.
	Icons bool
	// Filter, when set, keeps the names for which it returns true: name,
	// its index in list (the names left after hiding dot files) and the
	// file system path of the directory, as serve-index's filter option.
	// It is called for every listed directory, concurrently from
	// concurrent requests.
	Filter func(name string, index int, list []string, dir string) bool
	// Template is the path of the HTML template, read at each request.
	// Optional. Default: this package's template.
	Template string
	// Stylesheet is the path of the stylesheet put in {style}, read at
	// each request. Optional. Default: this package's stylesheet.
	Stylesheet string
	// IconDir is a directory of icon images named as serve-index names
	// them (page_white.png, folder.png ...), embedded in the style when
	// Icons is set, as serve-index embeds its own. Optional. Default: none
	// (the icon classes are set, no image rule is added).
	IconDir string
	// View is the HTML view: "tiles" or "details" (adds a header row).
	// Optional. Default: "tiles".
	View string
	// Location is the time zone of the dates shown. Optional. Default:
	// time.Local, as Node uses the process's time zone.
	Location *time.Location
}

type middleware struct {
	root string // absolute, clean, ending with a separator
	Config
}

// New returns serveIndex(root, options). It panics, with a "directory:"
// prefix, when root is empty or cannot be made absolute. The handler is
// safe for concurrent use.
func New(root string, config ...Config) fast.Handler {
	if root == "" {
		panic("directory: root path required")
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		panic("directory: " + err.Error())
	}
	m := &middleware{root: withSep(abs)}
	if len(config) > 0 {
		m.Config = config[0]
	}
	if m.View == "" {
		m.View = "tiles"
	}
	if m.Location == nil {
		m.Location = time.Local
	}
	return m.handle
}

func withSep(p string) string {
	if strings.HasSuffix(p, string(filepath.Separator)) {
		return p
	}
	return p + string(filepath.Separator)
}

func (m *middleware) handle(req *fast.Request, res *fast.Response, next fast.Next) {
	if method := req.Method(); method != "GET" && method != "HEAD" {
		status := 405
		if method == "OPTIONS" {
			status = 200
		}
		res.Status(status).Set("Allow", "GET, HEAD, OPTIONS")
		res.Set("Content-Length", "0")
		_ = res.End()
		return
	}
	dir, ok := decode(req.Path())
	origDir, ok2 := decode(originalPathname(req.OriginalURL()))
	if !ok || !ok2 {
		next(&fast.HTTPError{Status: 500, Name: "URIError", Message: "URI malformed"})
		return
	}
	p, status := m.resolve(dir)
	if status != 0 {
		next(fast.NewHTTPError(status, ""))
		return
	}
	showUp := withSep(filepath.Clean(p)) != m.root

	st, err := os.Stat(p)
	switch {
	case errors.Is(err, syscall.ENOENT):
		next()
		return
	case errors.Is(err, syscall.ENAMETOOLONG):
		next(&fast.HTTPError{Status: 414, Message: err.Error(), Err: err})
		return
	case err != nil:
		next(&fast.HTTPError{Status: 500, Message: err.Error(), Err: err})
		return
	case !st.IsDir():
		next()
		return
	}
	names, err := readNames(p)
	if err != nil {
		next(&fast.HTTPError{Status: 500, Message: err.Error(), Err: err})
		return
	}
	for i, n := range names {
		names[i] = nodeUTF8(n) // fs.readdir's strings
	}
	if !m.Hidden {
		names = removeHidden(names)
	}
	if m.Filter != nil {
		kept := make([]string, 0, len(names))
		for i, n := range names {
			if m.Filter(n, i, names, p) {
				kept = append(kept, n)
			}
		}
		names = kept
	}
	sortUTF16(names)

	typ, ok := req.Accepts("text/html", "text/plain", "application/json")
	if !ok {
		next(fast.NewHTTPError(406, ""))
		return
	}
	var body, ctype string
	switch typ {
	case "text/plain":
		body, ctype = strings.Join(names, "\n")+"\n", "text/plain; charset=utf-8"
	case "application/json":
		body, ctype = jsonArray(names), "application/json; charset=utf-8"
	default:
		body, err = m.html(p, origDir, names, showUp)
		if err != nil {
			next(&fast.HTTPError{Status: 500, Message: err.Error(), Err: err})
			return
		}
		ctype = "text/html; charset=utf-8"
	}
	res.Set("Content-Type", ctype)
	res.Set("Content-Length", strconv.Itoa(len(body)))
	_ = res.End(body)
}

// resolve is serve-index's normalize(join(rootPath, dir)) and its checks:
// the file system path of the decoded request path dir, or a status of
// 400 (a NUL byte) or 403 (a path outside root). A path it returns is
// root or below it.
func (m *middleware) resolve(dir string) (p string, status int) {
	p = filepath.Join(m.root, dir)
	if strings.HasSuffix(dir, "/") {
		p = withSep(p) // Node's normalize keeps a trailing separator
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", 400
	}
	if !strings.HasPrefix(withSep(p), m.root) {
		return "", 403
	}
	return p, 0
}

// decode is decodeURIComponent; false for a malformed escape.
func decode(s string) (string, bool) {
	if !uri.NeedsDecode(s) {
		return s, true
	}
	b, ok := uri.AppendDecodeComponent(nil, s)
	return string(b), ok
}

// originalPathname is parseurl.original(req).pathname: the original URL
// up to its query or fragment.
func originalPathname(u string) string {
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return u
}

// readNames returns the names of directory p, as fs.readdir does.
func readNames(p string) ([]string, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

func removeHidden(names []string) []string {
	kept := names[:0]
	for _, n := range names {
		if !strings.HasPrefix(n, ".") {
			kept = append(kept, n)
		}
	}
	return kept
}
