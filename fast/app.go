package fast

import (
	"sync"
	"sync/atomic"

	"github.com/valyala/fasthttp"
)

// App is an Express application, as returned by express(): a router with
// settings, locals and mount support. It is safe to register routes and
// change settings while it serves.
type App struct {
	mu                sync.Mutex
	router            atomic.Pointer[Router] // created lazily, as Express's lazyrouter
	settings          map[string]any
	parent            *App
	mount             any // the mount path(s) as given; "/" for a top app
	locals            map[string]any
	onMount           []func(parent *App)
	resolvedSettings  atomic.Pointer[appSettings]
	version           atomic.Uint64               // bumped by touch when settings or the mount change
	children          []*App                      // apps mounted on this one, for touch
	queryParser       atomic.Pointer[queryParser] // "query parser fn" when the router was created
	envAtInit         string
	trustProxyDefault bool
	views             viewRegistry // app.engines and the view cache (view.go)
	legacy            *legacy3     // the Express 3.x profile (legacy_app.go), nil for New
	bridge            httpBridge   // ServeHTTP's adaptor.Server (nethttp.go)
}

// New creates an App, as express(), with Express's default settings: the
// environment mode from the FW_ENV variable (default "development"),
// x-powered-by on, etag "weak", query parser "extended", subdomain offset 2,
// trust proxy off, jsonp callback name "callback", and view cache on in
// production.
func New() *App {
	a := &App{settings: make(map[string]any), mount: "/", locals: make(map[string]any)}
	a.defaults()
	return a
}

// routerFor returns the app's router, creating it on first use with the
// case sensitive routing and strict routing settings of that moment, as
// Express's lazyrouter does.
func (a *App) routerFor() *Router {
	if r := a.router.Load(); r != nil {
		return r
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if r := a.router.Load(); r != nil {
		return r
	}
	r := NewRouter(RouterOptions{
		CaseSensitive: a.enabledLocked("case sensitive routing"),
		Strict:        a.enabledLocked("strict routing"),
	})
	a.queryParser.Store(a.queryParserLocked())
	a.router.Store(r)
	return r
}

// routerIfAny returns the app's router, or nil when no route or middleware
// was ever registered.
func (a *App) routerIfAny() *Router { return a.router.Load() }

// Use mounts middleware, routers or sub-apps on a path (default "/"), as
// app.use([path], callback...). A sub-app records the path as its
// Mountpath, gets this app as parent and receives the "mount" event.
func (a *App) Use(args ...any) *App {
	path, fns := splitUse("App.Use()", args)
	r := a.routerFor()
	layerPath := a.usePath(path) // 3.x: path followed by '/' or '.'
	for _, h := range fns {
		if h.kind == kindApp {
			sub := h.app
			sub.mu.Lock()
			sub.mount = path
			sub.parent = a
			handlers := sub.onMount
			sub.mu.Unlock()
			a.mu.Lock()
			a.children = append(a.children, sub)
			a.mu.Unlock()
			r.use(layerPath, []handle{h})
			sub.touch()
			for _, fn := range handlers {
				fn(a)
			}
			continue
		}
		r.use(layerPath, []handle{h})
	}
	return a
}

// Route returns a new Route for path, as app.route(path).
func (a *App) Route(path any) *Route { return a.routeRouter().Route(path) }

// Method routes requests of method (any of Node's methods, any case) on
// path to the handlers, as app[method](path, ...).
func (a *App) Method(method string, path any, handlers ...any) *App {
	a.routeRouter().Method(method, path, handlers...)
	return a
}

// All routes every method on path to the handlers, as app.all: the
// handlers are added for each method.
func (a *App) All(path any, handlers ...any) *App {
	rt := a.routeRouter().Route(path)
	for _, m := range methodNames {
		rt.Method(m, handlers...)
	}
	return a
}

// Get routes GET (and HEAD, unless a HEAD route comes first) on path, as
// app.get(path, ...). Express's app.get(name) reading a setting is
// App.Setting.
func (a *App) Get(path any, handlers ...any) *App { return a.Method("GET", path, handlers...) }

// Post routes POST on path.
func (a *App) Post(path any, handlers ...any) *App { return a.Method("POST", path, handlers...) }

// Put routes PUT on path.
func (a *App) Put(path any, handlers ...any) *App { return a.Method("PUT", path, handlers...) }

// Delete routes DELETE on path.
func (a *App) Delete(path any, handlers ...any) *App { return a.Method("DELETE", path, handlers...) }

// Patch routes PATCH on path.
func (a *App) Patch(path any, handlers ...any) *App { return a.Method("PATCH", path, handlers...) }

// Head routes HEAD on path.
func (a *App) Head(path any, handlers ...any) *App { return a.Method("HEAD", path, handlers...) }

// Options routes OPTIONS on path.
func (a *App) Options(path any, handlers ...any) *App {
	return a.Method("OPTIONS", path, handlers...)
}

// Param adds parameter callbacks, as app.param(name, fn): name is a
// string or a []string (each name gets fn, in order); a ParamFactory alone
// is the deprecated function-only form.
func (a *App) Param(name any, fn ...any) *App {
	r := a.paramRouter()
	if names, ok := name.([]string); ok {
		for _, n := range names {
			r.Param(n, fn...)
		}
		return a
	}
	r.Param(name, fn...)
	return a
}

// Locals returns the app's locals, as app.locals: values available to
// every view the app renders. The map lives as long as the app; guard
// concurrent writes yourself.
func (a *App) Locals() map[string]any { return a.locals }

// Mountpath returns the path pattern(s) the app was mounted on, as given
// to Use: a string, a []string or a *regexp.Regexp; "/" for a top app.
func (a *App) Mountpath() any {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.mount
}

// Parent returns the app this one is mounted on, or nil.
func (a *App) Parent() *App {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.parent
}

// Path returns the canonical path of the app, as app.path(): "" for a top
// app, the parent's path plus the mount path for a sub-app.
func (a *App) Path() string {
	a.mu.Lock()
	parent, mount := a.parent, a.mount
	a.mu.Unlock()
	if parent == nil {
		return ""
	}
	return parent.Path() + mountString(mount)
}

// mountString renders a mount path as JavaScript's string concatenation
// does (arrays joined by commas).
func mountString(m any) string {
	switch v := m.(type) {
	case string:
		return v
	case []string:
		s := ""
		for i, p := range v {
			if i > 0 {
				s += ","
			}
			s += p
		}
		return s
	}
	return describePath(m)
}

// On registers a listener for an app event; the only event is "mount",
// emitted with the parent app when this app is mounted with Use.
func (a *App) On(event string, fn func(parent *App)) *App {
	if event != "mount" {
		panic("fast: App.On() knows only the \"mount\" event, got " + event)
	}
	a.mu.Lock()
	a.onMount = append(a.onMount, fn)
	a.mu.Unlock()
	return a
}

// Handler returns the app as a fasthttp request handler. Serve it with
// your own fasthttp.Server, or use Listen.
func (a *App) Handler() fasthttp.RequestHandler { return a.handler() }
