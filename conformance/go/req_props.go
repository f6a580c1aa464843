package scenarios

import (
	"github.com/fwgo/fw/fast"
)

// req-props: request properties under every form of "trust proxy".
func init() {
	type props struct {
		Hostname   string   `json:"hostname"`
		Host       string   `json:"host"`
		IP         string   `json:"ip"`
		IPs        []string `json:"ips"`
		Protocol   string   `json:"protocol"`
		Secure     bool     `json:"secure"`
		Subdomains []string `json:"subdomains"`
		XHR        bool     `json:"xhr"`
	}
	undef := func(s string) string {
		if s == "" {
			return "(undefined)"
		}
		return s
	}
	propsOf := func(req *fast.Request) string {
		return jsonText(props{undef(req.Hostname()), undef(req.Host()), req.IP(), req.IPs(), req.Protocol(), req.Secure(), req.Subdomains(), req.XHR()})
	}
	build := func(setting any, offset any) func(Env) *fast.App {
		return func(env Env) *fast.App {
			app := newApp(env)
			if setting != nil {
				app.Set("trust proxy", setting)
			}
			if offset != nil {
				app.Set("subdomain offset", offset)
			}
			app.Get("/props", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(propsOf(req)) })
			app.Get("/nohost", func(req *fast.Request, res *fast.Response, next fast.Next) {
				// req.headers.host = null: drop the header.
				req.Ctx().Request.Header.Del("Host")
				req.Ctx().Request.Header.SetHostBytes(nil)
				res.Send(propsOf(req))
			})
			app.Get("/p/hostname", func(req *fast.Request, res *fast.Response, next fast.Next) { res.End(undefOr(req.Hostname())) })
			app.Get("/p/host", func(req *fast.Request, res *fast.Response, next fast.Next) { res.End(undefOr(req.Host())) })
			app.Get("/p/ip", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.IP()) })
			app.Get("/p/ips", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.IPs()) })
			app.Get("/p/protocol", func(req *fast.Request, res *fast.Response, next fast.Next) { res.End(req.Protocol()) })
			app.Get("/p/secure", func(req *fast.Request, res *fast.Response, next fast.Next) {
				if req.Secure() {
					res.Send("yes")
				} else {
					res.Send("no")
				}
			})
			app.Get("/p/subdomains", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.Subdomains()) })
			app.Get("/p/xhr", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.XHR()) })
			return app
		}
	}
	apps := map[string]func(Env) *fast.App{
		"default":     build(nil, nil),
		"false":       build(false, nil),
		"true":        build(true, nil),
		"hop-1":       build(1, nil),
		"hop-2":       build(2, nil),
		"list":        build("10.0.0.1, 10.0.0.2, 127.0.0.1, ::1", nil),
		"untrusted":   build("10.0.0.1", nil),
		"loopback":    build("loopback", nil),
		"subnet":      build("127.0.0.0/8", nil),
		"array":       build([]string{"loopback", "10.0.0.0/8"}, nil),
		"uniquelocal": build("uniquelocal", nil),
		"fn":          build(func(addr string, i int) bool { return i < 1 }, nil),
		"offset-0":    build(nil, 0),
		"offset-3":    build(nil, 3),
		"sub-app": func(env Env) *fast.App {
			app, sub := newApp(env), newApp(env)
			app.Set("trust proxy", 2)
			sub.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(req.IP()) })
			sub.Get("/props", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(propsOf(req)) })
			app.Use("/sub", sub)
			return app
		},
		"sub-app-override": func(env Env) *fast.App {
			app, sub := newApp(env), newApp(env)
			app.Set("trust proxy", true)
			sub.Set("trust proxy", false)
			sub.Get("/props", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(propsOf(req)) })
			app.Use("/sub", sub)
			app.Get("/props", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send(propsOf(req)) })
			return app
		},
	}
	for name, b := range apps {
		Register(Name("req-props", name), b)
	}
}

// undefOr is String(v) of a value that is undefined when empty.
func undefOr(s string) string {
	if s == "" {
		return "undefined"
	}
	return s
}
