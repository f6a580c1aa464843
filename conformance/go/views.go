package scenarios

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/fwgo/fw/fast"
)

// tmplVar is a variable of the scenario's template engine: $a.b.
var tmplVar = regexp.MustCompile(`\$([0-9a-zA-Z.]+)`)

// tmplEngine is the engine both sides of the views scenario register for
// .tmpl, as Express's test/support/tmpl.js: $a.b is replaced with that
// local, looked up key by key ("undefined" when a key is missing); a key
// looked up on an undefined value is JavaScript's TypeError, which the
// engine renames RenderError.
func tmplEngine(w io.Writer, path string, locals map[string]any) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var renderErr error
	out := tmplVar.ReplaceAllStringFunc(string(src), func(m string) string {
		var v any = locals
		for _, k := range strings.Split(m[1:], ".") {
			switch cur := v.(type) {
			case map[string]any:
				val, ok := cur[k]
				if !ok {
					val = fast.Undefined
				}
				v = val
			case nil:
				if renderErr == nil {
					renderErr = &fast.HTTPError{Name: "RenderError", Message: "Cannot read properties of undefined (reading '" + k + "')"}
				}
				return ""
			default:
				if cur == fast.Undefined {
					if renderErr == nil {
						renderErr = &fast.HTTPError{Name: "RenderError", Message: "Cannot read properties of undefined (reading '" + k + "')"}
					}
					return ""
				}
				v = fast.Undefined
			}
		}
		if v == fast.Undefined {
			return "undefined"
		}
		return fmt.Sprint(v)
	})
	if renderErr != nil {
		return renderErr
	}
	_, err = io.WriteString(w, out)
	return err
}

// views: res.render and app.render (see js/scenarios/views.js).
func init() {
	send := func(res *fast.Response, prefix string) func(err error, html string) {
		return func(err error, html string) {
			if err != nil {
				res.Status(500).Send("error: " + err.Error())
				return
			}
			res.Send(prefix + html)
		}
	}
	routes := func(app *fast.App) {
		h := func(path string, fn func(req *fast.Request, res *fast.Response)) {
			app.Get(path, func(req *fast.Request, res *fast.Response, next fast.Next) { fn(req, res) })
		}
		h("/user", func(req *fast.Request, res *fast.Response) { res.Render("user.tmpl", nil, nil) })
		h("/empty-options", func(req *fast.Request, res *fast.Response) { res.Render("user.tmpl", map[string]any{}, nil) })
		h("/no-ext", func(req *fast.Request, res *fast.Response) { res.Render("user", nil, nil) })
		h("/email", func(req *fast.Request, res *fast.Response) { res.Render("email.tmpl", nil, nil) })
		h("/name", func(req *fast.Request, res *fast.Response) {
			res.Render("name.tmpl", map[string]any{"name": "loki"}, nil)
		})
		h("/override", func(req *fast.Request, res *fast.Response) {
			res.Render("user.tmpl", map[string]any{"user": map[string]any{"name": "jane"}}, nil)
		})
		h("/res-locals", func(req *fast.Request, res *fast.Response) {
			res.Locals()["user"] = map[string]any{"name": "from res.locals"}
			res.Render("user.tmpl", nil, nil)
		})
		h("/res-locals-override", func(req *fast.Request, res *fast.Response) {
			res.Locals()["user"] = map[string]any{"name": "from res.locals"}
			res.Render("user.tmpl", map[string]any{"user": map[string]any{"name": "from render"}}, nil)
		})
		h("/index", func(req *fast.Request, res *fast.Response) { res.Render("blog/post", nil, nil) })
		h("/absolute", func(req *fast.Request, res *fast.Response) {
			res.Render(filepath.Join(app.Setting("views").(string), "user.tmpl"), nil, nil)
		})
		h("/cb", func(req *fast.Request, res *fast.Response) { res.Render("user.tmpl", nil, send(res, "got: ")) })
		h("/opts-cb", func(req *fast.Request, res *fast.Response) {
			res.Render("name.tmpl", map[string]any{"name": "tobi"}, send(res, "got: "))
		})
		h("/missing", func(req *fast.Request, res *fast.Response) { res.Render("nope.tmpl", nil, nil) })
		h("/missing-cb", func(req *fast.Request, res *fast.Response) {
			res.Render("nope.tmpl", nil, func(err error, html string) {
				if err != nil {
					res.Status(500).Send("callback: error")
				} else {
					res.Status(500).Send("callback: none")
				}
			})
		})
		h("/render-error", func(req *fast.Request, res *fast.Response) {
			res.Render("user.tmpl", map[string]any{"user": fast.Undefined}, nil)
		})
		h("/app-render", func(req *fast.Request, res *fast.Response) {
			app.Render("user.tmpl", map[string]any{"user": map[string]any{"name": "app.render"}}, func(err error, html string) {
				if err != nil {
					res.Status(500).Send("error: " + err.Error())
					return
				}
				res.Type("txt").Send(html)
			})
		})
		h("/app-render-missing", func(req *fast.Request, res *fast.Response) {
			app.Render("nope.tmpl", nil, func(err error, html string) {
				if err != nil {
					res.Status(500).Send("app.render: error")
				} else {
					res.Status(500).Send("app.render: none")
				}
			})
		})
	}
	tobi := func() map[string]any { return map[string]any{"name": "tobi"} }
	Register(Name("views", "main"), func(env Env) *fast.App {
		app := newApp(env)
		app.Engine("tmpl", tmplEngine)
		app.Set("views", filepath.Join(env.Fixtures, "express"))
		app.Locals()["user"] = tobi()
		routes(app)
		return app
	})
	Register(Name("views", "view-engine"), func(env Env) *fast.App {
		app := newApp(env)
		app.Engine(".tmpl", tmplEngine)
		app.Set("view engine", "tmpl")
		app.Set("views", filepath.Join(env.Fixtures, "express"))
		app.Locals()["user"] = tobi()
		routes(app)
		return app
	})
	Register(Name("views", "views-array"), func(env Env) *fast.App {
		app := newApp(env)
		app.Engine("tmpl", tmplEngine)
		app.Set("view engine", "tmpl")
		app.Set("views", []string{filepath.Join(env.Fixtures, "express", "local_layout"), filepath.Join(env.Fixtures, "express")})
		app.Locals()["user"] = tobi()
		app.Get("/user", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Render("user", nil, nil) })
		app.Get("/name", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Render("name", map[string]any{"name": "later path"}, nil)
		})
		app.Get("/missing", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Render("nope", nil, nil) })
		return app
	})
	Register(Name("views", "sub-app"), func(env Env) *fast.App {
		app := newApp(env)
		app.Set("view engine", "tmpl")
		app.Locals()["user"] = map[string]any{"name": "parent local"}
		sub := newApp(env)
		sub.Engine("tmpl", tmplEngine)
		sub.Set("views", filepath.Join(env.Fixtures, "express", "default_layout"))
		sub.Locals()["user"] = map[string]any{"name": "sub local"}
		sub.Get("/user", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Render("user", nil, nil) })
		sub.Get("/name", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Render("name", map[string]any{"name": "sub"}, nil)
		})
		app.Use("/sub", sub)
		return app
	})
	Register(Name("views", "no-engine"), func(env Env) *fast.App {
		app := newApp(env)
		app.Set("views", filepath.Join(env.Fixtures, "express"))
		app.Get("/user", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Render("user", nil, nil) })
		return app
	})
}
