package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/params.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	tests := []struct {
		name, target string
		status       int
		body         string
	}{
		{"should respond with instructions", "/", 200, "Visit"},
		{"should respond with a user", "/user/0", 200, "user tj"},
		{"should fail to find user", "/user/9", 404, "failed to find user"},
		{"should respond with three users", "/users/0-2", 200, "users tj, tobi, loki"},
		{"should fail integer parsing", "/users/foo-bar", 400, "failed to parseInt foo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			extest.Expect(t, s.Get(tt.target), tt.status, tt.body)
		})
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
