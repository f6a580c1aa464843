// Package methodoverride is the method-override 3.0 middleware for fast:
// it lets a client that can only send GET and POST (an HTML form) ask for
// another method, which the routes after it then see.
//
//	app.Use(methodoverride.New(""))                      // X-HTTP-Method-Override header
//	app.Use(methodoverride.New("X-Method-Override"))     // another header
//	app.Use(methodoverride.New("_method"))               // ?_method=DELETE in the URL
//	app.Use(methodoverride.Func(func(req *fast.Request, res *fast.Response) string {
//		... // e.g. read and delete a _method field of the parsed body
//	}))
//
// As method-override does:
//
//   - a getter that starts with "X-" (any case) reads that request header:
//     its first comma-separated value, trimmed; it also adds the header's
//     name to the response's Vary, on every request it examines;
//   - any other getter reads that key from the query string of req.url,
//     parsed as Node's querystring.parse does (the first value of a
//     repeated key);
//   - only requests whose original method is in Config.Methods (POST by
//     default) are examined;
//   - a value that names an HTTP method Node knows (any case) becomes
//     req.method, upper-cased; anything else is ignored;
//   - OriginalMethod is req.originalMethod, the method before any override.
package methodoverride

import (
	"strings"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/parsers"
)

// Config configures the middleware.
type Config struct {
	// Methods lists the original request methods whose requests may be
	// overridden, upper-case. Optional. Default: ["POST"] (with
	// AnyMethod false).
	Methods []string
	// AnyMethod lets requests of every method be overridden, as
	// method-override's methods: null. Optional. Default: false.
	AnyMethod bool
}

// DefaultHeader is the header method-override reads by default.
const DefaultHeader = "X-HTTP-Method-Override"

// Getter returns the method a request asks for, or "" (undefined) when it
// asks for none, as a method-override getter function (req, res) does.
type Getter func(req *fast.Request, res *fast.Response) string

// New returns methodOverride(getter, options) for a header or query key
// getter; "" is the default, DefaultHeader. Only the first config is used.
func New(getter string, config ...Config) fast.Handler {
	if getter == "" {
		getter = DefaultHeader
	}
	if len(getter) >= 2 && strings.EqualFold(getter[:2], "X-") {
		return Func(headerGetter(getter), config...)
	}
	return Func(queryGetter(getter), config...)
}

// Func returns methodOverride(getter, options) with a getter function.
// Only the first config is used.
func Func(get Getter, config ...Config) fast.Handler {
	if get == nil {
		panic("methodoverride: nil getter")
	}
	var c Config
	if len(config) > 0 {
		c = config[0]
	}
	methods := c.Methods
	if methods == nil && !c.AnyMethod {
		methods = []string{"POST"}
	}
	methods = append([]string(nil), methods...)
	return func(req *fast.Request, res *fast.Response, next fast.Next) {
		original := OriginalMethod(req)
		setOriginal(req, original)
		if !c.AnyMethod && !contains(methods, original) {
			next()
			return
		}
		if m, ok := known(get(req, res)); ok {
			req.SetMethod(m)
		}
		next()
	}
}

// headerGetter reads the first value of a request header and varies the
// response on it.
func headerGetter(name string) Getter {
	return func(req *fast.Request, res *fast.Response) string {
		res.Vary(name)
		v := req.Get(name)
		if i := strings.IndexByte(v, ','); i >= 0 {
			v = v[:i]
		}
		return trimJS(v)
	}
}

// queryGetter reads key from the query string of req.url.
func queryGetter(key string) Getter {
	return func(req *fast.Request, res *fast.Response) string {
		url := req.URL()
		i := strings.IndexByte(url, '?')
		if i < 0 {
			return ""
		}
		q := url[i+1:]
		if j := strings.IndexByte(q, '#'); j >= 0 {
			q = q[:j]
		}
		v, _ := parsers.ParseQuerySimple([]byte(q)).Get(key)
		switch x := v.(type) {
		case string:
			return x
		case []any:
			if s, ok := x[0].(string); ok {
				return s
			}
		}
		return ""
	}
}

// known returns m upper-cased when it names a method of Node's list,
// compared case-insensitively.
func known(m string) (string, bool) {
	if m == "" {
		return "", false
	}
	for _, name := range fast.Methods() {
		if strings.EqualFold(m, name) && isASCII(m) {
			return name, true
		}
	}
	return "", false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// trimJS removes what String.prototype.trim removes at both ends, for the
// characters a header value can hold (Node reads header bytes as
// Latin-1): tab, line feed, vertical tab, form feed, carriage return,
// space, and U+00A0 (here the byte 0xA0).
func trimJS(s string) string {
	isSpace := func(c byte) bool {
		return c == ' ' || c >= '\t' && c <= '\r' || c == 0xA0
	}
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}
