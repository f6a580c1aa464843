//go:build !race

package engine

import (
	"bytes"
	"testing"
)

// loop replays the same bytes forever.
type loop struct {
	b []byte
	i int
}

func (l *loop) Read(p []byte) (int, error) {
	n := copy(p, l.b[l.i:])
	l.i = (l.i + n) % len(l.b)
	return n, nil
}

// TestResponseReadAllocations: reading a response allocates nothing once the
// buffer exists, whatever the framing.
func TestResponseReadAllocations(t *testing.T) {
	for name, wire := range map[string]string{
		"content-length": "HTTP/1.1 200 OK\r\nServer: x\r\nContent-Type: text/plain\r\nContent-Length: 13\r\n\r\nHello, World!",
		"chunked":        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nHello\r\n8\r\n, World!\r\n0\r\n\r\n",
	} {
		rd := newResponseReader(&loop{b: bytes.Repeat([]byte(wire), 7)}, 16<<10)
		if n := testing.AllocsPerRun(1000, func() {
			if _, err := rd.read(false); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations per response", name, n)
		}
	}
}

// TestRecordAllocations: recording a latency allocates nothing.
func TestRecordAllocations(t *testing.T) {
	w := NewWindow()
	v := int64(0)
	if n := testing.AllocsPerRun(1000, func() {
		v = (v*7 + 13) % 5_000_000
		recordValue(w.Latency, v)
	}); n != 0 {
		t.Errorf("%v allocations per record", n)
	}
}
