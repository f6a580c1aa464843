package fast

import (
	"os"
	"runtime"
	"testing"

	"github.com/fwgo/fw/internal/bytesconv"
)

// TestCTPairKeys checks what a Content-Type memo keeps as its key: a
// string constant itself (read-only memory, so res.set's memo check finds
// it by address), any other value as a copy, never the caller's memory,
// which may be pooled and rewritten after the request.
func TestCTPairKeys(t *testing.T) {
	t.Parallel()
	const lit = "text/plain; charset=utf-8"
	buf := []byte(lit)
	view := bytesconv.B2S(buf)
	var p ctPair
	if e := p.put(view, lit); bytesconv.Same(e.in, view) {
		t.Error("put kept a view of a byte slice, not a copy")
	}
	copy(buf, "text/plain; charset=utf-7")
	if e := p.get(view); e != nil {
		t.Errorf("get found %q for the rewritten bytes %q", e.in, view)
	}
	e := p.put(lit, lit)
	if kept, known := bytesconv.Same(e.in, lit), bytesconv.ReadOnly(lit); kept != known {
		t.Errorf("put kept the constant itself: %v, want %v (bytesconv.ReadOnly)", kept, known)
	}
	if _, err := os.Stat("/proc/self/maps"); err == nil && runtime.GOOS == "linux" && !bytesconv.Same(e.in, lit) {
		t.Error("put copied a string constant on Linux")
	}
	if p.get(lit) == nil || p.get(string([]byte(lit))) == nil {
		t.Error("get misses the constant or a copy of it")
	}
}
