//go:build !race

package adaptor

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestServerAllocations pins what Server allocates per request beyond the
// fasthttp handler's own work: one slice backing the header values handed
// to net/http (names and values of common fields are constants). The plain
// net/http handler doing the same work allocates three ([]string per
// Header.Set).
func TestServerAllocations(t *testing.T) {
	tests := []struct {
		name string
		h    http.Handler
		max  float64
	}{
		{name: "net/http handler through ServeMux", h: plainMux(), max: 3},
		{name: "Server", h: ToHTTP(fastHello), max: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/hello", nil)
			req.Header.Set("User-Agent", "bench")
			req.Header.Set("Accept", "*/*")
			w := &benchWriter{h: make(http.Header)}
			tc.h.ServeHTTP(w, req) // warm the pool
			n := testing.AllocsPerRun(200, func() {
				w.reset()
				tc.h.ServeHTTP(w, req)
			})
			if n > tc.max {
				t.Errorf("%v allocations per request, want at most %v", n, tc.max)
			}
			if w.status != 200 || w.n != len(helloBody) {
				t.Errorf("status %d, %d bytes", w.status, w.n)
			}
		})
	}
}
