package fast

import "strings"

// Legacy3Route is req.route of Express 3: the route that matched the
// request, for the request's method. Express 3 keeps one route object a
// method (app.all adds one for each), so Method is the method the route
// matched (a HEAD request served by a GET route has "get"), Callbacks
// counts the route's handlers for that method, and Keys and Regexp are
// those of App.Routes. Its Remove takes the route's handlers for Method
// out of the router, as for a record of App.Routes.
type Legacy3Route struct {
	RouteRecord
	// Params is req.params, which is route.params in Express 3: valid
	// until the request ends.
	Params *Params
}

// Route returns req.route as Express 3 has it, and false (undefined in
// Express 3) outside a route: in middleware before the router, and after
// the router passed the request on. It reads the route
// under its router's lock and allocates.
func (l Legacy3Request) Route() (Legacy3Route, bool) {
	c := l.r.c
	c.fill() // c.route
	rt := c.route
	if rt == nil {
		return Legacy3Route{}, false
	}
	r := rt.owner
	r.mu.Lock()
	m := c.methodIdx
	if m == methodHead && rt.methods&(1<<methodHead|methodAllBit) == 0 {
		m = methodGet // Express 3 tries the GET routes after the HEAD ones
	}
	n := 0
	for _, h := range rt.stack {
		if h.method == m || h.method < 0 {
			n++
		}
	}
	opts := r.opts
	r.mu.Unlock()
	verb := strings.ToLower(c.method)
	if m >= 0 {
		verb = strings.ToLower(methodNames[m])
	}
	var keys []RouteKey
	src := legacyRegexp(rt.path, opts, &keys)
	rec := RouteRecord{Path: rt.path, Method: verb, Callbacks: n, Keys: keys, Regexp: src}
	if m >= 0 {
		rec.route, rec.method = rt, m // Remove takes the handlers of m out
	}
	return Legacy3Route{
		RouteRecord: rec,
		Params:      l.r.Params(),
	}, true
}
