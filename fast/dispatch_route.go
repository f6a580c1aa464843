package fast

// enterRoute runs a matched route's handlers in a new frame, as
// Route.dispatch. A route has no use for a pending error: the router only
// enters routes without one.
func (c *state) enterRoute(parent *frame, e *entry, err error) {
	if len(e.rstack) == 0 {
		parent.next()
		return
	}
	g := c.push(parent, frameRoute)
	g.entry = e
	g.ri = 0
	m := c.methodIdx
	if m == methodHead && e.rmethods&(1<<methodHead) == 0 {
		m = methodGet
	}
	g.rmethod = m
	c.route = e.route
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
