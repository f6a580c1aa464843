package fast

import (
	"runtime/debug"
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
)

// enterRouter runs comp as Express's router.handle does, in a new frame
// above parent (nil at the bottom). app is set when comp is an app's router:
// entering it then does what Express's query and init middleware do.
func (c *state) enterRouter(parent *frame, comp *compiledRouter, app *App) {
	f := c.push(parent, frameRouter)
	// Only what routerNext and routerDone read before they write it:
	// candidates sets cands, ccaps, candPath and pct when candValid is
	// false; prevApp and prevSettings are read only when app is set.
	f.comp = comp
	f.app = app
	f.ci = 0
	f.candValid = false
	f.slashAdded = false
	f.lastIdx = -1
	f.parentBaseURL = c.baseURL
	f.parentParams = c.cur
	f.paramBase = max(int(c.cur.end), len(c.params))
	f.removed = ""
	f.options = f.options[:0]
	f.called = f.called[:0]
	if app != nil {
		f.prevApp, f.prevSettings = c.app, c.settings
		c.app = app
		if app != c.top {
			c.settings = app.resolved()
		}
		if c.settings.poweredBy {
			c.fctx.Response.Header.SetCanonical(hXPoweredBy, vPoweredBy)
		}
	}
	c.routerNext(f, nil)
}

// poweredBy is the X-Powered-By value, naming the framework as Express's
// names Express.
const poweredBy = "fw"

// routerNext is router.handle's next(err).
func (c *state) routerNext(f *frame, err error) {
	layerErr := err
	if err == SkipRoute {
		layerErr = nil
	}
	if f.removed != "" {
		c.baseURL = f.parentBaseURL
		if bytesconv.Same(c.url, f.urlAfter) {
			c.url = f.urlBefore
		} else {
			c.url = c.restoreURL(f)
		}
		f.removed = ""
		f.slashAdded = false
	}
	if layerErr == SkipRouter {
		c.routerDone(f, nil)
		return
	}
	path := c.path
	if !bytesconv.Same(c.url, c.pathOf) {
		path = c.newPath()
	}
	if path == "" {
		// A req.url with no path ("" or only a query, as a handler may
		// set) has a null pathname for parseurl: router.handle is done.
		c.routerDone(f, layerErr)
		return
	}
	tab := f.comp.table
	if !f.candValid || !bytesconv.Same(path, f.candPath) {
		c.candidates(f, path)
	}
	var e *entry
	var start, end int // the matched part of path: the layer path
	for f.ci < len(f.cands) {
		cd := f.cands[f.ci]
		f.ci++
		f.lastIdx = cd.Index
		cand := &tab.Layer(cd.Index).Handle
		caps := c.caps
		if cd.Caps >= 0 {
			start, end = 0, int(cd.End)
			caps = f.ccaps[cd.Caps:]
		} else {
			// Match needs two slots per key; a pattern with more keys
			// than the context's buffer holds grows it once.
			if need := 2 * len(cand.pattern.Keys()); need > len(caps) {
				c.caps = make([]int32, need)
				caps = c.caps
			}
			var ok bool
			if start, end, ok = cand.pattern.Match(path, caps); !ok {
				continue
			}
		}
		if perr := c.setParams(f, cand, path, caps, f.comp.opts.MergeParams); perr != nil {
			if layerErr == nil {
				layerErr = perr
			}
			continue
		}
		if cand.route == nil {
			e = cand
			break
		}
		if layerErr != nil {
			continue
		}
		if !cand.handlesMethod(c.methodIdx) {
			if c.methodIdx == methodOptions {
				f.options = cand.appendOptions(f.options)
			}
			if c.methodIdx != methodHead {
				continue
			}
		}
		e = cand
		break
	}
	if e == nil {
		c.routerDone(f, layerErr)
		return
	}
	params := len(e.keys) != 0 && f.comp.params != nil
	if e.route != nil {
		c.route = e.route
		// A route with one plain handler for the method and no parameter
		// callbacks to run: what runLayer and enterRoute would do, without
		// their calls (the loop above leaves layerErr nil for a route).
		if m := c.methodIdx; !params && m >= 0 {
			if m == methodHead && e.rmethods&(1<<methodHead) == 0 {
				m = methodGet
			}
			if i := e.solo[m]; i >= 0 {
				c.call(f, e.rstack[i].h.fn)
				return
			}
		}
	}
	if params {
		c.processParams(f, e, layerErr, path[start:end], path)
		return
	}
	c.runLayer(f, e, layerErr, path[start:end], path)
}

