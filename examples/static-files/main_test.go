package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestRoutes checks what the example's console lists (Express has no
// acceptance test for it; its recorded answers are replayed below).
func TestRoutes(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp(extest.PinnedCopy(t, "public")))
	for _, tt := range []struct{ target, body string }{
		{"/hello.txt", "hey"},
		{"/js/app.js", "// foo"},
		{"/css/style.css", "body"},
		{"/static/hello.txt", "hey"},
		{"/style.css", "body"},
	} {
		t.Run(tt.target, func(t *testing.T) { extest.Expect(t, s.Get(tt.target), 200, tt.body) })
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp(extest.PinnedCopy(t, "public")))
}
