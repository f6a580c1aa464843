package fast

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/fwgo/fw/router"
)

// legacy3 is the Express 3.x profile of an App (NewLegacy3): where 3.x and
// 4.x answer differently, an app with a profile answers as Express 3.21.2.
type legacy3 struct {
	mu     sync.Mutex
	routes *Router // app.router: every route and app.param of the app
	used   bool    // the router is in the app's stack
}

// NewLegacy3 creates an App with the Express 3.x profile, as express() of
// Express 3.21.2. It starts from New's defaults and differs from an App of
// New as 3.x differs from 4.x:
//
//   - settings: "json spaces" is 2 when the environment mode is
//     "development" (NewLegacy3 reads it from EnvVar, as 3.x reads
//     NODE_ENV);
//   - routing: routes (Get, Post, All, Method, Route) and parameter
//     callbacks (Param) go to one router, app.router, which enters the
//     app's stack where the first route is added, or where
//     LegacyRouter is passed to Use; middleware added after that point
//     runs after every route. Use matches its path followed by '/' or '.'
//     or the end, case-insensitively ("/static" matches "/static.json" and
//     "/STATIC/x"), and strips it;
//   - responses: Location and Redirect resolve a path without a leading '/'
//     against the app's mount point and "./" or "../" against the request
//     path (see Response.Location); redirect bodies are 3.x's; SetCharset is
//     res.charset; the ETag of a body is 3.x's (W/"<length hex>-<base64
//     MD5>"); the final handler answers 3.x's 404 ("Cannot GET /x\n") and
//     error bodies (the stack with <br> in development, the status text
//     in production, chosen by the mode at creation as connect does);
//   - requests: Request.Is answers as 3.x's req.is (Legacy3Request.Is),
//     and a router answers OPTIONS as 3.x's Router#_options (every method
//     of the routes matching the path, sorted); Legacy3Request.Route is
//     req.route.
//
// Apps mounted on a legacy app answer with the profile of the app that
// serves the request. Use NewLegacy3 for the sub-apps of a 3.x application
// too, so that their routes follow 3.x's ordering.
func NewLegacy3() *App {
	return initLegacy3(New())
}

// initLegacy3 gives a new app the 3.x profile and 3.x's defaults.
func initLegacy3(a *App) *App {
	a.legacy = &legacy3{}
	if a.envAtInit == "development" {
		a.Set("json spaces", 2)
	}
	return a
}

// IsLegacy3 reports whether the app has the Express 3.x profile
// (NewLegacy3).
func (a *App) IsLegacy3() bool { return a.legacy != nil }

// Configure calls fn with the app when the "env" setting is one of envs,
// or always when no env is given, as app.configure([env...], fn) of
// Express 3. It returns the app.
//
// Deprecated: Express 3 deprecated app.configure; test Setting("env").
func (a *App) Configure(fn func(app *App), envs ...string) *App {
	if len(envs) == 0 {
		fn(a)
		return a
	}
	env, _ := a.Setting("env").(string)
	if slices.Contains(envs, env) {
		fn(a)
	}
	return a
}

// MergeLocals copies every entry of obj into the app's locals and returns
// obj, as calling app.locals(obj) does in Express 3. Like Locals, it must
// not run while other goroutines read the locals (call it at setup).
func (a *App) MergeLocals(obj map[string]any) map[string]any {
	for k, v := range obj {
		a.locals[k] = v
	}
	return obj
}

// LegacyRouter returns the router of a 3.x app's routes, as reading
// app.router does in Express 3: pass it to Use to choose where the routes
// run in the stack (app.use(app.router)); otherwise the first route places
// it. The router is created with the "case sensitive routing" and "strict
// routing" settings of the first call. It panics for an app made by New.
func (a *App) LegacyRouter() *Router {
	l := a.legacy
	if l == nil {
		panic("fast: App.LegacyRouter() needs an app made by NewLegacy3")
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.used = true
	return l.routerLocked(a)
}

func (l *legacy3) routerLocked(a *App) *Router {
	if l.routes == nil {
		l.routes = NewRouter(RouterOptions{
			CaseSensitive: a.Enabled("case sensitive routing"),
			Strict:        a.Enabled("strict routing"),
		})
	}
	return l.routes
}

// routeRouter returns the router that routes and parameter callbacks are
// added to: the app's own, or, for a 3.x app, app.router, which enters
// the app's stack at the first route unless Use placed it already.
func (a *App) routeRouter() *Router {
	l := a.legacy
	if l == nil {
		return a.routerFor()
	}
	l.mu.Lock()
	r := l.routerLocked(a)
	place := !l.used
	l.used = true
	l.mu.Unlock()
	if place {
		a.routerFor().use("/", []handle{{kind: kindRouter, router: r}})
	}
	return r
}

// usePath returns the path a 3.x app's Use layer matches: connect's rule,
// the path (without a trailing '/') followed by '/', '.' or the end,
// compared case-insensitively. Other paths and other apps are unchanged.
func (a *App) usePath(path any) any {
	s, ok := path.(string)
	if a.legacy == nil || !ok {
		return path
	}
	s = strings.TrimSuffix(s, "/")
	if s == "" {
		return "/"
	}
	return router.JSRegExp{Source: "^" + jsQuote(s) + `(?=\/|\.|$)`, Flags: "i"}
}

// jsQuote escapes s for a JavaScript regular expression.
func jsQuote(s string) string {
	q := regexp.QuoteMeta(s)
	return strings.ReplaceAll(q, "/", `\/`)
}

// paramRouter returns the router parameter callbacks are added to: the
// app's own, or app.router for a 3.x app (without placing it).
func (a *App) paramRouter() *Router {
	l := a.legacy
	if l == nil {
		return a.routerFor()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.routerLocked(a)
}
