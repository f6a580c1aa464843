package main

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/conformance/runner"
	"github.com/fwgo/fw/examples/internal/extest"
)

// cookie is the acceptance test's getCookie: the first Set-Cookie's
// name=value.
func cookie(t *testing.T, r *runner.Response) string {
	t.Helper()
	v, ok := r.Header("Set-Cookie")
	if !ok {
		t.Fatal("no Set-Cookie")
	}
	nv, _, _ := strings.Cut(v, ";")
	return nv
}

const form = "Content-Type: application/x-www-form-urlencoded"

// TestAcceptance ports Express's test/acceptance/auth.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp("views"))
	redirect := func(t *testing.T, r *runner.Response, to string) {
		t.Helper()
		extest.Expect(t, r, 302, "")
		extest.ExpectHeader(t, r, "Location", to)
	}
	t.Run("GET /", func(t *testing.T) {
		t.Run("should redirect to /login", func(t *testing.T) {
			redirect(t, s.Get("/"), "/login")
		})
	})
	t.Run("GET /login", func(t *testing.T) {
		t.Run("should render login form", func(t *testing.T) {
			extest.Expect(t, s.Get("/login"), 200, "<form")
		})
		t.Run("should display login error for bad user", func(t *testing.T) {
			r := s.Request("POST", "/login", "username=not-tj&password=foobar", form)
			redirect(t, r, "/login")
			extest.Expect(t, s.Get("/login", "Cookie: "+cookie(t, r)), 200, "Authentication failed")
		})
		t.Run("should display login error for bad password", func(t *testing.T) {
			r := s.Request("POST", "/login", "username=tj&password=nogood", form)
			redirect(t, r, "/login")
			extest.Expect(t, s.Get("/login", "Cookie: "+cookie(t, r)), 200, "Authentication failed")
		})
	})
	t.Run("GET /logout", func(t *testing.T) {
		t.Run("should redirect to /", func(t *testing.T) {
			redirect(t, s.Get("/logout"), "/")
		})
	})
	t.Run("GET /restricted", func(t *testing.T) {
		t.Run("should redirect to /login without cookie", func(t *testing.T) {
			redirect(t, s.Get("/restricted"), "/login")
		})
		t.Run("should succeed with proper cookie", func(t *testing.T) {
			r := s.Request("POST", "/login", "username=tj&password=foobar", form)
			redirect(t, r, "/")
			extest.Expect(t, s.Get("/restricted", "Cookie: "+cookie(t, r)), 200, "")
		})
	})
	t.Run("POST /login", func(t *testing.T) {
		t.Run("should fail without proper username", func(t *testing.T) {
			redirect(t, s.Request("POST", "/login", "username=not-tj&password=foobar", form), "/login")
		})
		t.Run("should fail without proper password", func(t *testing.T) {
			redirect(t, s.Request("POST", "/login", "username=tj&password=baz", form), "/login")
		})
		t.Run("should succeed with proper credentials", func(t *testing.T) {
			redirect(t, s.Request("POST", "/login", "username=tj&password=foobar", form), "/")
		})
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp("views"))
}
