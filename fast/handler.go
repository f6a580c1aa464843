package fast

// Handler is a request handler or middleware, Express's (req, res, next).
// It calls next() to pass control on, next(err) to skip to the error
// handlers, next(SkipRoute) to leave the current route and
// next(SkipRouter) to leave the current router. next must be called, if at
// all, before the handler returns.
type Handler func(req *Request, res *Response, next Next)

// ErrorHandler is error-handling middleware, Express's four-argument
// (err, req, res, next). It runs only while an error is pending; calling
// next() with no argument recovers from the error.
type ErrorHandler func(err error, req *Request, res *Response, next Next)

// Next passes control to the next matching layer: next() continues,
// next(err) raises err, next(SkipRoute) and next(SkipRouter) leave the
// current route or router. Only the first argument is used.
//
// Go allocates the one-element slice of a call such as next(err) at the
// call site, because the callee is a function value. The methods of Next
// leave control without that allocation: next.SkipRoute() and
// next.SkipRouter().
type Next func(err ...error)

// ParamHandler is a parameter callback, Express's (req, res, next, value,
// name), registered with App.Param and Router.Param.
type ParamHandler func(req *Request, res *Response, next Next, value, name string)

// ParamFactory is the deprecated function-only form of App.Param (Express
// 4.11 deprecated it): it receives each later Param call's name and second
// argument, and may return the ParamHandler to use instead, or nil.
type ParamFactory func(name string, arg any) ParamHandler

type skipError string

func (e skipError) Error() string { return "fast: next(" + string(e) + ")" }

// SkipRoute, passed to next, skips the remaining handlers of the current
// route, as next('route') does in Express.
var SkipRoute error = skipError("route")

// SkipRouter, passed to next, leaves the current router, as next('router')
// does in Express.
var SkipRouter error = skipError("router")

var (
	skipRouteArgs  = []error{SkipRoute}
	skipRouterArgs = []error{SkipRouter}
)

// SkipRoute calls next(SkipRoute) without allocating.
func (n Next) SkipRoute() { n(skipRouteArgs...) }

// SkipRouter calls next(SkipRouter) without allocating.
func (n Next) SkipRouter() { n(skipRouterArgs...) }
