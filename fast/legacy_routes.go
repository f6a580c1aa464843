package fast

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/fwgo/fw/router"
)

// RouteRecord is one route of App.Routes, as a route object of Express 3's
// app.routes: a path and one method with its callbacks.
type RouteRecord struct {
	// Path is the path the route was added with, as given.
	Path any
	// Method is the method, lower-case ("get", "m-search").
	Method string
	// Callbacks is the number of handlers the route runs for Method.
	Callbacks int
	// Keys are the route's parameters, in order, as Express 3 lists them.
	Keys []RouteKey
	// Regexp is Express 3's regular expression for Path, as JavaScript
	// prints it ("/^\/user\/(?:([^\/]+?))\/?$/i"). It documents the route;
	// matching follows the path syntax of this package (see doc.go).
	Regexp string

	route  *Route
	method int
}

// RouteKey is a parameter of a RouteRecord.
type RouteKey struct {
	Name     string `json:"name"`
	Optional bool   `json:"optional"`
}

// Routes returns the app's routes keyed by lower-case method, each list in
// the order the routes were added, as app.routes of Express 3. A route
// answering several methods (Route, All) is listed under each. It is a
// snapshot of the router the app's routes are added to (for a 3.x app,
// app.router); Remove takes a route out of the router. Routes of routers
// and apps mounted with Use are not listed, as in Express 3.
func (a *App) Routes() map[string][]RouteRecord {
	r := a.paramRouter()
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make(map[string][]RouteRecord)
	for _, l := range r.stack {
		rt := l.route
		if rt == nil {
			continue
		}
		var keys []RouteKey
		src := legacyRegexp(rt.path, r.opts, &keys)
		for m, name := range methodNames {
			n := 0
			for _, h := range rt.stack {
				if h.method == m || h.method < 0 {
					n++
				}
			}
			if n == 0 {
				continue
			}
			verb := strings.ToLower(name)
			out[verb] = append(out[verb], RouteRecord{Path: rt.path, Method: verb, Callbacks: n,
				Keys: keys, Regexp: src, route: rt, method: m})
		}
	}
	return out
}

// Remove takes the route's handlers for its method out of the router, as
// splicing app.routes does in Express 3; the route no longer answers that
// method (a route left without handlers leaves the stack). It reports
// whether there was anything to remove. Handlers added with Route.All
// stay for the other methods.
func (rr RouteRecord) Remove() bool {
	rt := rr.route
	if rt == nil {
		return false
	}
	r := rt.owner
	r.mu.Lock()
	defer r.mu.Unlock()
	var kept []routeHandler
	removed := false
	for _, h := range rt.stack {
		switch {
		case h.method == rr.method:
			removed = true
		case h.method < 0:
			removed = true
			for m := range methodNames {
				if m != rr.method {
					kept = append(kept, routeHandler{method: m, h: h.h})
				}
			}
		default:
			kept = append(kept, h)
		}
	}
	if !removed {
		return false
	}
	rt.stack = kept
	rt.methods = 0
	rt.order = rt.order[:0]
	for _, h := range kept {
		if rt.methods&(1<<h.method) == 0 {
			rt.methods |= 1 << h.method
			rt.order = append(rt.order, methodNames[h.method])
		}
	}
	if len(kept) == 0 {
		r.stack = slices.DeleteFunc(r.stack, func(l *layer) bool { return l.route == rt })
	}
	r.invalidate()
	return true
}

// legacyKeyRe is the parameter rewrite of Express 3's utils.pathRegexp.
var legacyKeyRe = regexp.MustCompile(`(\/)?(\.)?:(\w+)(?:(\(.*?\)))?(\?)?(\*)?`)

// legacyRegexp returns Express 3's regular expression for a route path, as
// JavaScript prints it, and appends its keys.
func legacyRegexp(path any, opts RouterOptions, keys *[]RouteKey) string {
	switch p := path.(type) {
	case *regexp.Regexp:
		return "/" + escapeSlashes(p.String()) + "/"
	case router.JSRegExp:
		return "/" + p.Source + "/" + p.Flags
	case []string:
		path = "(" + strings.Join(p, "|") + ")"
	}
	s, ok := path.(string)
	if !ok {
		return fmt.Sprint(path)
	}
	if !opts.Strict {
		s += "/?"
	}
	s = strings.ReplaceAll(s, "/(", "(?:/")
	s = legacyKeyRe.ReplaceAllStringFunc(s, func(m string) string {
		g := legacyKeyRe.FindStringSubmatch(m)
		slash, format, key, capture, optional, star := g[1], g[2], g[3], g[4], g[5], g[6]
		*keys = append(*keys, RouteKey{Name: key, Optional: optional != ""})
		if capture == "" {
			if format != "" {
				capture = "([^/.]+?)"
			} else {
				capture = "([^/]+?)"
			}
		}
		var b strings.Builder
		if optional == "" {
			b.WriteString(slash)
		}
		b.WriteString("(?:")
		if optional != "" {
			b.WriteString(slash)
		}
		b.WriteString(format + capture + ")" + optional)
		if star != "" {
			b.WriteString("(/*)?")
		}
		return b.String()
	})
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '/' || s[i] == '.' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	s = strings.ReplaceAll(b.String(), "*", "(.*)")
	flags := "i"
	if opts.CaseSensitive {
		flags = ""
	}
	return "/^" + s + "$/" + flags
}

// escapeSlashes escapes the '/' of a regular expression source that are
// not escaped, as JavaScript prints a RegExp.
func escapeSlashes(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\\':
			b.WriteByte('\\')
			if i+1 < len(src) {
				i++
				b.WriteByte(src[i])
			}
			continue
		case '/':
			b.WriteByte('\\')
		}
		b.WriteByte(src[i])
	}
	return b.String()
}
