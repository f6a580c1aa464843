package main

import (
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/content-negotiation.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp())
	for _, path := range []string{"/", "/users"} {
		t.Run("GET "+path, func(t *testing.T) {
			tests := []struct{ name, accept, body string }{
				{"should default to text/html", "", "<ul><li>Tobi</li><li>Loki</li><li>Jane</li></ul>"},
				{"should accept to text/plain", "Accept: text/plain", " - Tobi\n - Loki\n - Jane\n"},
				{"should accept to application/json", "Accept: application/json", `[{"name":"Tobi"},{"name":"Loki"},{"name":"Jane"}]`},
			}
			for _, tt := range tests {
				t.Run(tt.name, func(t *testing.T) {
					var r = s.Get(path)
					if tt.accept != "" {
						r = s.Get(path, tt.accept)
					}
					extest.Expect(t, r, 200, tt.body)
					if string(r.Body) != tt.body {
						t.Errorf("body %q", r.Body)
					}
				})
			}
		})
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp())
}
