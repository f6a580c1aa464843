package fast

import "fmt"

// Route is one path's stack of method handlers, as Express's Route,
// returned by App.Route and Router.Route. Its methods chain. Adding
// handlers is safe while the app serves, under its router's lock, with
// the router's rule: requests already being dispatched do not see them.
type Route struct {
	path  any
	owner *Router

	// guarded by owner.mu
	stack   []routeHandler
	methods uint64   // bit per method, methodAllBit for All
	order   []string // methods in the order they were first added
}

type routeHandler struct {
	method int // index in methodNames, or -1 for All
	h      handle
}

// Path returns the path the route was created with, as given (a string,
// a []string, a *regexp.Regexp ...), as req.route.path.
func (rt *Route) Path() any { return rt.path }

// Method adds handlers for method (any case; one of Node's methods).
func (rt *Route) Method(method string, handlers ...any) *Route {
	m := methodIndexFold(method)
	if m < 0 {
		panic(fmt.Sprintf("fast: unknown HTTP method %q", method))
	}
	call := "Route." + lower(methodNames[m]) + "()"
	return rt.add(m, flatten(call, "callback function", handlers, nil))
}

// All adds handlers for every method.
func (rt *Route) All(handlers ...any) *Route {
	return rt.add(-1, flatten("Route.all()", "callback function", handlers, nil))
}

func (rt *Route) add(m int, hs []handle) *Route {
	r := rt.owner
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, h := range hs {
		rt.stack = append(rt.stack, routeHandler{method: m, h: h})
		if m < 0 {
			rt.methods |= methodAllBit
			continue
		}
		if rt.methods&(1<<m) == 0 {
			rt.methods |= 1 << m
			rt.order = append(rt.order, methodNames[m])
		}
	}
	r.invalidate()
	return rt
}

// Get adds GET handlers; they answer HEAD too unless HEAD handlers exist.
func (rt *Route) Get(handlers ...any) *Route { return rt.Method("GET", handlers...) }

// Post adds POST handlers.
func (rt *Route) Post(handlers ...any) *Route { return rt.Method("POST", handlers...) }

// Put adds PUT handlers.
func (rt *Route) Put(handlers ...any) *Route { return rt.Method("PUT", handlers...) }

// Delete adds DELETE handlers.
func (rt *Route) Delete(handlers ...any) *Route { return rt.Method("DELETE", handlers...) }

// Patch adds PATCH handlers.
func (rt *Route) Patch(handlers ...any) *Route { return rt.Method("PATCH", handlers...) }

// Head adds HEAD handlers.
func (rt *Route) Head(handlers ...any) *Route { return rt.Method("HEAD", handlers...) }

// Options adds OPTIONS handlers.
func (rt *Route) Options(handlers ...any) *Route { return rt.Method("OPTIONS", handlers...) }

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
