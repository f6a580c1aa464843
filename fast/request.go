package fast

import (
	"github.com/valyala/fasthttp"

	"github.com/fwgo/fw/internal/cookie"
	"github.com/fwgo/fw/internal/rangeparser"
)

// Request is Express's req for one request. It is valid only until the
// response is sent and the handler chain returns; strings it returns are
// views into pooled request memory with the same lifetime (copy them, for
// example with strings.Clone, to keep them longer). It is not safe for
// concurrent use.
type Request struct {
	c      *state
	params Params

	// Per-request caches of req.* getters; reset clears them. Strings
	// they hold point into the state's scratch memory or into fasthttp's
	// request buffers.
	remote     string // socketAddr, once remoteDone
	remoteDone bool
	query      *Object // req.query, once parsed
	ips        []string
	subdomains []string
	ranges     []Range
	rangeBuf   []rangeparser.Range

	cookies       []cookie.Pair // req.cookies, filled by ParseCookies
	signedCookies []cookie.Pair // req.signedCookies
	cookiesParsed bool
}

// reset clears the req.* caches. Most requests fill none of them: one
// test for all of them, inlined into state.Reset, and the clearing out of
// line.
func (r *Request) reset() {
	if r.cached() {
		r.resetCaches()
	}
}

// cached reports whether a req.* cache holds something. The cookie slices
// and the state's secrets are set only by ParseCookies, which sets
// cookiesParsed.
func (r *Request) cached() bool {
	return r.remoteDone || r.cookiesParsed || r.query != nil || len(r.ips)|len(r.subdomains)|len(r.ranges)|len(r.rangeBuf) != 0
}

// resetCaches empties the req.* caches, keeping the slices' memory.
func (r *Request) resetCaches() {
	r.remote, r.remoteDone = "", false
	r.query = nil
	r.cookiesParsed = false
	r.c.secrets = nil
	clear(r.ips)
	r.ips = r.ips[:0]
	clear(r.subdomains)
	r.subdomains = r.subdomains[:0]
	r.ranges = r.ranges[:0]
	r.rangeBuf = r.rangeBuf[:0]
	clear(r.cookies)
	r.cookies = r.cookies[:0]
	clear(r.signedCookies)
	r.signedCookies = r.signedCookies[:0]
}

// Method returns the request method, upper-case, as req.method.
// The string is valid until the request ends.
func (r *Request) Method() string { return r.c.method }

// SetMethod rewrites req.method, as assigning it does in Express (method
// override middleware): the layers after the current one are matched
// against the new method. A method Node does not know matches only
// all-method routes and middleware.
func (r *Request) SetMethod(method string) {
	c := r.c
	c.method = method
	c.methodIdx = methodIndexFold(method)
	// The routers' candidate lists were filtered by the old method.
	for _, f := range c.frames[:c.depthUsed] {
		f.candValid = false
	}
}

// URL returns req.url: the request target as the current router sees it,
// with the mount path of the routers and apps it runs in removed.
// The string is valid until the request ends.
func (r *Request) URL() string { return r.c.url }

// SetURL rewrites req.url, as assigning it does in Express: routing
// continues on the new URL, and the mount path is put back in front of it
// when the current router moves on.
func (r *Request) SetURL(url string) { r.c.url = url }

// OriginalURL returns the request target as the client sent it, as
// req.originalUrl. The string is valid until the request ends.
func (r *Request) OriginalURL() string { return r.c.uriStr }

// BaseURL returns the path the current router or app was mounted on, as
// matched (not the pattern), as req.baseUrl.
// The string is valid until the request ends.
func (r *Request) BaseURL() string { return r.c.baseURL }

// Path returns the path part of req.url, as req.path.
// The string is valid until the request ends.
func (r *Request) Path() string { return pathname(r.c.url) }

// Params returns the route parameters of the matched layer, as
// req.params. Values are decoded and, like the Params itself, valid until
// the request ends.
func (r *Request) Params() *Params {
	return &r.params // its c is set with r's (newContext)
}

// Get returns a request header, matched case-insensitively, as
// req.get(field) (alias Header): the value Node gives Express, where the
// lines of a repeated header are joined with ", " ("; " for Cookie) except
// for the headers Node keeps once (Content-Type, Host, Referer, User-Agent,
// Authorization ...), which give their first line. "Referer" and "Referrer"
// are interchangeable: both read Referrer, then Referer. An absent header
// gives "". The value is valid until the request ends; it allocates nothing.
//
// An empty field panics with Express's TypeError ("name argument is
// required to req.get"), which reaches the error handlers as a recovered
// panic, as Express's throw does.
func (r *Request) Get(field string) string {
	if field == "" {
		panic(&HTTPError{Status: 500, Name: "TypeError", Message: "name argument is required to req.get"})
	}
	c := r.c
	if equalFoldASCII(field, "referer") || equalFoldASCII(field, "referrer") {
		if v, _ := c.requestHeader(hReferrer); v != "" {
			return v
		}
		v, _ := c.requestHeader(hReferer)
		return v
	}
	v, _ := c.headerByName(field)
	return v
}

// Header is an alias of Get, as req.header.
func (r *Request) Header(field string) string { return r.Get(field) }

// App returns the app whose router is handling the request, as req.app:
// inside a mounted sub-app, the sub-app.
func (r *Request) App() *App { return r.c.app }

// Route returns the route currently matched, as req.route, or nil in
// middleware before any route (on an app of NewLegacy3, also once the
// router passed the request on, as in Express 3).
func (r *Request) Route() *Route {
	r.c.fill()
	return r.c.route
}

// Res returns the response of this request, as req.res.
func (r *Request) Res() *Response { return &r.c.res }

// Ctx returns the underlying fasthttp request context, for what fast does
// not cover. It lives as long as the Request.
func (r *Request) Ctx() *fasthttp.RequestCtx {
	r.c.framing() // before the caller may change the header
	return r.c.fctx
}

// paramValue returns the current value of req.params[name]; ok is false
// when it is absent or undefined.
func (r *Request) paramValue(name string) (string, bool) {
	r.c.fill()
	ps := r.c.params[r.c.cur.start:r.c.cur.end]
	for i := range ps {
		if ps[i].name == name {
			return ps[i].value, ps[i].set
		}
	}
	return "", false
}

func (r *Request) setParamValue(name, value string) {
	r.Params().Set(name, value)
}

// XHR reports whether the X-Requested-With header is "XMLHttpRequest", in
// any case, as req.xhr.
func (r *Request) XHR() bool {
	v, _ := r.c.requestHeader(hXRequestedWith)
	return equalFoldASCII(v, "xmlhttprequest")
}