// candidates lists the layers after f.lastIdx that may match path.
func (c *state) candidates(f *frame, path string) {
	f.pct = !c.plainPart(path) && strings.IndexByte(path, '%') >= 0
	f.cands, f.ccaps = f.cands[:0], f.ccaps[:0]
	f.comp.table.Find(path, c.methodFilter(f.pct), &f.cands, &f.ccaps)
	f.ci = 0
	if f.lastIdx >= 0 {
		for f.ci < len(f.cands) && f.cands[f.ci].Index <= f.lastIdx {
			f.ci++
		}
	}
	f.candPath = path
	f.candValid = true
}

// methodFilter returns the method set a route must intersect to be a
// candidate for the request, for a path that has an escape to decode (pct)
// or not. Express's router decodes a layer's parameters as soon as its
// path matches, before it looks at the route's methods: a value that fails
// to decode is the pending error (400) even when the route does not handle
// the method (Layer.match in router.handle's next). So a path with an
// escape lists every route whose path matches; routerNext decodes their
// parameters and skips those lacking the method after. Express 3's router
// looks at the method first (only app.routes[method] match): a legacy app
// keeps the filter, and so do the routers inside it. The app is the one
// whose router is being walked (c.app, switched when a mounted app is
// entered), not the top one: an Express 3 app mounted in an Express 4 app
// filters, as its own router does.
func (c *state) methodFilter(pct bool) uint64 {
	m := c.methodIdx
	if m < 0 || pct && c.app.legacy == nil {
		return 0
	}
	return methodFilters[m]
}

// methodFilters holds, for each method index, the method set a route must
// intersect to be a candidate: its own bit and the all-methods bit, or
// every route for HEAD (answered by GET routes) and OPTIONS (answered from
// every route's methods).
var methodFilters = func() (t [len(methodNames)]uint64) {
	for m := range t {
		if m != methodHead && m != methodOptions {
			t[m] = 1<<m | methodAllBit
		}
	}
	return t
}()

// runLayer runs a matched layer once its parameters are processed: a
// route's handlers, or trim_prefix and the middleware.
func (c *state) runLayer(f *frame, e *entry, layerErr error, layerPath, path string) {
	if e.route != nil {
		c.enterRoute(f, e, layerErr)
		return
	}
	if layerPath != "" {
		if !strings.HasPrefix(path, layerPath) {
			c.routerNext(f, layerErr)
			return
		}
		if len(path) > len(layerPath) {
			if ch := path[len(layerPath)]; ch != '/' && ch != '.' {
				c.routerNext(f, layerErr)
				return
			}
		}
		c.strip(f, layerPath)
	}
	c.callHandle(f, &e.h, layerErr)
}

// strip removes the matched prefix from req.url for the mounted callback,
// as trim_prefix does.
func (c *state) strip(f *frame, removed string) {
	f.removed = removed
	f.urlBefore = c.url
	proto := protohost(c.url)
	rest := c.url[len(proto)+len(removed):]
	url := rest
	switch {
	case proto != "":
		url = c.concat(proto, rest)
	case rest == "":
		url = "/"
		f.slashAdded = true
	case rest[0] != '/':
		url = c.slashed(rest)
		f.slashAdded = true
	}
	c.url = url
	f.urlAfter = url
	if removed[len(removed)-1] == '/' {
		removed = removed[:len(removed)-1]
	}
	c.baseURL = c.concat(f.parentBaseURL, removed)
}

