package compress_test

import (
	"testing"

	"github.com/fwgo/fw/middleware/internal/testserver"
)

// TestCompressionSuite ports it() sentences of compression 1.5's
// test/compression.js onto the routes of compress_diff_test.go.
func TestCompressionSuite(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, app, method, path, accept string
		encoding, vary                  string
		length                          bool // Content-Length kept
	}{
		{"should skip HEAD", "default", "HEAD", "/big", "gzip", "", "Accept-Encoding", true},
		{"should skip unknown accept-encoding", "default", "GET", "/big", "bogus", "", "Accept-Encoding", true},
		{"should skip if content-encoding already set", "default", "GET", "/encoded", "gzip", "x-custom", "Accept-Encoding", true},
		{"should set Vary", "default", "GET", "/big", "gzip", "gzip", "Accept-Encoding", false},
		{"should set Vary even if Accept-Encoding is not set", "default", "GET", "/big", "", "", "Accept-Encoding", true},
		{"should not set Vary if Content-Type does not pass filter", "default", "GET", "/png", "gzip", "", "", true},
		{"should set Vary for HEAD request", "default", "HEAD", "/big", "gzip", "", "Accept-Encoding", true},
		{"should not compress responses below the threshold size", "default", "GET", "/small", "gzip", "", "Accept-Encoding", true},
		{"should compress when streaming without a content-length", "default", "GET", "/endtyped", "gzip", "gzip", "Accept-Encoding", false},
		{"should compress when threshold is 0", "zero", "GET", "/small", "gzip", "gzip", "Accept-Encoding", false},
		{"should prefer gzip over deflate", "default", "GET", "/big", "deflate, gzip", "gzip", "Accept-Encoding", false},
		{"should compress with deflate", "default", "GET", "/big", "deflate", "deflate", "Accept-Encoding", false},
		{"should not compress when filter returns false", "filter", "GET", "/big", "gzip", "", "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var headers []string
			if tt.accept != "" {
				headers = append(headers, "Accept-Encoding: "+tt.accept)
			}
			if tt.app == "filter" {
				headers = append(headers, "X-No-Compression: 1")
			}
			r := testserver.New(t, build(tt.app)).Do(testserver.Request(tt.method, tt.path, "", headers...))
			if got := r.Get("Content-Encoding"); got != tt.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tt.encoding)
			}
			if got := r.Get("Vary"); got != tt.vary {
				t.Errorf("Vary %q, want %q", got, tt.vary)
			}
			if got := r.Get("Content-Length") != ""; got != tt.length {
				t.Errorf("Content-Length %q", r.Get("Content-Length"))
			}
			if tt.method == "GET" && tt.encoding != "" && tt.encoding != "x-custom" && r.Get("Transfer-Encoding") != "chunked" {
				t.Errorf("Transfer-Encoding %q, want chunked", r.Get("Transfer-Encoding"))
			}
		})
	}
}
