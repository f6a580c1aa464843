package directory

import (
	_ "embed"
	"encoding/base64"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/fwgo/fw/internal/html"
	"github.com/fwgo/fw/internal/mime"
	"github.com/fwgo/fw/internal/uri"
)

//go:embed public/template.html
var defaultTemplate string

//go:embed public/style.css
var defaultStylesheet string

// entry is a listed name and its stat (nil when the stat found nothing,
// as for a broken symbolic link).
type entry struct {
	name string
	stat os.FileInfo
}

func (e entry) isDir() bool { return e.stat != nil && e.stat.IsDir() }

// html is serveIndex.html: the listing of directory p, shown as dir (the
// original request path, decoded).
func (m *middleware) html(p, dir string, names []string, showUp bool) (string, error) {
	if showUp {
		names = append([]string{".."}, names...)
	}
	list := make([]entry, len(names))
	for i, n := range names {
		st, err := os.Stat(filepath.Join(p, n))
		if err != nil && !os.IsNotExist(err) {
			return "", err
		}
		list[i] = entry{name: n, stat: st}
	}
	sortEntries(list)
	style, err := readOr(m.Stylesheet, defaultStylesheet)
	if err != nil {
		return "", err
	}
	tpl, err := readOr(m.Template, defaultTemplate)
	if err != nil {
		return "", err
	}
	icons, err := m.iconStyle(list)
	if err != nil {
		return "", err
	}
	body := replaceJS(tpl, "{style}", style+icons)
	body = replaceJS(body, "{files}", m.fileList(list, dir))
	body = replaceJS(body, "{directory}", html.Escape(dir))
	body = replaceJS(body, "{linked-path}", linkedPath(dir))
	return body, nil
}

func readOr(file, def string) (string, error) {
	if file == "" {
		return def, nil
	}
	b, err := os.ReadFile(file)
	return string(b), err
}

// sortEntries is serve-index's fileSort, in a stable sort as V8's: ".."
// first, then directories, then by name.
func sortEntries(list []entry) {
	c := collators.Get().(*collator)
	defer collators.Put(c)
	slices.SortStableFunc(list, func(a, b entry) int {
		if a.name == ".." || b.name == ".." {
			switch {
			case a.name == b.name:
				return 0
			case a.name == "..":
				return -1
			}
			return 1
		}
		if da, db := a.isDir(), b.isDir(); da != db {
			if da {
				return -1
			}
			return 1
		}
		return c.compare(jsLower(a.name), jsLower(b.name))
	})
}

// fileList is createHtmlFileList.
func (m *middleware) fileList(list []entry, dir string) string {
	var b strings.Builder
	b.WriteString(`<ul id="files" class="view-` + html.Escape(m.View) + `">`)
	if m.View == "details" {
		b.WriteString(`<li class="header"><span class="name">Name</span><span class="size">Size</span><span class="date">Modified</span></li>`)
	}
	segs := strings.Split(dir, "/")
	for i, s := range segs {
		segs[i] = uri.EncodeURIComponent(s)
	}
	for i, e := range list {
		if i > 0 {
			b.WriteByte('\n')
		}
		var classes []string
		if m.Icons {
			classes = append(classes, "icon")
			if e.isDir() {
				classes = append(classes, "icon-directory")
			} else {
				ext := extname(e.name)
				icon := lookupIcon(e.name)
				classes = append(classes, "icon", "icon-"+strings.TrimPrefix(ext, "."))
				if !slices.Contains(classes, icon.class) {
					classes = append(classes, icon.class)
				}
			}
		}
		href := normalizeURLPath(strings.Join(append(slices.Clip(segs), uri.EncodeURIComponent(e.name)), "/"))
		date, size := "", ""
		if e.stat != nil && e.name != ".." {
			t := e.stat.ModTime().In(m.Location)
			date = t.Format("1/2/2006") + " " + t.Format("3:04:05 PM")
		}
		if e.stat != nil && !e.isDir() {
			size = strconv.FormatInt(e.stat.Size(), 10)
		}
		b.WriteString(`<li><a href="` + html.Escape(href) + `" class="` + html.Escape(strings.Join(classes, " ")) + `"` +
			` title="` + html.Escape(e.name) + `">` +
			`<span class="name">` + html.Escape(e.name) + `</span>` +
			`<span class="size">` + html.Escape(size) + `</span>` +
			`<span class="date">` + html.Escape(date) + `</span>` +
			`</a></li>`)
	}
	b.WriteString("</ul>")
	return b.String()
}

