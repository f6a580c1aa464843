package fast

// enterRoute runs a matched route's handlers in a new frame, as
// Route.dispatch. A route has no use for a pending error: the router only
// enters routes without one.
func (c *state) enterRoute(parent *frame, e *entry, err error) {
	if len(e.rstack) == 0 {
		parent.next()
		return
	}
	m := c.methodIdx
	if m == methodHead && e.rmethods&(1<<methodHead) == 0 {
		m = methodGet
	}
	c.route = e.route
	if err == nil && m >= 0 {
		if i := e.solo[m]; i >= 0 {
			// One plain handler answers this method: calling it with the
			// router's next is exactly Route.dispatch (its next(),
			// next(SkipRoute), next(SkipRouter) and next(err) all reach
			// the router's next the same way), without a route frame.
			c.call(parent, e.rstack[i].h.fn)
			return
		}
	}
	g := c.push(parent, frameRoute)
	g.entry = e
	g.ri = 0
	g.rmethod = m
	c.routeNext(g, err)
}

// routeNext is Route.dispatch's next(err).
func (c *state) routeNext(g *frame, err error) {
	switch err {
	case SkipRoute:
		g.parent.next()
		return
	case SkipRouter:
		g.parent.next.SkipRouter()
		return
	}
	for g.ri < len(g.entry.rstack) {
		rh := &g.entry.rstack[g.ri]
		g.ri++
		if rh.method >= 0 && rh.method != g.rmethod {
			continue
		}
		switch rh.h.kind {
		case kindHandler:
			if err != nil {
				continue
			}
			c.call(g, rh.h.fn)
		case kindError:
			if err == nil {
				continue
			}
			c.callError(g, rh.h.efn, err)
		case kindRouter:
			if err != nil {
				continue
			}
			c.enterRouter(g, rh.h.router.snapshot(), nil)
		case kindApp:
			if err != nil {
				continue
			}
			c.enterApp(g, rh.h.app)
		}
		return
	}
	g.parent.next(errArg(err)...)
}
