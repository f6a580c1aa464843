package fast

import (
	"errors"
	"slices"

	"github.com/fwgo/fw/internal/uri"
)

// legacyRouterDone is the end of a router frame of a 3.x app, as Express
// 3's router does it when no route is left: req.route is undefined again
// (Request.Route is nil, Legacy3Request.Route false), and an OPTIONS
// request is answered by legacyOptionsDone. It reports whether the answer
// was sent; otherwise err is what the frame passes on.
func (c *state) legacyRouterDone(f *frame, err error) (bool, error) {
	c.route = nil
	if c.methodIdx != methodOptions {
		return false, err
	}
	return c.legacyOptionsDone(f, err)
}

// legacyOptionsDone answers an OPTIONS request that no route of a 3.x
// router answered, as Express 3's Router#_options: the Allow list is every
// method other than OPTIONS with a route of the router matching the path,
// wherever the dispatch stopped, HEAD counting the GET routes only when
// the router has no HEAD route at all, sorted and joined with ","; it is
// sent with res.send. The error a route passed on is dropped, answered or
// not (Express 3 calls _options and then next() without it), except a
// parameter that does not decode, which Express 3 throws, and an error in
// a router that also has middleware (Use), which Express 3's routers
// cannot have. It reports whether the answer was sent; otherwise err is
// what the frame passes on.
func (c *state) legacyOptionsDone(f *frame, err error) (bool, error) {
	var he *HTTPError
	if errors.As(err, &he) && he.Name == "URIError" && he.Status == 400 {
		return false, err // a parameter of a matched route did not decode
	}
	if err != nil && hasMiddleware(f.comp) {
		// Express 3's routers hold routes only; an error of a router with
		// middleware (a 4.x construct) is passed on, as 4.x does.
		return false, err
	}
	allow, err := legacyAllow(f.comp, pathname(c.url))
	if err != nil {
		return false, err
	}
	if len(allow) == 0 {
		return false, nil
	}
	if serr := c.sendOptions(allow); serr != nil {
		return false, serr
	}
	return true, nil
}

// hasMiddleware reports whether a router snapshot has layers other than
// routes.
func hasMiddleware(comp *compiledRouter) bool {
	tab := comp.table
	for i := range tab.Len() {
		if tab.Layer(int32(i)).Handle.route == nil {
			return true
		}
	}
	return false
}

// legacyAllow returns the methods of Express 3's Router#_optionsFor(path)
// for a router snapshot, sorted. A route that matches with a parameter
// that does not decode fails as Route#match throws. It allocates.
func legacyAllow(comp *compiledRouter, path string) ([]string, error) {
	tab := comp.table
	var any uint64 // the methods of all the router's routes
	for i := range tab.Len() {
		if e := &tab.Layer(int32(i)).Handle; e.route != nil {
			any |= e.rmethods
		}
	}
	var found uint64
	var caps []int32
	for i := range tab.Len() {
		e := &tab.Layer(int32(i)).Handle
		if e.route == nil || e.rmethods&^found == 0 {
			continue
		}
		if n := 2 * len(e.pattern.Keys()); n > len(caps) {
			caps = make([]int32, n)
		}
		if _, _, ok := e.pattern.Match(path, caps); !ok {
			continue
		}
		if err := legacyDecodeCaps(path, caps[:2*len(e.pattern.Keys())]); err != nil {
			return nil, err
		}
		found |= e.rmethods
	}
	var allow []string
	for m, name := range methodNames {
		has := found&(1<<m) != 0 || found&methodAllBit != 0
		if m == methodHead && any&((1<<methodHead)|methodAllBit) == 0 {
			has = found&(1<<methodGet) != 0 // HEAD routes are the GET ones
		}
		if has && m != methodOptions {
			allow = append(allow, name)
		}
	}
	slices.Sort(allow) // JavaScript's sort: by UTF-16 code units
	return allow, nil
}

// legacyDecodeCaps decodes the captures of a route match as Express 3's
// Route#match does, for its error: "Failed to decode param '%ZZ'", 400.
func legacyDecodeCaps(path string, caps []int32) error {
	for i := 0; i+1 < len(caps); i += 2 {
		if caps[i] < 0 {
			continue
		}
		v := path[caps[i]:caps[i+1]]
		if !uri.NeedsDecode(v) {
			continue
		}
		if _, ok := uri.AppendDecodeComponent(nil, v); !ok {
			return &HTTPError{Status: 400, Name: "Error", Message: "Failed to decode param '" + v + "'"}
		}
	}
	return nil
}
