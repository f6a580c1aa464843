package fast

import (
	"strings"
	"sync"
)

// The direct path: most requests end in the first layer the app's router
// lists for them, a route with one plain handler for the method. For
// those, serve calls the handler itself, after doing only what
// the handler can observe of router.handle and Route.dispatch: req.params,
// req.route, the X-Powered-By header, req.next and the bottom frame's
// identity (its Next, its generation). The rest of the router frame that
// enterRouter and routerNext would have written is written by undirect,
// only when the handler calls next or panics, and leaves the frame exactly
// as the general path leaves it after calling the same handler: ci past
// the first candidate, lastIdx at it, nothing removed from req.url.

// serve starts the app's router comp as enterRouter(nil, comp, app) does,
// written out there (a call and its spills cost more than the rest): it
// marks the bottom frame frameDirect and finds the candidates of the
// request's pathname, as candidates does (its pct aside; undirect sets
// candPath). When the first candidate can be called directly (entry.direct
// for the method, a match of the walk, no '%' to decode), it sets
// c.dcaps (req.params, req.route, req.next and the current frame are
// written by fillDirect when read) and calls the handler as call does;
// otherwise it calls directGeneral. An empty pathname goes to enterRouter.
// Every context has its bottom frame from the start (newContext).

// directGeneral goes on from serve's start of the router on path, whose
// candidates the bottom frame f holds, for a first candidate that cannot
// be called directly: the general path, as enterRouter and routerNext.
func (c *state) directGeneral(f *frame, app *App, path string) {
	f.candPath = path
	c.enterGeneral(f, app)
	f.ci, f.lastIdx = 0, -1
	f.pct = !c.plainPart(path) && strings.IndexByte(path, '%') >= 0
	if f.pct {
		if filter := c.methodFilter(true); filter != methodFilters[c.methodIdx] {
			// serve filtered the candidates by method: a path with an
			// escape needs every route whose path matches (methodFilter).
			f.cands, f.ccaps = f.cands[:0], f.ccaps[:0]
			f.comp.table.Find(path, filter, &f.cands, &f.ccaps)
		}
	}
	c.routerNext(f, nil)
}

// undirect completes a bottom frame that the direct path left, before its Next
// runs: the fields enterRouter and routerNext would have written, as they
// were once routerNext called the first candidate.
func (c *state) undirect(f *frame) {
	c.fill()
	c.enterGeneral(f, c.top)
	f.ci, f.lastIdx = 1, f.cands[0].Index
	f.pct = false
	f.candPath = c.directPath()
}

// directMatch returns the layer the direct path matched (the bottom
// frame's first candidate) and its captures, while c.dcaps >= 0.
func (c *state) directMatch() (*entry, []int32) {
	return c.dent, c.bottom.ccaps[c.dcaps:]
}

// directPath returns the path the direct path matched, as serve computed
// it: the pathname of the request target (req.url was the target then,
// and c.path may have changed since); a plain target is its own pathname.
func (c *state) directPath() string {
	if c.plain {
		return c.uriStr
	}
	return pathname(c.uriStr)
}

// fill writes what the direct path left for fillDirect, if anything: every
// reader of c.params, c.cur, c.route, c.next and c.at (req.params,
// req.route, req.next, the frame Router.Handle nests above) calls it
// first, and so does push, before any frame above the bottom one runs.
func (c *state) fill() {
	if c.dcaps >= 0 {
		c.fillDirect()
	}
}

// fillDirect writes what the direct path would have written before calling the
// handler, as router.handle and Route.dispatch do: req.params (setParams's
// common case at the bottom frame: base 0, nothing to decode or merge,
// distinct names), req.route, req.next and the current frame. The bottom
// frame still holds the candidates serve found (lookupParam answers
// Params.Get, Lookup and Has from them without fillDirect); c.params is
// empty and c.cur zero, as Reset left them (nothing writes them before
// fill).
//
//go:noinline
func (c *state) fillDirect() {
	e, caps := c.directMatch()
	c.dcaps = -1
	f := c.bottom
	path := c.directPath()
	keys := e.keys
	ps := c.params[:len(keys)]
	for j := 0; j < len(ps) && j < len(keys) && 2*j+1 < len(caps); j++ {
		p, s, end := &ps[j], caps[2*j], caps[2*j+1]
		v, set := "", false
		if s >= 0 {
			v, set = path[s:end], true
		}
		p.name, p.value, p.set = keys[j].Name, v, set
	}
	c.params = ps
	c.cur = paramRange{0, int32(len(ps))}
	c.route = e.route
	c.next, c.at = f.next, f
}

// enterGeneral writes what enterRouter(nil, comp, app) writes of the
// bottom frame and serve did not, the candidate list aside.
func (c *state) enterGeneral(f *frame, app *App) {
	f.kind = frameRouter
	f.app = app
	f.slashAdded = false
	f.parentBaseURL = ""
	f.parentParams = paramRange{}
	f.paramBase = 0
	f.removed = ""
	f.options = f.options[:0]
	f.called = f.called[:0]
	f.prevApp = app
}

// generalRouters holds the routers whose snapshots never take the direct
// path: tests register one to compare both paths on the same app.
var generalRouters sync.Map // *Router → struct{}

// generalOnly reports whether r is in generalRouters.
func generalOnly(r *Router) bool {
	_, ok := generalRouters.Load(r)
	return ok
}
