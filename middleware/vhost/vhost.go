// Package vhost is the vhost 3.0 middleware for fast: it hands requests
// to a handler, router or app when the request's host name matches a
// pattern, and makes what the pattern's wildcards matched available as
// req.vhost (Of).
//
//	app.Use(vhost.New("mail.example.com", mailApp))
//	app.Use(vhost.New("*.example.com", func(req *fast.Request, res *fast.Response, next fast.Next) {
//		res.SendString("user " + vhost.Of(req).Values[0])
//	}))
//
// As vhost does:
//
//   - the host name is the Host header up to its port (an IPv6 literal
//     "[::1]:3000" keeps its brackets); trust proxy and X-Forwarded-Host
//     play no part; a request without a Host header never matches;
//   - a string pattern is literal except for '*', which matches one or
//     more characters other than '.'; it must match the whole host name,
//     case-insensitively (ASCII letters, and Latin-1 letters as
//     JavaScript's case-insensitive matching pairs them: Node reads the
//     header's bytes as Latin-1 characters); when several wildcards could
//     share the text, each takes as much as it can, left first, as
//     JavaScript's backtracking does;
//   - a *regexp.Regexp pattern is matched case-insensitively and anchored
//     at both ends (unless it already starts with '^' or ends with an
//     unescaped '$'), with Go's regular expression syntax and semantics
//     instead of JavaScript's; its groups give the values;
//   - when the host does not match, the request goes on to the next
//     layer; when it does, req.vhost is set and handle runs, and
//     handle's next() goes on to the layer after the vhost middleware.
//
// The pattern matcher runs in time linear in the host name for each
// pattern character; it never backtracks exponentially.
package vhost

import (
	"regexp"
	"strings"

	"github.com/fwgo/fw/fast"
)

// Vhost is req.vhost: the host the request was matched with.
type Vhost struct {
	// Host is the Host header, port included.
	Host string
	// Hostname is the host name the pattern matched.
	Hostname string
	// Values holds what each wildcard (or regular expression group)
	// matched, in order: req.vhost[0], req.vhost[1]...; a group that
	// did not take part in the match is "" (JavaScript's undefined).
	Values []string
}

type vhostKey struct{}

// Of returns req.vhost: the Vhost of the last vhost middleware that
// matched the request, or nil. Its strings are views of request memory,
// valid until the request ends.
func Of(req *fast.Request) *Vhost {
	v, _ := req.Ctx().UserValue(vhostKey{}).(*Vhost)
	return v
}

// New returns vhost(hostname, handle) for a host name pattern with '*'
// wildcards. handle is what fast.App.Use accepts: a fast.Handler (or a
// function of that type), a *fast.Router or a *fast.App. The result is a
// Router to register with Use. New panics on an empty hostname or a nil
// handle, as vhost throws.
func New(hostname string, handle any) *fast.Router {
	if hostname == "" {
		panic("vhost: argument hostname is required")
	}
	p := compilePattern(hostname)
	return route(func(h string) ([]string, bool) { return p.match(h) }, handle)
}

// NewRegexp returns vhost(regexp, handle): re is compiled again with the
// i flag and anchored as vhost anchors it (see the package
// documentation).
func NewRegexp(re *regexp.Regexp, handle any) *fast.Router {
	if re == nil {
		panic("vhost: argument hostname is required")
	}
	src := re.String()
	if !strings.HasPrefix(src, "^") {
		src = "^" + src
	}
	if !endAnchored(src) {
		src += "$"
	}
	ci := regexp.MustCompile("(?i:" + src + ")")
	return route(func(h string) ([]string, bool) {
		m := ci.FindStringSubmatch(h)
		if m == nil {
			return nil, false
		}
		return m[1:], true
	}, handle)
}

// endAnchored reports whether src ends with a '$' not escaped by a
// backslash, as vhost's /(?:^|[^\\])(?:\\\\)*\$$/ tests.
func endAnchored(src string) bool {
	if !strings.HasSuffix(src, "$") {
		return false
	}
	n := 0
	for i := len(src) - 2; i >= 0 && src[i] == '\\'; i-- {
		n++
	}
	return n%2 == 0
}

func route(match func(hostname string) ([]string, bool), handle any) *fast.Router {
	if handle == nil {
		panic("vhost: argument handle is required")
	}
	r := fast.NewRouter()
	r.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
		host := req.Get("Host")
		hostname := hostnameOf(host)
		if hostname == "" {
			next.SkipRouter()
			return
		}
		values, ok := match(hostname)
		if !ok {
			next.SkipRouter()
			return
		}
		req.Ctx().SetUserValue(vhostKey{}, &Vhost{Host: host, Hostname: hostname, Values: values})
		next()
	}, handle)
	return r
}

// hostnameOf is vhost's hostnameof: the Host value up to the ':' that
// starts the port, looked for after the ']' of an IPv6 literal.
func hostnameOf(host string) string {
	offset := 0
	if strings.HasPrefix(host, "[") {
		offset = strings.IndexByte(host, ']') + 1
	}
	if i := strings.IndexByte(host[offset:], ':'); i >= 0 {
		return host[:offset+i]
	}
	return host
}
