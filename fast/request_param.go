package fast

// Param returns the named value from the route parameters, else the body,
// else the query string, as the deprecated req.param(name, defaultValue):
// the first of req.params[name], req.body[name] and req.query[name] that is
// neither null nor undefined, else defaultValue (nil without one). A route
// parameter is a string; body and query values are of the parsers
// package's value model. Reading the query parses it (see Query).
//
// Deprecated: use Params, the body or Query, as Express 4 says.
func (r *Request) Param(name string, defaultValue ...any) any {
	if v, ok := r.paramValue(name); ok {
		return v
	}
	if v, ok := bodyParam(r, name); ok && v != nil {
		return v
	}
	if v, ok := r.Query().Get(name); ok && v != nil {
		return v
	}
	if len(defaultValue) > 0 {
		return defaultValue[0]
	}
	return nil
}

// bodyParam returns req.body[name] for Param. The body parser middleware
// replaces it once req.body exists; until then there is no body.
var bodyParam = func(r *Request, name string) (any, bool) { return nil, false }
