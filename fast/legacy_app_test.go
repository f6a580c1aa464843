package fast

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Ports of Express 3.21.2's test/app.routes.js, app.locals.js,
// config.env.js and app.param.js, and of the 3.x routing rules, for apps
// made by NewLegacy3.

func noop(req *Request, res *Response, next Next) {}

// routesJSON renders App.Routes as probe.js renders app.routes.
func routesJSON(t *testing.T, routes map[string][]RouteRecord) map[string]any {
	t.Helper()
	out := map[string]any{}
	for verb, list := range routes {
		var recs []any
		for _, rr := range list {
			path, ok := rr.Path.(string)
			if !ok {
				path = legacyRegexp(rr.Path, RouterOptions{}, new([]RouteKey))
			}
			keys := rr.Keys
			if keys == nil {
				keys = []RouteKey{}
			}
			recs = append(recs, map[string]any{"path": path, "method": rr.Method, "callbacks": rr.Callbacks,
				"keys": keys, "regexp": rr.Regexp})
		}
		out[verb] = recs
	}
	b, err := json.Marshal(out)
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	json.Unmarshal(b, &v)
	return v
}

func TestLegacy3Routes(t *testing.T) {
	t.Parallel()
	t.Run("matches the app.routes recorded from Express 3.21.2", func(t *testing.T) {
		t.Parallel()
		raw, _ := legacyRecorded(t, "development")
		var want map[string]any
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		app := NewLegacy3()
		app.Get("/user/:id/:op?", noop)
		app.Post("/files/*", noop, noop)
		app.Get("/file.:format", noop)
		app.Delete(`/item/:id(\d+)`, noop)
		app.All("/any", noop)
		app.Get(regexp.MustCompile(`^\/re(x)$`), noop)
		got := routesJSON(t, app.Routes())
		for verb := range want {
			g, _ := json.Marshal(got[verb])
			w, _ := json.Marshal(want[verb])
			if string(g) != string(w) {
				t.Errorf("%s:\n%s\nwant\n%s", verb, g, w)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%d methods, want %d", len(got), len(want))
		}
	})
	t.Run("should be initialized", func(t *testing.T) {
		t.Parallel()
		if r := NewLegacy3().Routes(); len(r) != 0 {
			t.Errorf("Routes() = %v, want empty", r)
		}
	})
	t.Run("should be populated with routes", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Get("/", noop)
		app.Get("/user/:id", noop)
		get := app.Routes()["get"]
		if len(get) != 2 {
			t.Fatalf("%d routes", len(get))
		}
		if get[0].Path != "/" || get[0].Method != "get" || get[0].Regexp != `/^\/\/?$/i` {
			t.Errorf("get[0] = %+v", get[0])
		}
		if get[1].Path != "/user/:id" || get[1].Method != "get" {
			t.Errorf("get[1] = %+v", get[1])
		}
	})
	t.Run("should be mutable", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Get("/", noop)
		app.Get("/user/:id", func(req *Request, res *Response, next Next) { res.Send("user") })
		get := app.Routes()["get"]
		if len(get) != 2 || get[0].Regexp != `/^\/\/?$/i` {
			t.Fatalf("routes %+v", get)
		}
		s := serveTest(t, app)
		if r := s.do("GET", "/user/12"); r.status != 200 {
			t.Fatalf("before removal: %d", r.status)
		}
		if !get[1].Remove() {
			t.Fatal("Remove() = false")
		}
		if r := s.do("GET", "/user/12"); r.status != 404 {
			t.Errorf("after removal: %d %q", r.status, r.body)
		}
		if n := len(app.Routes()["get"]); n != 1 {
			t.Errorf("%d get routes left", n)
		}
		if get[1].Remove() {
			t.Error("second Remove() = true")
		}
	})
	t.Run("removing one method of an all route keeps the others", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.All("/x", func(req *Request, res *Response, next Next) { res.Send(req.Method()) })
		for _, rr := range app.Routes()["post"] {
			rr.Remove()
		}
		s := serveTest(t, app)
		if r := s.do("POST", "/x"); r.status != 404 {
			t.Errorf("POST: %d", r.status)
		}
		if r := s.do("PUT", "/x"); r.status != 200 || r.body != "PUT" {
			t.Errorf("PUT: %d %q", r.status, r.body)
		}
		if _, ok := app.Routes()["post"]; ok {
			t.Error("post still listed")
		}
	})
}

