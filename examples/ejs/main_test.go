package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/ejs.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp("views", extest.PinnedCopy(t, "public")))
	t.Run("GET /", func(t *testing.T) {
		t.Run("should respond with html", func(t *testing.T) {
			r := s.Get("/")
			extest.ExpectHeader(t, r, "Content-Type", "text/html; charset=utf-8")
			for _, want := range []string{
				"<li>tobi &lt;tobi@learnboost.com&gt;</li>",
				"<li>loki &lt;loki@learnboost.com&gt;</li>",
				"<li>jane &lt;jane@learnboost.com&gt;</li>",
			} {
				extest.Expect(t, r, 200, want)
			}
		})
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp("views", extest.PinnedCopy(t, "public")))
}
