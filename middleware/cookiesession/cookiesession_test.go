package cookiesession_test

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/cookiesession"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

func cookies(r *testserver.Response) string { return testserver.CookiePairs(r.Header) }

// TestCookieSession ports cookie-session 2.1's test/test.js behaviours
// that the differential test does not exercise step by step.
func TestCookieSession(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(cookiesession.New(cookiesession.Config{Keys: []string{"a", "b"}}))
	app.Get("/set", func(req *fast.Request, res *fast.Response, next fast.Next) {
		cookiesession.Get(req).Set("message", "hello")
		res.End()
	})
	app.Get("/get", func(req *fast.Request, res *fast.Response, next fast.Next) {
		m, _ := cookiesession.Get(req).Get("message").(string)
		res.SendString(m)
	})
	app.Get("/null", func(req *fast.Request, res *fast.Response, next fast.Next) {
		cookiesession.Unset(req)
		if cookiesession.Get(req) != nil {
			t.Error("Get after Unset is not nil")
		}
		res.End()
	})
	s := testserver.New(t, app)
	t.Run("should not Set-Cookie when the session is not accessed", func(t *testing.T) {
		if r := s.Get("/get"); r.Header.Get("Set-Cookie") != "" {
			t.Errorf("Set-Cookie %q", r.Header.Get("Set-Cookie"))
		}
	})
	set := s.Get("/set")
	c := cookies(set)
	t.Run("should set a session and its signature", func(t *testing.T) {
		if !strings.Contains(c, "session=") || !strings.Contains(c, "session.sig=") {
			t.Errorf("cookies %q", c)
		}
	})
	t.Run("should read the session back", func(t *testing.T) {
		if r := s.Get("/get", "Cookie: "+c); r.Body != "hello" {
			t.Errorf("body %q", r.Body)
		}
	})
	t.Run("should ignore a cookie whose value was changed", func(t *testing.T) {
		forged := strings.Replace(c, "session=", "session=x", 1)
		if r := s.Get("/get", "Cookie: "+forged); r.Body != "" {
			t.Errorf("body %q", r.Body)
		}
	})
	t.Run("should clear the session and its cookie when set to null", func(t *testing.T) {
		r := s.Get("/null", "Cookie: "+c)
		lines := r.Header.Values("Set-Cookie")
		if len(lines) != 2 || !strings.HasPrefix(lines[0], "session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT") {
			t.Errorf("Set-Cookie %q", lines)
		}
	})
}

func TestKeysRequired(t *testing.T) {
	t.Parallel()
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), ".keys required.") {
			t.Errorf("panic %v", r)
		}
	}()
	cookiesession.New()
}

func TestUnsignedNeedsNoKeys(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Use(cookiesession.New(cookiesession.Config{Unsigned: true}))
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		cookiesession.Get(req).Set("a", 1)
		res.End()
	})
	r := testserver.New(t, app).Get("/")
	if got := r.Header.Values("Set-Cookie"); len(got) != 1 || got[0] != "session=eyJhIjoxfQ==; path=/; httponly" {
		t.Errorf("Set-Cookie %q", got)
	}
}

// TestWithoutMiddleware: the accessors are safe when the middleware did
// not run.
func TestWithoutMiddleware(t *testing.T) {
	t.Parallel()
	app := fast.New()
	app.Get("/", func(req *fast.Request, res *fast.Response, next fast.Next) {
		cookiesession.Unset(req)
		cookiesession.Replace(req, &fast.Object{})
		if cookiesession.Get(req) != nil || cookiesession.SessionOptions(req) != nil {
			t.Error("a session without the middleware")
		}
		res.End()
	})
	testserver.New(t, app).Get("/")
}
