package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/error-pages.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp("views"))
	t.Run("GET /", func(t *testing.T) {
		t.Run("should respond with page list", func(t *testing.T) {
			extest.Expect(t, s.Get("/"), 200, "Pages Example")
		})
	})
	for _, accept := range []struct {
		describe, header string
		body404          string
	}{
		{"Accept: text/html", "", ""},
		{"Accept: application/json", "Accept: application/json", `{"error":"Not found"}`},
		{"Accept: text/plain", "Accept: text/plain", "Not found"},
	} {
		var headers []string
		if accept.header != "" {
			headers = []string{accept.header}
		}
		t.Run(accept.describe, func(t *testing.T) {
			t.Run("GET /403", func(t *testing.T) {
				t.Run("should respond with 403", func(t *testing.T) {
					extest.Expect(t, s.Get("/403", headers...), 403, "")
				})
			})
			t.Run("GET /404", func(t *testing.T) {
				t.Run("should respond with 404", func(t *testing.T) {
					r := s.Get("/404", headers...)
					extest.Expect(t, r, 404, "")
					if accept.body404 != "" && string(r.Body) != accept.body404 {
						t.Errorf("body %q, want %q", r.Body, accept.body404)
					}
				})
			})
			t.Run("GET /500", func(t *testing.T) {
				t.Run("should respond with 500", func(t *testing.T) {
					extest.Expect(t, s.Get("/500", headers...), 500, "")
				})
			})
		})
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp("views"))
}
