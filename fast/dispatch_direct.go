package fast

import (
	"strings"
	"sync"
)

// The direct path: most requests end in the first layer the app's router
// lists for them, a route with one plain handler for the method. For
// those, serve calls the handler itself (direct), after doing only what
// the handler can observe of router.handle and Route.dispatch: req.params,
// req.route, the X-Powered-By header, req.next and the bottom frame's
// identity (its Next, its generation). The rest of the router frame that
// enterRouter and routerNext would have written is written by undirect,
// only when the handler calls next or panics, and leaves the frame exactly
// as the general path leaves it after calling the same handler: ci past
// the first candidate, lastIdx at it, nothing removed from req.url.

// direct starts the app's router comp on the request, as
// enterRouter(nil, comp, app) does. When the first candidate can be
// called directly it returns the bottom frame and the handler, with
// c.pending set (req.params, req.route, req.next and the current frame are
// written by fillDirect when read): the caller calls the handler as call
// does. Otherwise it runs the router's general path itself and
// returns a nil handler.
func (c *state) direct(comp *compiledRouter, app *App) (*frame, Handler) {
	path := c.path
	if path == "" || len(c.frames) == 0 {
		c.enterRouter(nil, comp, app)
		return nil, nil
	}
	// push(nil, frameRouter), without the dirty mark a router frame does
	// not need; the bottom frame's parent is always nil.
	f := c.frames[0]
	f.gen++
	c.depthUsed = 1
	f.kind = frameDirect
	settings := c.settings
	f.comp, f.prevSettings = comp, settings // one write-barrier test
	if settings.poweredBy {
		c.fctx.Response.Header.SetCanonical(hXPoweredBy, vPoweredBy)
	}
	// candidates(f, path), its pct aside; undirect sets candPath.
	m := c.methodIdx
	f.cands, f.ccaps = f.cands[:0], f.ccaps[:0]
	comp.table.Find(path, methodFilters[m], &f.cands, &f.ccaps)
	f.candValid = true
	if len(f.cands) != 0 {
		cd := f.cands[0]
		e := &comp.table.Layer(cd.Index).Handle
		// The walk matched the layer (cd.Caps >= 0): its captures are
		// f.ccaps[cd.Caps:][:2*len(e.keys)]; computeDirect took only
		// layers with keys c.params has room for.
		if i := e.direct[m]; i >= 0 && cd.Caps >= 0 && (c.plain || strings.IndexByte(path, '%') < 0) {
			// req.params, req.route, req.next and the current frame are
			// written by fillDirect, when something reads them.
			c.pending = true
			return f, e.rstack[i].h.fn
		}
	}
	f.candPath = path
	c.enterGeneral(f, app)
	f.ci, f.lastIdx = 0, -1
	f.pct = !c.plainPart(path) && strings.IndexByte(path, '%') >= 0
	c.routerNext(f, nil)
	return nil, nil
}

// undirect completes a bottom frame that direct left, before its Next
// runs: the fields enterRouter and routerNext would have written, as they
// were once routerNext called the first candidate.
func (c *state) undirect(f *frame) {
	c.fill()
	c.enterGeneral(f, c.top)
	f.ci, f.lastIdx = 1, f.cands[0].Index
	f.pct = false
	// The path direct used, as serve computed it: req.url was the
	// request target then (pathname returns a plain target starting with
	// '/' itself), and c.path may have changed since.
	f.candPath = pathname(c.uriStr)
}

// fill writes what direct left for fillDirect, if it left anything: every
// reader of c.params, c.cur, c.route, c.next and c.at (req.params,
// req.route, req.next, the frame Router.Handle nests above) calls it
// first, and so does push, before any frame above the bottom one runs.
func (c *state) fill() {
	if c.pending {
		c.fillDirect()
	}
}

// fillDirect writes what direct would have written before calling the
// handler, as router.handle and Route.dispatch do: req.params (setParams's
// common case at the bottom frame: base 0, nothing to decode or merge,
// distinct names), req.route, req.next and the current frame. The bottom
// frame still holds direct's candidates; c.params is empty and c.cur zero,
// as Reset left them (nothing writes them before fill).
//
//go:noinline
func (c *state) fillDirect() {
	c.pending = false
	f := c.frames[0]
	cd := f.cands[0]
	e := &f.comp.table.Layer(cd.Index).Handle
	path := c.uriStr
	if !c.plain || path[0] != '/' {
		path = pathname(path)
	}
	keys, caps := e.keys, f.ccaps[cd.Caps:]
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
// bottom frame and direct did not, the candidate list aside.
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
