package fast

import (
	"regexp"
	"strings"
)

// RegexpParam is the parameter factory of Express 3's documentation
// (app.param(function(name, fn) { if (fn instanceof RegExp) ... })),
// provided: registered with Param, as there, it lets later Param calls
// take a *regexp.Regexp as the callback, as app.param('id', /^\d+$/).
// Without it such a call panics, as Express 3 throws "invalid param()
// call". The callback runs the regular
// expression on the parameter's value (a search, as RegExp exec): on a
// match the parameter becomes the match and its groups, joined with ","
// (what JavaScript prints for the captures array Express 3 stores), and
// the captures are kept for ParamCaptures; otherwise it calls
// next(SkipRoute).
//
//	app.Param(fast.RegexpParam)
//	app.Param("uid", regexp.MustCompile(`^\d+$`))
func RegexpParam(name string, arg any) ParamHandler {
	re, ok := arg.(*regexp.Regexp)
	if !ok {
		return nil
	}
	return func(req *Request, res *Response, next Next, value, name string) {
		m := re.FindStringSubmatch(value)
		if m == nil {
			next(SkipRoute)
			return
		}
		c := req.c
		c.touched = true
		if c.legacy.captures == nil {
			c.legacy.captures = make(map[string][]string)
		}
		c.legacy.captures[name] = m
		req.setParamValue(name, strings.Join(m, ","))
		next()
	}
}

// ParamCaptures returns what the regular expression of a RegexpParam
// parameter captured, as req.params[name] is in Express 3: the whole match
// first, then each group ("" for a group that did not take part). It is
// nil when no RegexpParam callback matched the parameter in this request.
// The slice lives until the request ends.
func (r *Request) ParamCaptures(name string) []string {
	return r.c.legacy.captures[name]
}

// legacyState is the per-request state of the Express 3.x surface.
type legacyState struct {
	charset  string              // res.charset
	captures map[string][]string // RegexpParam captures by parameter name
}

// reset clears the state for the next request, keeping the map.
func (l *legacyState) reset() {
	l.charset = ""
	if len(l.captures) != 0 {
		clear(l.captures)
	}
}
