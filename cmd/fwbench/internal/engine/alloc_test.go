//go:build !race

package engine

import (
	"bytes"
	"net"
	"testing"
	"time"
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

// TestConnAllocations: a request written by a deferred write and its
// response read through the poller allocate nothing, nor does the pacer's
// sleep.
func TestConnAllocations(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	resp := []byte("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		buf := make([]byte, 4096)
		for {
			if _, err := c.Read(buf); err != nil {
				return
			}
			if _, err := c.Write(resp); err != nil {
				return
			}
		}
	}()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	conn, ok := newFastConn(c)
	if !ok {
		t.Skip("no raw connection on this platform")
	}
	fc := conn.(*fastConn)
	rd := newResponseReader(fc, 4096)
	req := []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	if n := testing.AllocsPerRun(500, func() {
		fc.deferWrite(req)
		if res, err := rd.read(false); err != nil || res.status != 200 {
			t.Fatal(res, err)
		}
	}); n != 0 {
		t.Errorf("%v allocations per request", n)
	}
	s, err := newSleeper()
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	if n := testing.AllocsPerRun(50, func() {
		if err := s.sleep(10 * time.Microsecond); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("%v allocations per sleep", n)
	}
}