// normalizeURLPath is Node's path.posix.normalize of an href: "." and ".."
// segments resolved, repeated slashes merged, a trailing slash kept.
func normalizeURLPath(p string) string {
	if p == "" {
		return "."
	}
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

// linkedPath is htmlPath: a link for each segment of dir, joined by " / ".
func linkedPath(dir string) string {
	parts := strings.Split(dir, "/")
	crumbs := make([]string, len(parts))
	for i, part := range parts {
		if part == "" {
			continue
		}
		parts[i] = uri.EncodeURIComponent(part)
		crumbs[i] = `<a href="` + html.Escape(strings.Join(parts[:i+1], "/")) + `">` + html.Escape(part) + `</a>`
	}
	return strings.Join(crumbs, " / ")
}

// extname is Node's path.extname of a file name: from its last dot,
// unless the name starts with that dot or is "..".
func extname(name string) string {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 || name == ".." {
		return ""
	}
	return name[i:]
}

// iconStyle is serve-index's iconStyle: one CSS rule for each icon image
// used, with the selectors of the classes that use it, in order of first
// use. Empty without Icons or IconDir.
func (m *middleware) iconStyle(list []entry) (string, error) {
	if !m.Icons || m.IconDir == "" {
		return "", nil
	}
	var order []string
	selectors := map[string][]string{}
	for _, e := range list {
		ic := icon{class: "icon-directory", file: "folder.png"}
		if !e.isDir() {
			ic = lookupIcon(e.name)
		}
		sel := "#files ." + ic.class + " .name"
		if _, ok := selectors[ic.file]; !ok {
			order = append(order, ic.file)
			selectors[ic.file] = nil
		}
		if !slices.Contains(selectors[ic.file], sel) {
			selectors[ic.file] = append(selectors[ic.file], sel)
		}
	}
	var b strings.Builder
	for _, f := range order {
		data, err := os.ReadFile(filepath.Join(m.IconDir, f))
		if err != nil {
			return "", err
		}
		b.WriteString(strings.Join(selectors[f], ",\n") + " {\n  background-image: url(data:image/png;base64," +
			base64.StdEncoding.EncodeToString(data) + ");\n}\n")
	}
	return b.String(), nil
}

// lookupIcon is serve-index's iconLookup.
func lookupIcon(name string) icon {
	ext := extname(name)
	if f, ok := icons[ext]; ok && ext != "" {
		return icon{class: "icon-" + strings.TrimPrefix(ext, "."), file: f}
	}
	typ, ok := mime.Types.Lookup(ext)
	if !ok {
		return icon{class: "icon-default", file: icons["default"]}
	}
	if f, ok := icons[typ]; ok {
		return icon{class: "icon-" + strings.Replace(typ, "/", "-", 1), file: f}
	}
	if _, suffix, ok := strings.Cut(typ, "+"); ok && suffix != "" {
		suffix, _, _ = strings.Cut(suffix, "+")
		if f, ok := icons["+"+suffix]; ok {
			return icon{class: "icon-" + suffix, file: f}
		}
	}
	major, _, _ := strings.Cut(typ, "/")
	if f, ok := icons[major]; ok {
		return icon{class: "icon-" + major, file: f}
	}
	return icon{class: "icon-default", file: icons["default"]}
}

type icon struct{ class, file string }