func TestLegacy3Locals(t *testing.T) {
	t.Parallel()
	t.Run("should merge locals", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		obj := map[string]any{"user": "tobi", "age": 1}
		if got := app.MergeLocals(obj); got["user"] != "tobi" {
			t.Errorf("MergeLocals returned %v", got)
		}
		app.MergeLocals(map[string]any{"age": 2})
		keys := make([]string, 0)
		for k := range app.Locals() {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if !slices.Equal(keys, []string{"age", "user"}) {
			t.Errorf("keys %v", keys)
		}
		if app.Locals()["user"] != "tobi" || app.Locals()["age"] != 2 {
			t.Errorf("locals %v", app.Locals())
		}
	})
	t.Run("should expose app settings", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Set("title", "House of Manny")
		app.Engine("tmpl", func(w io.Writer, path string, locals map[string]any) error {
			s := locals["settings"].(map[string]any)
			_, err := io.WriteString(w, s["title"].(string)+" "+s["env"].(string))
			return err
		})
		view := filepath.Join(t.TempDir(), "x.tmpl")
		if err := os.WriteFile(view, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		var out string
		app.Render(view, nil, func(err error, html string) {
			if err != nil {
				t.Fatal(err)
			}
			out = html
		})
		if out != "House of Manny "+app.Setting("env").(string) {
			t.Errorf("rendered %q", out)
		}
	})
}

func TestLegacy3Configure(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		env  string
		run  func(app *App, calls *[]string)
		want []string
	}{
		{"should always execute", "test", func(app *App, calls *[]string) {
			app.Configure(func(*App) { *calls = append(*calls, "all") })
			app.Configure(func(*App) { *calls = append(*calls, "test") }, "test")
			app.Configure(func(*App) { *calls = append(*calls, "test 2") }, "test")
		}, []string{"all", "test", "test 2"}},
		{"should only execute the matching env", "development", func(app *App, calls *[]string) {
			app.Configure(func(*App) { *calls = append(*calls, "dev") }, "development")
			app.Configure(func(*App) { *calls = append(*calls, "test") }, "test")
		}, []string{"dev"}},
		{"should execute when matching one", "development", func(app *App, calls *[]string) {
			app.Configure(func(*App) { *calls = append(*calls, "dev") }, "development")
			app.Configure(func(*App) { *calls = append(*calls, "dev 2") }, "test", "development")
			app.Configure(func(*App) { *calls = append(*calls, "dev 3") }, "development", "test")
			app.Configure(func(*App) { *calls = append(*calls, "dev 3") }, "test")
		}, []string{"dev", "dev 2", "dev 3"}},
		{"should execute in order as defined", "test", func(app *App, calls *[]string) {
			app.Configure(func(*App) { *calls = append(*calls, "all") })
			app.Configure(func(*App) { *calls = append(*calls, "test") }, "test")
			app.Configure(func(*App) { *calls = append(*calls, "all 2") })
			app.Configure(func(*App) { *calls = append(*calls, "test 2") }, "test")
		}, []string{"all", "test", "all 2", "test 2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			app := NewLegacy3()
			app.Set("env", tc.env)
			var calls []string
			tc.run(app, &calls)
			if !slices.Equal(calls, tc.want) {
				t.Errorf("calls %v, want %v", calls, tc.want)
			}
		})
	}
	t.Run("passes the app", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Configure(func(a *App) { a.Set("x", 1) })
		if app.Setting("x") != 1 {
			t.Error("setting not set")
		}
	})
}

func TestLegacy3Defaults(t *testing.T) {
	t.Parallel()
	dev := New()
	dev.envAtInit = "development"
	if got := initLegacy3(dev).Setting("json spaces"); got != 2 {
		t.Errorf("development json spaces = %v, want 2", got)
	}
	prod := New()
	prod.envAtInit = "production"
	if got := initLegacy3(prod).Setting("json spaces"); got != nil {
		t.Errorf("production json spaces = %v, want unset", got)
	}
	if !NewLegacy3().IsLegacy3() || New().IsLegacy3() {
		t.Error("IsLegacy3")
	}
}

