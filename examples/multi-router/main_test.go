package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/multi-router.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	tests := []struct{ name, target, body string }{
		{"should respond with root handler", "/", "Hello from root route."},
		{"should respond with APIv1 root handler", "/api/v1/", "Hello from APIv1 root route."},
		{"should respond with users from APIv1", "/api/v1/users", "List of APIv1 users."},
		{"should respond with APIv2 root handler", "/api/v2/", "Hello from APIv2 root route."},
		{"should respond with users from APIv2", "/api/v2/users", "List of APIv2 users."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.Get(tt.target)
			extest.Expect(t, r, 200, tt.body)
			if string(r.Body) != tt.body {
				t.Errorf("body %q, want %q", r.Body, tt.body)
			}
		})
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
