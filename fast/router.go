package fast

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/fwgo/fw/router"
)

// RouterOptions configure a Router, as the options of express.Router().
type RouterOptions struct {
	// CaseSensitive makes "/Foo" and "/foo" different paths.
	CaseSensitive bool
	// Strict makes "/foo" and "/foo/" different paths for routes.
	Strict bool
	// MergeParams keeps the parent's req.params inside this router; the
	// router's own value wins on a name clash.
	MergeParams bool
}

// Router is an isolated stack of middleware and routes, mountable on an
// App or another Router, as express.Router. Where Express code calls a
// router as a function, router(req, res, next) or router.handle(req, res,
// done), Go code calls Handle.
//
// Registration is safe at any time, also while serving: a change marks the
// compiled snapshot stale and the next request compiles a new one, so
// requests already in flight finish on the snapshot they started with.
type Router struct {
	opts RouterOptions

	mu        sync.Mutex
	stack     []*layer
	params    map[string][]ParamHandler
	factories []ParamFactory

	compiled atomic.Pointer[compiledRouter]
}

// layer is one entry of a router's stack, as Express's Layer.
type layer struct {
	pattern *router.Pattern
	keys    []router.Key
	h       handle
	route   *Route // non-nil for route layers
}

// NewRouter returns a Router, as express.Router([options]).
func NewRouter(opts ...RouterOptions) *Router {
	r := &Router{}
	if len(opts) > 0 {
		r.opts = opts[0]
	}
	return r
}

// Use mounts middleware, routers or apps on a path (default "/"), as
// router.use([path], callback...): the layer matches the path and any path
// continuing it with "/", and strips it from req.Path while the callback
// runs. Callbacks may be Handler, ErrorHandler, func literals of those
// shapes, *Router, *App, or slices of these.
func (r *Router) Use(args ...any) *Router {
	path, fns := splitUse("Router.Use()", args)
	r.use(path, fns)
	return r
}

func splitUse(call string, args []any) (any, []handle) {
	var path any = "/"
	if len(args) > 0 && !isCallback(args[0]) {
		path, args = args[0], args[1:]
	}
	fns := flatten(call, "middleware function", args, nil)
	if len(fns) == 0 {
		panic("fast: " + call + " requires a middleware function")
	}
	return path, fns
}

func (r *Router) use(path any, fns []handle) {
	opts := router.Options{CaseSensitive: r.opts.CaseSensitive, Strict: false, End: false}
	pat := compilePath(path, opts)
	r.mu.Lock()
	for _, h := range fns {
		r.stack = append(r.stack, &layer{pattern: pat, keys: pat.Keys(), h: h})
	}
	r.invalidate()
	r.mu.Unlock()
}

func compilePath(path any, opts router.Options) *router.Pattern {
	pat, err := router.Compile(path, opts)
	if err != nil {
		panic(fmt.Sprintf("fast: invalid path %v: %v", describePath(path), err))
	}
	return pat
}

func describePath(path any) string {
	switch p := path.(type) {
	case string:
		return fmt.Sprintf("%q", p)
	case fmt.Stringer:
		return p.String()
	}
	return fmt.Sprint(path)
}

// Route returns a new Route for path, added to the stack now: handlers
// chained on it later keep this position, as router.route(path).
func (r *Router) Route(path any) *Route {
	opts := router.Options{CaseSensitive: r.opts.CaseSensitive, Strict: r.opts.Strict, End: true}
	pat := compilePath(path, opts)
	rt := &Route{path: path, owner: r}
	r.mu.Lock()
	r.stack = append(r.stack, &layer{pattern: pat, keys: pat.Keys(), route: rt})
	r.invalidate()
	r.mu.Unlock()
	return rt
}

// Method routes requests of method (any case; one of Node's methods) on
// path to the handlers, as router[method](path, ...).
func (r *Router) Method(method string, path any, handlers ...any) *Router {
	r.Route(path).Method(method, handlers...)
	return r
}

// All routes every method on path to the handlers, as router.all.
func (r *Router) All(path any, handlers ...any) *Router {
	r.Route(path).All(handlers...)
	return r
}

// Get routes GET (and HEAD, unless a HEAD route comes first) on path.
func (r *Router) Get(path any, handlers ...any) *Router { return r.Method("GET", path, handlers...) }

// Post routes POST on path.
func (r *Router) Post(path any, handlers ...any) *Router { return r.Method("POST", path, handlers...) }

// Put routes PUT on path.
func (r *Router) Put(path any, handlers ...any) *Router { return r.Method("PUT", path, handlers...) }

// Delete routes DELETE on path.
func (r *Router) Delete(path any, handlers ...any) *Router {
	return r.Method("DELETE", path, handlers...)
}

// Patch routes PATCH on path.
func (r *Router) Patch(path any, handlers ...any) *Router {
	return r.Method("PATCH", path, handlers...)
}

// Head routes HEAD on path.
func (r *Router) Head(path any, handlers ...any) *Router { return r.Method("HEAD", path, handlers...) }

// Options routes OPTIONS on path.
func (r *Router) Options(path any, handlers ...any) *Router {
	return r.Method("OPTIONS", path, handlers...)
}

// Param adds a callback for route parameter name, as router.param(name,
// fn): it runs before the handlers of any route of this router with that
// parameter, once per request and value. fn is a ParamHandler, or any value
// a ParamFactory registered earlier turns into one. A ParamFactory alone is
// the deprecated function-only form.
func (r *Router) Param(name any, fn ...any) *Router {
	if f, ok := name.(ParamFactory); ok {
		r.mu.Lock()
		r.factories = append(r.factories, f)
		r.mu.Unlock()
		return r
	}
	if f, ok := name.(func(string, any) ParamHandler); ok {
		return r.Param(ParamFactory(f))
	}
	n, ok := name.(string)
	if !ok || len(fn) != 1 {
		panic(fmt.Sprintf("fast: Router.Param() requires a name and a callback, got %s and %d callbacks", typeName(name), len(fn)))
	}
	r.param(n, fn[0])
	return r
}

func (r *Router) param(name string, fn any) {
	name = strings.TrimPrefix(name, ":")
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, f := range r.factories {
		if h := f(name, fn); h != nil {
			fn = h
		}
	}
	var h ParamHandler
	switch v := fn.(type) {
	case ParamHandler:
		h = v
	case func(*Request, *Response, Next, string, string):
		h = v
	}
	if h == nil {
		panic(fmt.Sprintf("fast: invalid Param() call for %s, got %s", name, typeName(fn)))
	}
	if r.params == nil {
		r.params = make(map[string][]ParamHandler)
	}
	r.params[name] = append(r.params[name], h)
	r.invalidate()
}

// invalidate marks the compiled snapshot stale. r.mu must be held.
func (r *Router) invalidate() { r.compiled.Store(nil) }

// snapshot returns the compiled router, compiling it when stale.
func (r *Router) snapshot() *compiledRouter {
	if c := r.compiled.Load(); c != nil {
		return c
	}
	return r.recompile()
}

// recompile compiles a stale router; snapshot calls it out of line so
// that its check inlines.
func (r *Router) recompile() *compiledRouter {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c := r.compiled.Load(); c != nil {
		return c
	}
	c := r.compile()
	r.compiled.Store(c)
	return c
}
