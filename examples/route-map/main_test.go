package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/route-map.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	tests := []struct {
		name, method, target, body string
	}{
		{"should respond with users", "GET", "/users", "user list"},
		{"should delete users", "DELETE", "/users", "delete users"},
		{"should get a user", "GET", "/users/12", "user 12"},
		{"should get a users pets", "GET", "/users/12/pets", "user 12's pets"},
		{"should get a users pet", "DELETE", "/users/12/pets/2", "delete 12's pet 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.Request(tt.method, tt.target, "")
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
