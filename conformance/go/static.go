package scenarios

import (
	"os"
	"path/filepath"
	"strconv"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/static"
)

// static: express.static on Express's test fixtures.
func init() {
	fellThrough := func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Status(404).Send("fell through: " + req.Method() + " " + req.URL())
	}
	build := func(dir string, opts fast.StaticOptions) func(Env) *fast.App {
		return func(env Env) *fast.App {
			app := newApp(env)
			app.Use(fast.Static(filepath.Join(env.Fixtures, dir), opts))
			app.Use(fellThrough)
			return app
		}
	}
	x := "express"
	apps := map[string]func(Env) *fast.App{
		"basic":                            build(x, fast.StaticOptions{}),
		"accept-ranges-false":              build(x, fast.StaticOptions{AcceptRanges: static.Off}),
		"cache-control-false":              build(x, fast.StaticOptions{CacheControl: static.Off}),
		"cache-control-false-max-age":      build(x, fast.StaticOptions{CacheControl: static.Off, MaxAge: 1000}),
		"extensions-html":                  build(x, fast.StaticOptions{Extensions: []string{"html"}}),
		"extensions-false":                 build(x, fast.StaticOptions{}),
		"extensions-list":                  build(x, fast.StaticOptions{Extensions: []string{"htm", "html", "txt"}}),
		"fallthrough-true-redirect-false":  build(x, fast.StaticOptions{Fallthrough: static.On, Redirect: static.Off}),
		"fallthrough-false":                build(x, fast.StaticOptions{Fallthrough: static.Off}),
		"fallthrough-false-redirect-false": build(x, fast.StaticOptions{Fallthrough: static.Off, Redirect: static.Off}),
		"dotfiles-allow":                   build(x, fast.StaticOptions{Dotfiles: static.DotfilesAllow}),
		"dotfiles-deny":                    build("extra", fast.StaticOptions{Dotfiles: static.DotfilesDeny}),
		"dotfiles-ignore":                  build("extra", fast.StaticOptions{}),
		"immutable":                        build(x, fast.StaticOptions{Immutable: true, MaxAge: "1h"}),
		"immutable-no-max-age":             build(x, fast.StaticOptions{Immutable: true}),
		"last-modified-false":              build(x, fast.StaticOptions{LastModified: static.Off}),
		"etag-false":                       build(x, fast.StaticOptions{ETag: static.Off}),
		"max-age-string":                   build(x, fast.StaticOptions{MaxAge: "30d"}),
		"max-age-infinity":                 build(x, fast.StaticOptions{MaxAge: "1000y"}),
		"max-age-number":                   build(x, fast.StaticOptions{MaxAge: 1234567}),
		"index-false":                      build("extra", fast.StaticOptions{Index: static.NoIndex}),
		"index-custom":                     build("extra", fast.StaticOptions{Index: []string{"missing.html", "hello.txt"}}),
		"extra":                            build("extra", fast.StaticOptions{}),
		"redirect-false":                   build(x, fast.StaticOptions{Redirect: static.Off}),
		"set-headers": build(x, fast.StaticOptions{SetHeaders: func(res *fast.Response, path string, stat os.FileInfo) {
			res.Set("x-custom", "set:"+filepath.Base(path)+":"+strconv.FormatInt(stat.Size(), 10))
		}}),
		"redirect": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				// req.originalUrl = req.url = originalUrl with /snow → /snow ☃
				u := req.OriginalURL()
				if u == "/snow" || len(u) > 5 && u[:6] == "/snow/" {
					req.SetURL("/snow \u2603" + u[5:])
				}
				next()
			})
			app.Use(fast.Static(filepath.Join(env.Fixtures, x)))
			return app
		},
		"index-at-mount": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/users", fast.Static(filepath.Join(env.Fixtures, x, "users")))
			return app
		},
		"mounted": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/static", fast.Static(filepath.Join(env.Fixtures, x)))
			return app
		},
		"root-file": func(env Env) *fast.App {
			app := newApp(env)
			app.Use("/todo.txt", fast.Static(filepath.Join(env.Fixtures, x, "todo.txt")))
			return app
		},
		"non-2xx": func(env Env) *fast.App {
			app := newApp(env)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) { res.Status(501); next() })
			app.Use(fast.Static(filepath.Join(env.Fixtures, x)))
			return app
		},
	}
	for name, b := range apps {
		Register(Name("static", name), b)
	}
}
