package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestRoutes checks the example's routes; Express has no acceptance test
// for route-middleware, its recorded answers are replayed below.
func TestRoutes(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	tests := []struct {
		name, method, target string
		status               int
		body                 string
	}{
		{"redirects / to the first user", "GET", "/", 302, "Redirecting to /user/0"},
		{"views a user", "GET", "/user/1", 200, "Viewing user ciaran"},
		{"fails to load an unknown user", "GET", "/user/7", 500, "Failed to load user 7"},
		{"edits oneself", "GET", "/user/0/edit", 200, "Editing user tj"},
		{"may not edit others", "GET", "/user/1/edit", 500, "Unauthorized"},
		{"may not delete as a member", "DELETE", "/user/1", 500, "Unauthorized"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			extest.Expect(t, s.Request(tt.method, tt.target, ""), tt.status, tt.body)
		})
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
