package main

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/conformance/runner"
	"github.com/fwgo/fw/examples/internal/extest"
)

// cookies is the acceptance test's getCookies: every Set-Cookie's
// name=value, joined with "; ".
func cookies(r *runner.Response) string {
	var out []string
	for _, h := range r.Headers {
		if strings.EqualFold(h[0], "Set-Cookie") {
			nv, _, _ := strings.Cut(h[1], ";")
			out = append(out, nv)
		}
	}
	return strings.Join(out, "; ")
}

// TestAcceptance ports Express's test/acceptance/cookie-sessions.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	t.Run("GET /", func(t *testing.T) {
		t.Run("should display no views", func(t *testing.T) {
			r := s.Get("/")
			extest.Expect(t, r, 200, "")
			if string(r.Body) != "viewed 1 times\n" {
				t.Errorf("body %q", r.Body)
			}
		})
		t.Run("should set a session cookie", func(t *testing.T) {
			r := s.Get("/")
			extest.Expect(t, r, 200, "")
			if !strings.Contains(cookies(r), "session=") {
				t.Errorf("cookies %q have no session", cookies(r))
			}
		})
		t.Run("should display 1 view on revisit", func(t *testing.T) {
			r := s.Get("/")
			if string(r.Body) != "viewed 1 times\n" {
				t.Fatalf("body %q", r.Body)
			}
			r = s.Get("/", "Cookie: "+cookies(r))
			extest.Expect(t, r, 200, "")
			if string(r.Body) != "viewed 2 times\n" {
				t.Errorf("body %q", r.Body)
			}
		})
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