// restoreURL puts the removed prefix back in front of a req.url that a
// handler changed, as router.handle's next does.
func (c *state) restoreURL(f *frame) string {
	url := c.url
	if f.slashAdded && url != "" {
		url = url[1:]
	}
	proto := protohost(f.urlBefore)
	if len(url) < len(proto) {
		proto = ""
	}
	return proto + f.removed + url[len(proto):]
}

// slashed returns "/" + rest, without copying when the byte before rest in
// the request target is a slash.
func (c *state) slashed(rest string) string {
	if off, ok := bytesconv.Offset(c.uriStr, rest); ok && off > 0 && c.uriStr[off-1] == '/' {
		return c.uriStr[off-1 : off+len(rest)]
	}
	return c.concat("/", rest)
}

// concat joins a and b without copying when they lie next to each other in
// the request target, and in the request's arena otherwise.
func (c *state) concat(a, b string) string {
	if a == "" {
		return b
	}
	if b == "" {
		return a
	}
	if oa, ok := bytesconv.Offset(c.uriStr, a); ok {
		if ob, ok := bytesconv.Offset(c.uriStr, b); ok && oa+len(a) == ob {
			return c.uriStr[oa : ob+len(b)]
		}
	}
	start := len(c.scratch)
	c.scratch = append(append(c.scratch, a...), b...)
	return bytesconv.B2S(c.scratch[start:])
}

// callHandle calls a layer's callback the way Layer.handle_request and
// Layer.handle_error do: error handlers only with an error, the others
// only without one.
func (c *state) callHandle(f *frame, h *handle, err error) {
	switch h.kind {
	case kindHandler:
		if err != nil {
			f.next(err)
			return
		}
		c.call(f, h.fn)
	case kindError:
		if err == nil {
			f.next()
			return
		}
		c.callError(f, h.efn, err)
	case kindRouter:
		if err != nil {
			f.next(err)
			return
		}
		c.enterRouter(f, h.router.snapshot(), nil)
	case kindApp:
		if err != nil {
			f.next(err)
			return
		}
		c.enterApp(f, h.app)
	}
}

// call runs a handler; a panic becomes next(err), as Express's try/catch
// turns a throw into next(err). The deferred check calls recover only when
// the call did not end normally, which saves the runtime's recover on every
// handler.
func (c *state) call(f *frame, h Handler) {
	gen, done := f.gen, false
	defer func() {
		if !done {
			c.recovered(f, gen, recover())
		}
	}()
	c.next, c.at = f.next, f
	n := c.nextCalls
	h(&c.req, &c.res, f.next)
	if c.detached.Load() {
		done = true
		return // another goroutine owns the state now
	}
	if c.failErr != nil && !c.sent && c.nextCalls == n {
		f.next() // the pending error, as Express's catch passes a throw on
	}
	done = true
}

func (c *state) callError(f *frame, h ErrorHandler, err error) {
	gen, done := f.gen, false
	defer func() {
		if !done {
			c.recovered(f, gen, recover())
		}
	}()
	c.next, c.at = f.next, f
	n := c.nextCalls
	h(err, &c.req, &c.res, f.next)
	if c.detached.Load() {
		done = true
		return
	}
	if c.failErr != nil && !c.sent && c.nextCalls == n {
		f.next() // the pending error, as Express's catch passes a throw on
	}
	done = true
}

// recoverHandler is recovered for a plain defer: recover works there as
// it is the deferred function itself.
func (c *state) recoverHandler(f *frame, gen uint32) {
	c.recovered(f, gen, recover())
}

