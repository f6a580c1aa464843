package fast

// Param returns the named value from the route parameters, else the body,
// else the query string, as the deprecated req.param(name, defaultValue):
// the first of req.params[name], req.body[name] and req.query[name] that is
// neither null nor undefined, else defaultValue (nil without one). A route
// parameter is a string; body and query values are of the parsers
// package's value model. Reading the query parses it (see Query). A
// parameter's string is a view of the request's decoded-parameter memory
// and body and query values are those of Body and Query: valid until the
// request ends; copy what you keep.
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

// bodyParam returns req.body[name] for Param: a key of the object a JSON or
// urlencoded body parser left in Body; other bodies (text, raw) have no
// keys, as body[name] is undefined for a string or a Buffer in Express.
var bodyParam = func(r *Request, name string) (any, bool) {
	if o, ok := r.Body().(*Object); ok && o != nil {
		return o.Get(name)
	}
	return nil, false
}
