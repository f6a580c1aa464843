package fast

import (
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
)

// tmplVar is the variable pattern of Express's test/support/tmpl.js.
var tmplVar = regexp.MustCompile(`\$([0-9a-zA-Z.]+)`)

// tmplEngine is Express's test/support/tmpl.js: it reads the file and
// replaces each $a.b with the local a's b. Reading a property of an
// undefined value is a TypeError renamed RenderError; a missing final
// value prints "undefined", as JavaScript's string replace does.
func tmplEngine(w io.Writer, path string, locals map[string]any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var renderErr error
	out := tmplVar.ReplaceAllStringFunc(string(b), func(m string) string {
		var v any = locals
		for _, part := range strings.Split(m[1:], ".") {
			if v == nil {
				if renderErr == nil {
					renderErr = &HTTPError{Name: "RenderError", Message: "Cannot read properties of undefined (reading '" + part + "')"}
				}
				return m
			}
			mv, _ := v.(map[string]any)
			v = mv[part]
		}
		if v == nil {
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

// renderApp is the createApp of Express's render tests.
func renderApp() *App {
	app := New()
	app.Engine(".tmpl", tmplEngine)
	return app
}

// stubView is the View class the Express tests define: a fixed path and
// an output (or a panic).
type stubView struct {
	out   string
	panic error
}

func (v *stubView) Path() string { return "fake" }

func (v *stubView) Render(w io.Writer, locals map[string]any) error {
	if v.panic != nil {
		panic(v.panic)
	}
	_, err := io.WriteString(w, v.out)
	return err
}

// countingViews returns a "view" setting making stub views, and its count
// of constructor calls.
func countingViews() (ViewFactory, *atomic.Int32) {
	var n atomic.Int32
	return func(name string, opts ViewOptions) (View, error) {
		n.Add(1)
		return &stubView{out: "abstract engine"}, nil
	}, &n
}

// renderSync calls app.Render and returns what its callback received.
func renderSync(t *testing.T, app *App, name string, locals map[string]any) (string, error) {
	t.Helper()
	var html string
	var err error
	called := 0
	if thrown := app.Render(name, locals, func(e error, s string) {
		called++
		html, err = s, e
	}); thrown != nil {
		return "", thrown
	}
	if called != 1 {
		t.Fatalf("callback called %d times", called)
	}
	return html, err
}

func expectRendered(t *testing.T, app *App, name string, locals map[string]any, want string) {
	t.Helper()
	got, err := renderSync(t, app, name, locals)
	if err != nil || got != want {
		t.Errorf("render %q = %q, %v; want %q", name, got, err, want)
	}
}

// TestAppRender ports Express 4.22's test/app.render.js.
func TestAppRender(t *testing.T) {
	t.Parallel()
	tobi := map[string]any{"name": "tobi"}
	t.Run("app", func(t *testing.T) {
		t.Parallel()
		t.Run(".render(name, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should support absolute paths", func(t *testing.T) {
				t.Parallel()
				app := renderApp()
				app.Locals()["user"] = tobi
				expectRendered(t, app, fixture("user.tmpl"), nil, "<p>tobi</p>")
			})
			t.Run(`should support absolute paths with "view engine"`, func(t *testing.T) {
				t.Parallel()
				app := renderApp()
				app.Set("view engine", "tmpl")
				app.Locals()["user"] = tobi
				expectRendered(t, app, fixture("user"), nil, "<p>tobi</p>")
			})
			t.Run("should expose app.locals", func(t *testing.T) {
				t.Parallel()
				app := renderApp()
				app.Set("views", fixturesDir)
				app.Locals()["user"] = tobi
				expectRendered(t, app, "user.tmpl", nil, "<p>tobi</p>")
			})
			t.Run("should support index.<engine>", func(t *testing.T) {
				t.Parallel()
				app := renderApp()
				app.Set("views", fixturesDir)
				app.Set("view engine", "tmpl")
				expectRendered(t, app, "blog/post", nil, "<h1>blog post</h1>")
			})
			t.Run("should handle render error throws", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Set("view", ViewFactory(func(name string, opts ViewOptions) (View, error) {
					return &stubView{panic: errors.New("err!")}, nil
				}))
				_, err := renderSync(t, app, "something", nil)
				if err == nil || err.Error() != "err!" {
					t.Errorf("error %v, want err!", err)
				}
			})
			t.Run("when the file does not exist", func(t *testing.T) {
				t.Parallel()
				t.Run("should provide a helpful error", func(t *testing.T) {
					t.Parallel()
					app := renderApp()
					app.Set("views", fixturesDir)
					_, err := renderSync(t, app, "rawr.tmpl", nil)
					want := `Failed to lookup view "rawr.tmpl" in views directory "` + fixturesDir + `"`
					if err == nil || err.Error() != want {
						t.Errorf("error %v, want %s", err, want)
					}
				})
			})
			t.Run("when an error occurs", func(t *testing.T) {
				t.Parallel()
				t.Run("should invoke the callback", func(t *testing.T) {
					t.Parallel()
					app := renderApp()
					app.Set("views", fixturesDir)
					_, err := renderSync(t, app, "user.tmpl", nil)
					if err == nil || errorName(err) != "RenderError" {
						t.Errorf("error %v, want a RenderError", err)
					}
				})
			})
			t.Run("when an extension is given", func(t *testing.T) {
				t.Parallel()
				t.Run("should render the template", func(t *testing.T) {
					t.Parallel()
					app := renderApp()
					app.Set("views", fixturesDir)
					expectRendered(t, app, "email.tmpl", nil, "<p>This is an email</p>")
				})
			})
			t.Run(`when "view engine" is given`, func(t *testing.T) {
				t.Parallel()
				t.Run("should render the template", func(t *testing.T) {
					t.Parallel()
					app := renderApp()
					app.Set("view engine", "tmpl")
					app.Set("views", fixturesDir)
					expectRendered(t, app, "email", nil, "<p>This is an email</p>")
				})
			})
			t.Run(`when "views" is given`, func(t *testing.T) {
				t.Parallel()
				t.Run("should lookup the file in the path", func(t *testing.T) {
					t.Parallel()
					app := renderApp()
					app.Set("views", fixture("default_layout"))
					app.Locals()["user"] = tobi
					expectRendered(t, app, "user.tmpl", nil, "<p>tobi</p>")
				})
				t.Run("when array of paths", func(t *testing.T) {
					t.Parallel()
					views := []string{fixture("local_layout"), fixture("default_layout")}
					t.Run("should lookup the file in the path", func(t *testing.T) {
						t.Parallel()
						app := renderApp()
						app.Set("views", views)
						app.Locals()["user"] = tobi
						expectRendered(t, app, "user.tmpl", nil, "<span>tobi</span>")
					})
					t.Run("should lookup in later paths until found", func(t *testing.T) {
						t.Parallel()
						app := renderApp()
						app.Set("views", views)
						app.Locals()["name"] = "tobi"
						expectRendered(t, app, "name.tmpl", nil, "<p>tobi</p>")
					})
					t.Run("should error if file does not exist", func(t *testing.T) {
						t.Parallel()
						app := renderApp()
						app.Set("views", views)
						app.Locals()["name"] = "tobi"
						_, err := renderSync(t, app, "pet.tmpl", nil)
						want := `Failed to lookup view "pet.tmpl" in views directories "` + views[0] + `" or "` + views[1] + `"`
						if err == nil || err.Error() != want {
							t.Errorf("error %v, want %s", err, want)
						}
					})
				})
			})
			t.Run(`when a "view" constructor is given`, func(t *testing.T) {
				t.Parallel()
				t.Run("should create an instance of it", func(t *testing.T) {
					t.Parallel()
					app := New()
					views, _ := countingViews()
					app.Set("view", views)
					expectRendered(t, app, "something", nil, "abstract engine")
				})
			})
			t.Run("caching", func(t *testing.T) {
				t.Parallel()
				t.Run("should always lookup view without cache", func(t *testing.T) {
					t.Parallel()
					app := New()
					views, n := countingViews()
					app.Set("view cache", false)
					app.Set("view", views)
					expectRendered(t, app, "something", nil, "abstract engine")
					if n.Load() != 1 {
						t.Errorf("count %d, want 1", n.Load())
					}
					expectRendered(t, app, "something", nil, "abstract engine")
					if n.Load() != 2 {
						t.Errorf("count %d, want 2", n.Load())
					}
				})
				t.Run(`should cache with "view cache" setting`, func(t *testing.T) {
					t.Parallel()
					app := New()
					views, n := countingViews()
					app.Set("view cache", true)
					app.Set("view", views)
					expectRendered(t, app, "something", nil, "abstract engine")
					expectRendered(t, app, "something", nil, "abstract engine")
					if n.Load() != 1 {
						t.Errorf("count %d, want 1", n.Load())
					}
				})
			})
		})

		t.Run(".render(name, options, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should render the template", func(t *testing.T) {
				t.Parallel()
				app := renderApp()
				app.Set("views", fixturesDir)
				expectRendered(t, app, "user.tmpl", map[string]any{"user": tobi}, "<p>tobi</p>")
			})
			t.Run("should expose app.locals", func(t *testing.T) {
				t.Parallel()
				app := renderApp()
				app.Set("views", fixturesDir)
				app.Locals()["user"] = tobi
				expectRendered(t, app, "user.tmpl", map[string]any{}, "<p>tobi</p>")
			})
			t.Run("should give precedence to app.render() locals", func(t *testing.T) {
				t.Parallel()
				app := renderApp()
				app.Set("views", fixturesDir)
				app.Locals()["user"] = tobi
				expectRendered(t, app, "user.tmpl", map[string]any{"user": map[string]any{"name": "jane"}}, "<p>jane</p>")
			})
			t.Run("caching", func(t *testing.T) {
				t.Parallel()
				t.Run("should cache with cache option", func(t *testing.T) {
					t.Parallel()
					app := New()
					views, n := countingViews()
					app.Set("view cache", false)
					app.Set("view", views)
					expectRendered(t, app, "something", map[string]any{"cache": true}, "abstract engine")
					expectRendered(t, app, "something", map[string]any{"cache": true}, "abstract engine")
					if n.Load() != 1 {
						t.Errorf("count %d, want 1", n.Load())
					}
				})
			})
		})
	})
}

