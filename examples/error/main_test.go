package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/error.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	t.Run("GET / should respond with 500", func(t *testing.T) {
		extest.Expect(t, s.Get("/"), 500, "Internal Server Error")
	})
	t.Run("GET /next should respond with 500", func(t *testing.T) {
		extest.Expect(t, s.Get("/next"), 500, "Internal Server Error")
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
