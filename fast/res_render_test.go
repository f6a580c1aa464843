package fast

import (
	"strings"
	"testing"
)

// TestResRender ports Express 4.22's test/res.render.js.
func TestResRender(t *testing.T) {
	t.Parallel()
	tobi := map[string]any{"name": "tobi"}
	jane := map[string]any{"name": "jane"}
	// rendering returns renderApp() with views set (when views is not
	// nil) and one middleware calling fn.
	rendering := func(views any, fn Handler) *App {
		app := renderApp()
		if views != nil {
			app.Set("views", views)
		}
		app.Use(fn)
		return app
	}
	render := func(name string, locals map[string]any) Handler {
		return func(req *Request, res *Response, next Next) { res.Render(name, locals, nil) }
	}
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".render(name)", func(t *testing.T) {
			t.Parallel()
			t.Run("should support absolute paths", func(t *testing.T) {
				t.Parallel()
				app := rendering(nil, render(fixture("user.tmpl"), nil))
				app.Locals()["user"] = tobi
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
			})
			t.Run(`should support absolute paths with "view engine"`, func(t *testing.T) {
				t.Parallel()
				app := rendering(nil, render(fixture("user"), nil))
				app.Locals()["user"] = tobi
				app.Set("view engine", "tmpl")
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
			})
			t.Run(`should error without "view engine" set and file extension to a non-engine module`, func(t *testing.T) {
				t.Parallel()
				app := rendering(nil, render(fixture("broken.send"), nil))
				app.Locals()["user"] = tobi
				serveTest(t, app).do("GET", "/").expectMatch(t, 500, "does not provide a view engine")
			})
			t.Run(`should error without "view engine" set and no file extension`, func(t *testing.T) {
				t.Parallel()
				app := rendering(nil, render(fixture("user"), nil))
				app.Locals()["user"] = tobi
				serveTest(t, app).do("GET", "/").expectMatch(t, 500, "No default engine was specified")
			})
			t.Run("should expose app.locals", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, render("user.tmpl", nil))
				app.Locals()["user"] = tobi
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
			})
			t.Run("should expose app.locals with `name` property", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, render("name.tmpl", nil))
				app.Locals()["name"] = "tobi"
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
			})
			t.Run("should support index.<engine>", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, render("blog/post", nil))
				app.Set("view engine", "tmpl")
				serveTest(t, app).do("GET", "/").expectBody(t, "<h1>blog post</h1>")
			})
			t.Run("when an error occurs", func(t *testing.T) {
				t.Parallel()
				t.Run("should next(err)", func(t *testing.T) {
					t.Parallel()
					app := rendering(fixturesDir, render("user.tmpl", nil))
					app.Use(func(err error, req *Request, res *Response, next Next) {
						res.Status(500).Send("got error: " + errorName(err))
					})
					serveTest(t, app).do("GET", "/").expect(t, 500, "got error: RenderError")
				})
			})
			t.Run(`when "view engine" is given`, func(t *testing.T) {
				t.Parallel()
				t.Run("should render the template", func(t *testing.T) {
					t.Parallel()
					app := rendering(fixturesDir, render("email", nil))
					app.Set("view engine", "tmpl")
					serveTest(t, app).do("GET", "/").expectBody(t, "<p>This is an email</p>")
				})
			})
			t.Run(`when "views" is given`, func(t *testing.T) {
				t.Parallel()
				t.Run("should lookup the file in the path", func(t *testing.T) {
					t.Parallel()
					app := rendering(fixture("default_layout"), render("user.tmpl", map[string]any{"user": tobi}))
					serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
				})
				t.Run("when array of paths", func(t *testing.T) {
					t.Parallel()
					views := []string{fixture("local_layout"), fixture("default_layout")}
					t.Run("should lookup the file in the path", func(t *testing.T) {
						t.Parallel()
						app := rendering(views, render("user.tmpl", map[string]any{"user": tobi}))
						serveTest(t, app).do("GET", "/").expectBody(t, "<span>tobi</span>")
					})
					t.Run("should lookup in later paths until found", func(t *testing.T) {
						t.Parallel()
						app := rendering(views, render("name.tmpl", map[string]any{"name": "tobi"}))
						serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
					})
				})
			})
		})

		t.Run(".render(name, option)", func(t *testing.T) {
			t.Parallel()
			t.Run("should render the template", func(t *testing.T) {
				t.Parallel()
				serveTest(t, rendering(fixturesDir, render("user.tmpl", map[string]any{"user": tobi}))).
					do("GET", "/").expectBody(t, "<p>tobi</p>")
			})
			t.Run("should expose app.locals", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, render("user.tmpl", nil))
				app.Locals()["user"] = tobi
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
			})
			t.Run("should expose res.locals", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, func(req *Request, res *Response, next Next) {
					res.Locals()["user"] = tobi
					res.Render("user.tmpl", nil, nil)
				})
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>tobi</p>")
			})
			t.Run("should give precedence to res.locals over app.locals", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, func(req *Request, res *Response, next Next) {
					res.Locals()["user"] = jane
					res.Render("user.tmpl", map[string]any{}, nil)
				})
				app.Locals()["user"] = tobi
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>jane</p>")
			})
			t.Run("should give precedence to res.render() locals over res.locals", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, func(req *Request, res *Response, next Next) {
					res.Locals()["user"] = tobi
					res.Render("user.tmpl", map[string]any{"user": jane}, nil)
				})
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>jane</p>")
			})
			t.Run("should give precedence to res.render() locals over app.locals", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, render("user.tmpl", map[string]any{"user": jane}))
				app.Locals()["user"] = tobi
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>jane</p>")
			})
		})

		t.Run(".render(name, options, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should pass the resulting string", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, func(req *Request, res *Response, next Next) {
					res.Render("user.tmpl", map[string]any{"user": tobi}, func(err error, html string) {
						res.End(strings.Replace(html, "tobi", "loki", 1))
					})
				})
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>loki</p>")
			})
		})

		t.Run(".render(name, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should pass the resulting string", func(t *testing.T) {
				t.Parallel()
				app := rendering(fixturesDir, func(req *Request, res *Response, next Next) {
					res.Locals()["user"] = tobi
					res.Render("user.tmpl", nil, func(err error, html string) {
						res.End(strings.Replace(html, "tobi", "loki", 1))
					})
				})
				serveTest(t, app).do("GET", "/").expectBody(t, "<p>loki</p>")
			})
			t.Run("when an error occurs", func(t *testing.T) {
				t.Parallel()
				t.Run("should pass it to the callback", func(t *testing.T) {
					t.Parallel()
					app := rendering(fixturesDir, func(req *Request, res *Response, next Next) {
						res.Render("user.tmpl", nil, func(err error, html string) {
							if err != nil {
								res.Status(500).Send("got error: " + errorName(err))
							}
						})
					})
					serveTest(t, app).do("GET", "/").expect(t, 500, "got error: RenderError")
				})
			})
		})
	})
}
