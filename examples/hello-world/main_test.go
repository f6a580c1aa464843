package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/hello-world.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	t.Run("should respond with hello world", func(t *testing.T) {
		r := s.Get("/")
		extest.Expect(t, r, 200, "Hello World")
		if string(r.Body) != "Hello World" {
			t.Errorf("body %q", r.Body)
		}
	})
	t.Run("should respond with 404", func(t *testing.T) {
		extest.Expect(t, s.Get("/missing"), 404, "")
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
