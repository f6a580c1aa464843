package compress_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/compress"
	"github.com/fwgo/fw/middleware/internal/testserver"
)

// TestStreamedFile: a file large enough for fast.Static to stream it is
// compressed whole, and sent uncompressed past MaxStream.
func TestStreamedFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	content := strings.Repeat("streamed line of text\n", 20000) // 440 KB, streamed by fast.Static
	if err := os.WriteFile(filepath.Join(dir, "log.txt"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name      string
		maxStream int
		encoding  string
	}{
		{"should compress a streamed file", 0, "gzip"},
		{"should send a file above MaxStream as it is", 1 << 10, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			app := fast.New()
			app.Use(compress.New(compress.Config{MaxStream: tt.maxStream}))
			app.Use(fast.Static(dir))
			r := testserver.New(t, app).Get("/log.txt", "Accept-Encoding: gzip")
			if got := r.Get("Content-Encoding"); got != tt.encoding {
				t.Fatalf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if r.Get("Vary") != "Accept-Encoding" {
				t.Errorf("Vary %q", r.Get("Vary"))
			}
			body := []byte(r.Body)
			if tt.encoding != "" {
				body = decode(t, tt.encoding, body)
			}
			if string(body) != content {
				t.Errorf("body of %d bytes, want %d", len(body), len(content))
			}
		})
	}
}

func TestConfigPanics(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]compress.Config{
		"level 10": {Level: 10},
		"level -1": {Level: -1},
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			compress.New(c)
		})
	}
}
