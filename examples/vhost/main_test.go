package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/vhost.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	t.Run("should say hello", func(t *testing.T) {
		extest.Expect(t, s.Get("/", "Host: example.com"), 200, "Hello")
	})
	t.Run("should say foo", func(t *testing.T) {
		extest.Expect(t, s.Get("/foo", "Host: example.com"), 200, "requested foo")
	})
	t.Run("should redirect to /foo", func(t *testing.T) {
		extest.Expect(t, s.Get("/", "Host: foo.example.com"), 302, "Redirecting to http://example.com:3000/foo")
	})
	t.Run("should redirect to /bar", func(t *testing.T) {
		extest.Expect(t, s.Get("/", "Host: bar.example.com"), 302, "Redirecting to http://example.com:3000/bar")
	})
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
