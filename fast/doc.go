// Package fast is Express 4 for Go, on fasthttp.
//
// An App routes requests through an ordered stack of middleware and routes,
// exactly as Express 4.22 does: first registered wins, middleware and
// routes interleave in definition order, next() passes control on,
// next(err) skips to error handlers, next(SkipRoute) and next(SkipRouter)
// leave a route or a router, and sub-routers and sub-apps mount with their
// path stripped.
//
//	app := fast.New()
//	app.Get("/user/:id", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		res.Send("user " + req.Params().Get("id"))
//	})
//	srv, err := app.Listen(3000)
//
// # Path syntax
//
// Paths follow path-to-regexp 0.1.x, the syntax of Express 4:
//
//	/user/:id          named parameter, one non-empty segment
//	/user/:id?         optional parameter (its slash is optional too)
//	/file/:name(\d+)   parameter restricted by a regular expression
//	/files/*           wildcard; its value is params "0", "1" ... in order
//	/ab?cd /ab+cd      regular-expression characters in a string path
//	/(foo)?bar         groups; unnamed groups are numbered like wildcards
//	/:file.:ext        a '.' is literal; ".:ext" is a format parameter
//	*regexp.Regexp     a Go regular expression; capture groups by index
//	[]string{...}      several paths for one layer
//
// Matching is case-insensitive and ignores a trailing slash unless the
// "case sensitive routing" and "strict routing" settings (or the
// RouterOptions) say otherwise. Parameter values are decoded as
// decodeURIComponent does; a malformed one is a 400 error passed to next.
//
// # Lifetimes
//
// A Request and a Response, and every string or []byte they return (params,
// headers, URLs), live until the response is sent and the handler chain
// returns; they are pooled and reused by later requests. Copy a value
// (strings.Clone) to keep it longer. Handlers must call next, if at all,
// before returning. Build with the fwpoison tag to overwrite lent memory
// when a request ends, so that a value kept too long shows up in tests.
//
// # Divergences from Express 4
//
// Every difference from Express 4.22 kept on purpose is listed here.
//
//   - Names: Express's app.get(name) (reading a setting) is App.Setting;
//     req.params is Request.Params; next('route') and next('router') are
//     next(SkipRoute) and next(SkipRouter), or the allocation-free
//     next.SkipRoute() and next.SkipRouter().
//   - The environment mode comes from the FW_ENV variable (EnvVar), not
//     NODE_ENV.
//   - X-Powered-By says "fw".
//   - Handlers are synchronous: next must be called before the handler
//     returns, and the response is written when the chain returns. A
//     handler that neither responds nor calls next leaves fasthttp's empty
//     200 response, where Express would leave the request hanging.
//   - Development error pages show "Name: message" and, for a recovered
//     panic, the Go stack, where Express shows the JavaScript stack.
//   - Sending twice returns ErrHeadersSent (Node's ERR_HTTP_HEADERS_SENT
//     message) instead of throwing; header changes after sending are
//     ignored.
//   - Layers registered while a request is being dispatched are seen by
//     the next request, not by that one.
//   - Header names are written in fasthttp's canonical case ("Etag"); HTTP
//     header names are case-insensitive.
package fast
