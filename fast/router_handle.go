package fast

// handleState is what a handle frame keeps: the caller's done callback and
// what router.handle's restore puts back before calling it.
//
// NOTE: a field holding a function or user data must be cleared in
// handleDone and in frame.reset.
type handleState struct {
	done       Next   // the caller's done; nil: the final handler
	callerNext Next   // req.next when Handle was called
	caller     *frame // the frame whose callback called Handle
	callerGen  uint32 // caller.gen then: a reused caller frame is detected
	live       bool   // done has not run yet
	app        *App   // App.Handle's app, nil for Router.Handle
	prevApp    *App
	prevSet    *appSettings
}

// Handle runs the router on the request being served, with done as the
// router's continuation: Express's router.handle(req, res, done), and
// Express's router(req, res, next) when a handler calls a router as a
// function. The method value r.Handle is a Handler, so app.Use(r.Handle)
// behaves as app.Use(r).
//
// The router's stack runs on req and res as a router mounted at the
// current req.BaseURL() would, nested above the handler that calls Handle.
// When the stack is done, req.BaseURL(), req.Params() and Express's
// req.next (the next Response.Format hands its handlers) are restored to
// what they were when Handle was called, and then done runs with what
// Express's router.handle passes to its done callback:
//
//   - done() when no layer answered, when a layer called next(SkipRouter)
//     (Express passes null for next('router')), or when a layer called
//     next(SkipRoute) from the last route;
//   - done(err) when an error is pending at the end of the stack, a panic
//     of a handler included (a *PanicError).
//
// done does not run when a layer ends the response without calling next,
// nor when the router answers an OPTIONS request with its Allow list. It
// runs at most once, before Handle returns (handlers are synchronous). A
// panic in done is a panic of the handler that called Handle: it becomes
// that handler's next(err). A nil done passes the outcome to the final
// handler, as app.handle(req, res) without a callback does (Express's
// router.handle without one throws a TypeError instead).
//
// Handle must be called by a handler, error handler or parameter callback
// of the request req belongs to, before it returns, as next must be; res
// must be that request's Response. Called with a Request that is not being
// served (nil, a zero Request, or one kept after its request ended and
// returned to the pool), Handle panics with a "fast: Router.Handle" message
// and runs nothing. A Request kept past its request and used while the
// pool serves another request with it is a data race the method cannot
// detect, as for every other method of Request.
//
// Handle allocates nothing of its own: the frames come from the request's
// pool, and done() is called without allocating (done(err) with a real
// error allocates the one-element argument slice, as next(err) does at any
// call site). It is safe to call on one Router from many requests at the
// same time.
func (r *Router) Handle(req *Request, res *Response, done Next) {
	c := servingState("Router.Handle", req, res)
	c.handle(r.snapshot(), nil, done)
}

// Handle runs the app on the request being served, with done as its
// continuation: Express's app.handle(req, res, done), and app(req, res,
// next) when a handler calls an app as a function. It behaves as
// Router.Handle does on the app's router, and for the time the app's stack
// runs req.App() is this app and its settings apply (env, etag, json
// spaces ...), as when the app is mounted with Use. req.App() is restored
// before done runs, as a mounted app's restores it (Express restores it
// for a mounted app only).
//
// An app without any route or middleware calls done() at once, as
// app.handle does. A nil done passes the outcome to the final handler, as
// app.handle(req, res) does with finalhandler; its environment mode is the
// one of the app serving the request (Express's is this app's). The
// conditions on req and res, and the panic, are Router.Handle's.
func (a *App) Handle(req *Request, res *Response, done Next) {
	c := servingState("App.Handle", req, res)
	r := a.routerIfAny()
	if r == nil {
		if done == nil {
			c.finalHandler(nil)
			return
		}
		done()
		return
	}
	c.handle(r.snapshot(), a, done)
}

// servingState returns the state behind req and res, or panics when req is
// not a request being served or res is not its response.
func servingState(call string, req *Request, res *Response) *state {
	if req != nil && req.c != nil {
		req.c.fill() // req.c.at
	}
	if req == nil || req.c == nil || req.c.at == nil {
		panic("fast: " + call + " called outside a request: call it from a handler of the request, before the handler returns")
	}
	c := req.c
	if res == nil || res.c != c {
		panic("fast: " + call + ": res is not the Response of req")
	}
	return c
}

// handle runs comp in a handle frame pushed above the frame whose callback
// runs now; the handle frame's Next is done's side of router.handle.
func (c *state) handle(comp *compiledRouter, app *App, done Next) {
	p := c.at
	h := c.push(p, frameHandle)
	h.hs = handleState{
		done:       done,
		callerNext: c.next,
		caller:     p,
		callerGen:  p.gen,
		live:       true,
		app:        app,
	}
	if app != nil {
		// enterRouter keeps the settings of the top app when it enters
		// it; Handle may enter the top app from a sub app's handler.
		h.hs.prevApp, h.hs.prevSet = c.app, c.settings
		c.settings = app.resolved()
	}
	c.enterRouter(h, comp, app)
	if c.detached.Load() {
		return // a net/http middleware's goroutine owns the state now
	}
	// The caller's callback runs again: a later Handle call nests above
	// it, not above the frames the router used.
	c.at = p
}

// handleDone is router.handle's done wrapped by restore: the router frame
// has put req.baseUrl and req.params back; req.next, req.app and the
// current frame are put back here before done runs.
func (c *state) handleDone(h *frame, err error) {
	hs := h.hs
	if !hs.live {
		return // a second call of the router's last next: done ran already
	}
	h.hs = handleState{}
	if hs.app != nil {
		c.app, c.settings = hs.prevApp, hs.prevSet
	}
	if hs.caller.gen != hs.callerGen {
		// The caller's frame was reused: the handler that called Handle
		// is gone and nothing may run on its behalf. An error still ends
		// the request, as a late throw would.
		if err != nil {
			c.finalHandler(err)
		}
		return
	}
	c.at, c.next = hs.caller, hs.callerNext
	if hs.done == nil {
		c.finalHandler(err)
		return
	}
	defer c.recoverHandler(hs.caller, hs.callerGen)
	hs.done(errArg(err)...)
}
