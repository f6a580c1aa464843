package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/resource.js; its cases
// share one app and run in order (a deletion shows in a later range).
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	tests := []struct {
		name, method, target string
		body                 string
	}{
		{"should respond with instructions", "GET", "/", "<h1>Examples:</h1>"},
		{"should respond with all users", "GET", "/users", `[{"name":"tj"},{"name":"ciaran"},{"name":"aaron"},{"name":"guillermo"},{"name":"simon"},{"name":"tobi"}]`},
		{"should respond with user 1", "GET", "/users/1", `{"name":"ciaran"}`},
		{"should respond with error", "GET", "/users/9", `{"error":"Cannot find user"}`},
		{"should respond with users 1 through 3", "GET", "/users/1..3", "<ul><li>ciaran</li>\n<li>aaron</li>\n<li>guillermo</li></ul>"},
		{"should delete user 1", "DELETE", "/users/1", "destroyed"},
		{"should fail", "DELETE", "/users/9", "Cannot find user"},
		{"should respond with users 2 and 3 as json", "GET", "/users/1..3.json", `[null,{"name":"aaron"},{"name":"guillermo"}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			extest.Expect(t, s.Request(tt.method, tt.target, ""), 200, tt.body)
		})
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