// recovered turns what recover returned in a handler's frame into next(err)
// at that frame; nil (a runtime.Goexit) is nothing to pass on.
func (c *state) recovered(f *frame, gen uint32, r any) {
	if r == nil {
		return
	}
	err := &PanicError{Value: r, Stack: debug.Stack()}
	if f.gen == gen {
		f.next(err)
		return
	}
	// The frame finished before the panic: nothing can run after it, so
	// the error goes to the final handler, as a late throw would.
	c.finalHandler(err)
}

// routerDone ends a router frame: the automatic OPTIONS answer, then the
// restore of req.baseUrl and req.params, then the caller's continuation.
func (c *state) routerDone(f *frame, err error) {
	if f.app == nil && c.top.legacy != nil { // Express 3's router (legacy_options.go)
		var done bool
		if done, err = c.legacyRouterDone(f, err); done {
			return
		}
	} else if err == nil && c.methodIdx == methodOptions && len(f.options) != 0 {
		if serr := c.sendOptions(f.options); serr == nil {
			return
		} else {
			err = serr
		}
	}
	c.baseURL = f.parentBaseURL
	c.cur = f.parentParams
	parent := f.parent
	if f.app != nil {
		c.app, c.settings = f.prevApp, f.prevSettings
	}
	if parent == nil {
		c.finalHandler(err)
		return
	}
	parent.next(errArg(err)...)
}

// errArg returns the arguments of next(err) without allocating for nil
// and the two skip values.
func errArg(err error) []error {
	switch err {
	case nil:
		return nil
	case SkipRoute:
		return skipRouteArgs
	case SkipRouter:
		return skipRouterArgs
	}
	return []error{err}
}

// enterApp runs a mounted app, as Express's mounted_app wrapper and
// app.handle do; an app without routes passes straight on.
func (c *state) enterApp(parent *frame, app *App) {
	r := app.routerIfAny()
	if r == nil {
		parent.next()
		return
	}
	c.enterRouter(parent, r.snapshot(), app)
}

// pathname returns the path part of a request URL, as parseurl does: for
// an absolute URL, what follows the host, or "/" when nothing does. The
// host ends at the first '/', '?' or '#', as url.parse finds it; this is
// not always where Express's getProtohost cuts (protohost): for
// "http://h?x=/a" the path is "/", not "/a".
func pathname(url string) string {
	if url != "" && url[0] != '/' {
		if h := hostEnd(url); h > 0 {
			if url[h-3:h] == "://" {
				return "" // no host: url.parse finds no pathname
			}
			if p := pathname(url[h:]); p != "" {
				return p
			}
			return "/"
		}
	}
	if i := strings.IndexByte(url, '?'); i >= 0 {
		url = url[:i]
	}
	if i := strings.IndexByte(url, '#'); i >= 0 {
		url = url[:i]
	}
	return url
}

// hostEnd returns the index where the host of an absolute URL
// ("scheme://host...", the scheme as url.parse accepts it) ends, or 0.
func hostEnd(url string) int {
	i := 0
	for i < len(url) && isSchemeByte(url[i]) {
		i++
	}
	if i == 0 || !strings.HasPrefix(url[i:], "://") {
		return 0
	}
	j := i + len("://")
	for j < len(url) && url[j] != '/' && url[j] != '?' && url[j] != '#' {
		j++
	}
	return j
}

// isSchemeByte reports whether c may appear in a URL scheme, as url.parse's
// protocol pattern /^[a-z0-9.+-]+:/i allows.
func isSchemeByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '+' || c == '-'
}

// protohost returns the scheme and host of an absolute-form URL, as
// Express's getProtohost does, or "".
func protohost(url string) string {
	if url == "" || url[0] == '/' {
		return ""
	}
	end := strings.IndexByte(url, '?')
	if end < 0 {
		end = len(url)
	}
	i := strings.Index(url[:end], "://")
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(url[i+3:], '/')
	if j < 0 {
		return "" // substring(0, -1) in Express
	}
	return url[:i+3+j]
}