func TestLegacy3Param(t *testing.T) {
	t.Parallel()
	t.Run("should map app.param(name, ...) logic", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Param(ParamFactory(func(name string, arg any) ParamHandler {
			re, ok := arg.(*regexp.Regexp)
			if !ok {
				return nil
			}
			return func(req *Request, res *Response, next Next, value, name string) {
				if m := re.FindStringSubmatch(value); m != nil {
					req.Params().Set(name, m[1])
					next()
					return
				}
				next(SkipRoute)
			}
		}))
		app.Param(":name", regexp.MustCompile(`^([a-zA-Z]+)$`))
		app.Get("/user/:name", func(req *Request, res *Response, next Next) { res.Send(req.Params().Get("name")) })
		s := serveTest(t, app)
		if r := s.do("GET", "/user/tj"); r.body != "tj" {
			t.Errorf("/user/tj: %d %q", r.status, r.body)
		}
		if r := s.do("GET", "/user/123"); r.status != 404 {
			t.Errorf("/user/123: %d", r.status)
		}
	})
	t.Run("should fail if not given fn", func(t *testing.T) {
		t.Parallel()
		defer func() {
			if recover() == nil {
				t.Error("no panic")
			}
		}()
		NewLegacy3().Param(":name", "bob")
	})
	t.Run("RegexpParam works on an app of New", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Param(RegexpParam)
		app.Param("id", regexp.MustCompile(`^(\d+)-(\d+)$`))
		app.Get("/r/:id", func(req *Request, res *Response, next Next) {
			res.Send(req.Params().Get("id") + "|" + strings.Join(req.ParamCaptures("id"), " "))
		})
		s := serveTest(t, app)
		if r := s.do("GET", "/r/1-2"); r.body != "1-2,1,2|1-2 1 2" {
			t.Errorf("body %q", r.body)
		}
		if r := s.do("GET", "/r/x"); r.status != 404 {
			t.Errorf("status %d", r.status)
		}
	})
}

func TestLegacy3Routing(t *testing.T) {
	t.Parallel()
	mw := func(tag string) Handler {
		return func(req *Request, res *Response, next Next) {
			res.Append("X-Trace", tag)
			next()
		}
	}
	t.Run("middleware after the first route runs after every route", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Use(mw("before"))
		app.Get("/a", func(req *Request, res *Response, next Next) { next() })
		app.Use(mw("after"))
		app.Get("/b", func(req *Request, res *Response, next Next) {
			res.Send(strings.Join(res.Values("X-Trace"), ","))
		})
		app.Use(func(req *Request, res *Response, next Next) {
			res.Send("end " + strings.Join(res.Values("X-Trace"), ","))
		})
		s := serveTest(t, app)
		// Express 3: the router sits where app.get('/a') was added, so /b
		// runs before the "after" middleware.
		if r := s.do("GET", "/b"); r.body != "before" {
			t.Errorf("/b: %q", r.body)
		}
		if r := s.do("GET", "/a"); r.body != "end before,after" {
			t.Errorf("/a: %q", r.body)
		}
	})
	t.Run("app.use(app.router) places the routes", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Use(app.LegacyRouter())
		app.Use(mw("mw"))
		app.Get("/x", func(req *Request, res *Response, next Next) { res.Send("x " + res.Get("X-Trace")) })
		s := serveTest(t, app)
		if r := s.do("GET", "/x"); r.body != "x " {
			t.Errorf("body %q", r.body)
		}
	})
	t.Run("use matches its path followed by a dot", func(t *testing.T) {
		t.Parallel()
		app := NewLegacy3()
		app.Use("/static/", func(req *Request, res *Response, next Next) { res.Send(req.URL() + " " + req.BaseURL()) })
		s := serveTest(t, app)
		for target, want := range map[string]string{
			"/static.json": "/.json /static", "/Static/a": "/a /Static", "/static": "/ /static",
		} {
			if r := s.do("GET", target); r.body != want {
				t.Errorf("%s: %d %q, want %q", target, r.status, r.body, want)
			}
		}
		for _, target := range []string{"/staticx", "/stati", "/x/static"} {
			if r := s.do("GET", target); r.status != 404 {
				t.Errorf("%s: %d", target, r.status)
			}
		}
	})
	t.Run("an app of New keeps 4.x use matching", func(t *testing.T) {
		t.Parallel()
		app := New()
		app.Use("/static", func(req *Request, res *Response, next Next) { res.Send("hit") })
		if r := serveTest(t, app).do("GET", "/static.json"); r.status != 404 {
			t.Errorf("status %d", r.status)
		}
	})
	t.Run("LegacyRouter panics on an app of New", func(t *testing.T) {
		t.Parallel()
		defer func() {
			if recover() == nil {
				t.Error("no panic")
			}
		}()
		New().LegacyRouter()
	})
}
