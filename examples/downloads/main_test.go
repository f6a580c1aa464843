package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/downloads.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp(extest.PinnedCopy(t, "files")))
	t.Run("should have a link to amazing.txt", func(t *testing.T) {
		extest.Expect(t, s.Get("/"), 200, `href="/files/amazing.txt"`)
	})
	t.Run("GET /files/notes/groceries.txt should have a download header", func(t *testing.T) {
		r := s.Get("/files/notes/groceries.txt")
		extest.Expect(t, r, 200, "")
		extest.ExpectHeader(t, r, "Content-Disposition", `attachment; filename="groceries.txt"`)
	})
	t.Run("GET /files/amazing.txt should have a download header", func(t *testing.T) {
		r := s.Get("/files/amazing.txt")
		extest.Expect(t, r, 200, "")
		extest.ExpectHeader(t, r, "Content-Disposition", `attachment; filename="amazing.txt"`)
	})
	t.Run("should respond with 404", func(t *testing.T) { extest.Expect(t, s.Get("/files/missing.txt"), 404, "") })
	t.Run("should respond with 403", func(t *testing.T) { extest.Expect(t, s.Get("/files/../index.js"), 403, "") })
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp(extest.PinnedCopy(t, "files")))
}
