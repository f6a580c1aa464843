package fast

import (
	"testing"
)

// TestApp ports Express 4.22's test/app.js (the app, mount, parent, path
// and environment cases). The event-emitter and app.router cases do not
// apply to Go: see testdata/express-routing-skips.md.
func TestApp(t *testing.T) {
	t.Run("app", func(t *testing.T) {
		t.Run("should be callable", func(t *testing.T) {
			// An Express app is a function(req, res); a fast app is a
			// fasthttp.RequestHandler.
			h := New().Handler()
			if h == nil {
				t.Fatal("Handler() is nil")
			}
			ctx := newRequestCtx("GET", "/")
			h(ctx)
			if got := ctx.Response.StatusCode(); got != 404 {
				t.Errorf("status %d, want 404", got)
			}
		})

		t.Run("should 404 without routes", func(t *testing.T) {
			serveTest(t, New()).do("GET", "/").expectStatus(t, 404)
		})
	})

	t.Run("app.parent", func(t *testing.T) {
		t.Run("should return the parent when mounted", func(t *testing.T) {
			app, blog, blogAdmin := New(), New(), New()
			app.Use("/blog", blog)
			blog.Use("/admin", blogAdmin)
			if app.Parent() != nil {
				t.Error("app.parent is set")
			}
			if blog.Parent() != app {
				t.Error("blog.parent is not app")
			}
			if blogAdmin.Parent() != blog {
				t.Error("blogAdmin.parent is not blog")
			}
		})
	})

	t.Run("app.mountpath", func(t *testing.T) {
		t.Run("should return the mounted path", func(t *testing.T) {
			admin, app, blog, fallback := New(), New(), New(), New()
			app.Use("/blog", blog)
			app.Use(fallback)
			blog.Use("/admin", admin)
			for _, c := range []struct {
				name string
				app  *App
				want string
			}{{"admin", admin, "/admin"}, {"app", app, "/"}, {"blog", blog, "/blog"}, {"fallback", fallback, "/"}} {
				if got := c.app.Mountpath(); got != c.want {
					t.Errorf("%s.mountpath = %v, want %q", c.name, got, c.want)
				}
			}
		})
	})

	t.Run("app.path()", func(t *testing.T) {
		t.Run("should return the canonical", func(t *testing.T) {
			app, blog, blogAdmin := New(), New(), New()
			app.Use("/blog", blog)
			blog.Use("/admin", blogAdmin)
			if got := app.Path(); got != "" {
				t.Errorf("app.path() = %q, want \"\"", got)
			}
			if got := blog.Path(); got != "/blog" {
				t.Errorf("blog.path() = %q, want /blog", got)
			}
			if got := blogAdmin.Path(); got != "/blog/admin" {
				t.Errorf("blogAdmin.path() = %q, want /blog/admin", got)
			}
		})
	})

	// The environment cases set FW_ENV (fast's NODE_ENV), so they do not
	// run in parallel.
	t.Run("in development", func(t *testing.T) {
		t.Setenv(EnvVar, "development")
		t.Run(`should disable "view cache"`, func(t *testing.T) {
			if New().Enabled("view cache") {
				t.Error(`"view cache" is enabled`)
			}
		})
	})

	t.Run("in production", func(t *testing.T) {
		t.Setenv(EnvVar, "production")
		t.Run(`should enable "view cache"`, func(t *testing.T) {
			if !New().Enabled("view cache") {
				t.Error(`"view cache" is disabled`)
			}
		})
	})

	t.Run("without NODE_ENV", func(t *testing.T) {
		t.Setenv(EnvVar, "")
		t.Run("should default to development", func(t *testing.T) {
			if got := New().Setting("env"); got != "development" {
				t.Errorf("env = %v, want development", got)
			}
		})
	})
}
