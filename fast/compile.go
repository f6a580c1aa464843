package fast

import (
	"math"
	"slices"

	"github.com/fwgo/fw/router"
)

// compiledRouter is an immutable snapshot of a Router, built on the first
// request after a change. Requests read only snapshots, so registration
// never races with dispatch.
type compiledRouter struct {
	opts   RouterOptions
	table  *router.Table[entry]
	params map[string][]ParamHandler
}

// entry is a layer as one snapshot sees it; route layers carry a copy of
// the route's handlers and methods.
type entry struct {
	pattern  *router.Pattern
	keys     []router.Key
	h        handle
	route    *Route
	rstack   []routeHandler
	rmethods uint64
	rorder   []string
	// uniqueKeys is set when no two keys share a name, so a match's
	// parameters append without the de-duplication of Layer.match.
	uniqueKeys bool
	// solo[m] is the index in rstack of the only handler that runs for
	// method m, when there is exactly one and it is a plain Handler; -1
	// otherwise.
	solo [len(methodNames)]int16
	// direct[m] is, for a request of method m (HEAD already mapped to
	// GET where the route has no HEAD handler), the handler serve may
	// call at once when this layer is the first candidate of the app's
	// router (dispatch_direct.go): a route that handles m with one plain
	// handler for it, distinct key names, no more keys than a context has
	// room for (paramsCap), and no parameter callbacks in its router. nil
	// otherwise. The function itself rather than its index in rstack:
	// serve loads it without a bounds check.
	direct [len(methodNames)]Handler
}

// compile builds the snapshot. r.mu must be held.
func (r *Router) compile() *compiledRouter {
	layers := make([]router.Layer[entry], len(r.stack))
	for i, l := range r.stack {
		e := entry{pattern: l.pattern, keys: l.keys, h: l.h, route: l.route, uniqueKeys: uniqueNames(l.keys)}
		rl := router.Layer[entry]{Pattern: l.pattern, Route: l.route != nil, Strict: r.opts.Strict}
		if rt := l.route; rt != nil {
			e.rstack = slices.Clone(rt.stack)
			e.rmethods = rt.methods
			e.rorder = slices.Clone(rt.order)
			rl.Methods = rt.methods
			e.computeSolo()
		}
		rl.Handle = e
		layers[i] = rl
	}
	callbacks := len(r.params) > 0
	general := generalOnly(r)
	for i := range layers {
		layers[i].Handle.computeDirect(callbacks, general)
	}
	c := &compiledRouter{opts: r.opts, table: router.NewTable(layers, r.opts.CaseSensitive)}
	if len(r.params) > 0 {
		c.params = make(map[string][]ParamHandler, len(r.params))
		for k, v := range r.params {
			c.params[k] = slices.Clone(v)
		}
	}
	return c
}

// handlesMethod reports whether the route answers method m, as
// Route._handles_method: All answers everything, HEAD falls back to GET.
func (e *entry) handlesMethod(m int) bool {
	if e.rmethods&methodAllBit != 0 {
		return true
	}
	if m < 0 {
		return false
	}
	if m == methodHead && e.rmethods&(1<<methodHead) == 0 {
		m = methodGet
	}
	return e.rmethods&(1<<m) != 0
}

// options returns the methods the route lists in an automatic OPTIONS
// answer, as Route._options: its methods in order, then HEAD when it has
// GET but not HEAD.
func (e *entry) appendOptions(dst []string) []string {
	add := func(m string) {
		if !slices.Contains(dst, m) {
			dst = append(dst, m)
		}
	}
	for _, m := range e.rorder {
		add(m)
	}
	if e.rmethods&(1<<methodGet) != 0 && e.rmethods&(1<<methodHead) == 0 {
		add("HEAD")
	}
	return dst
}

func uniqueNames(keys []router.Key) bool {
	for i := range keys {
		for j := 0; j < i; j++ {
			if keys[i].Name == keys[j].Name {
				return false
			}
		}
	}
	return true
}

func (e *entry) computeSolo() {
	for m := range e.solo {
		e.solo[m] = -1
		n := 0
		for i, rh := range e.rstack {
			if rh.method < 0 || rh.method == m {
				n++
				if rh.h.kind == kindHandler && i <= math.MaxInt16 {
					e.solo[m] = int16(i)
				}
			}
		}
		if n != 1 {
			e.solo[m] = -1
		}
	}
}

// computeDirect fills e.direct from solo: callbacks is set when the router
// has parameter callbacks, general when the router must take the general
// path for every request (generalOnly).
func (e *entry) computeDirect(callbacks, general bool) {
	for m := range e.direct {
		e.direct[m] = nil
		if general || e.route == nil || !e.uniqueKeys || len(e.keys) > paramsCap ||
			callbacks && len(e.keys) != 0 || !e.handlesMethod(m) {
			continue
		}
		mm := m
		if m == methodHead && e.rmethods&(1<<methodHead) == 0 {
			mm = methodGet
		}
		if i := e.solo[mm]; i >= 0 {
			e.direct[m] = e.rstack[i].h.fn
		}
	}
}
