package main

import (
	"regexp"
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestAcceptance ports Express's test/acceptance/markdown.js.
func TestAcceptance(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp("views"))
	t.Run("GET /", func(t *testing.T) {
		t.Run("should respond with html", func(t *testing.T) {
			r := s.Get("/")
			if !regexp.MustCompile(`<h1[^>]*>Markdown Example</h1>`).Match(r.Body) {
				t.Errorf("body %q", r.Body)
			}
		})
	})
	t.Run("GET /fail", func(t *testing.T) {
		t.Run("should respond with an error", func(t *testing.T) {
			extest.Expect(t, s.Get("/fail"), 500, "")
		})
	})
}

func TestRender(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"\n# {title}\n\nJust an example view rendered with _markdown_.\n", "<h1 id=\"title\">{title}</h1>\n<p>Just an example view rendered with <em>markdown</em>.</p>\n"},
		{"## Two Words!\ntext *a* **b** `c<d>`\nmore [x](/y)", "<h2 id=\"two-words\">Two Words!</h2>\n<p>text <em>a</em> <strong>b</strong> <code>c&lt;d&gt;</code>\nmore <a href=\"/y\">x</a></p>\n"},
		{"#nospace", "<p>#nospace</p>\n"},
		{"snake_case_word", "<p>snake_case_word</p>\n"},
	} {
		if got := render(tt.in); got != tt.want {
			t.Errorf("render(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp("views"))
}