// TestAppEngine ports Express 4.22's test/app.engine.js.
func TestAppEngine(t *testing.T) {
	t.Parallel()
	// render is the engine of Express's test: {{user.name}} replaced.
	render := func(w io.Writer, path string, locals map[string]any) error {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		user, _ := locals["user"].(map[string]any)
		_, err = io.WriteString(w, strings.Replace(string(b), "{{user.name}}", fmt.Sprint(user["name"]), 1))
		return err
	}
	newApp := func(ext, engine string) *App {
		app := New()
		app.Set("views", fixturesDir)
		app.Engine(ext, render)
		if engine != "" {
			app.Set("view engine", engine)
		}
		app.Locals()["user"] = map[string]any{"name": "tobi"}
		return app
	}
	t.Run("app", func(t *testing.T) {
		t.Parallel()
		t.Run(".engine(ext, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should map a template engine", func(t *testing.T) {
				t.Parallel()
				expectRendered(t, newApp(".html", ""), "user.html", nil, "<p>tobi</p>")
			})
			t.Run("should throw when the callback is missing", func(t *testing.T) {
				t.Parallel()
				expectPanic(t, func() { New().Engine(".html", nil) }, "callback function required")
			})
			t.Run(`should work without leading "."`, func(t *testing.T) {
				t.Parallel()
				expectRendered(t, newApp("html", ""), "user.html", nil, "<p>tobi</p>")
			})
			t.Run(`should work "view engine" setting`, func(t *testing.T) {
				t.Parallel()
				expectRendered(t, newApp("html", "html"), "user", nil, "<p>tobi</p>")
			})
			t.Run(`should work "view engine" with leading "."`, func(t *testing.T) {
				t.Parallel()
				expectRendered(t, newApp(".html", ".html"), "user", nil, "<p>tobi</p>")
			})
		})
	})
}
