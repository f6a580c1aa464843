//go:build unix

package engine

import (
	"io"
	"net"
	"syscall"
)

// fastConn is a TCP connection whose request write is deferred into the
// read that waits for the response: the write happens inside the runtime
// poller's read callback, after the poller's readiness was reset, so the
// goroutine then waits for data without first trying a read that would
// find nothing. That saves one system call per request. Read and Write are
// called by the owning worker only.
type fastConn struct {
	*net.TCPConn
	rc  syscall.RawConn
	out []byte // bytes to write before the next wait for data
}

// newFastConn wraps c when it is a TCP connection with a usable descriptor.
func newFastConn(c net.Conn) (net.Conn, bool) {
	tc, ok := c.(*net.TCPConn)
	if !ok {
		return c, false
	}
	rc, err := tc.SyscallConn()
	if err != nil {
		return c, false
	}
	return &fastConn{TCPConn: tc, rc: rc}, true
}

// deferWrite arranges for b to be written by the next Read. b must not
// change until then.
func (f *fastConn) deferWrite(b []byte) { f.out = b }

// writeDeferred writes a deferred batch now.
func (f *fastConn) writeDeferred() error {
	if len(f.out) == 0 {
		return nil
	}
	_, err := f.TCPConn.Write(f.out)
	f.out = nil
	return err
}

// Read writes any deferred batch, then reads.
func (f *fastConn) Read(p []byte) (int, error) {
	for {
		var n int
		var serr error
		blocked := false
		err := f.rc.Read(func(fd uintptr) bool {
			for len(f.out) > 0 {
				m, e := syscall.Write(int(fd), f.out)
				switch {
				case e == syscall.EINTR:
					continue
				case e == syscall.EAGAIN:
					blocked = true // the socket buffer is full: finish with a blocking write
					return true
				case e != nil:
					serr = e
					return true
				}
				f.out = f.out[m:]
				if len(f.out) == 0 {
					f.out = nil
					return false // wait for the response
				}
			}
			for {
				n, serr = syscall.Read(int(fd), p)
				if serr != syscall.EINTR {
					break
				}
			}
			return serr != syscall.EAGAIN
		})
		switch {
		case err != nil:
			return 0, err
		case blocked:
			if err := f.writeDeferred(); err != nil {
				return 0, err
			}
			continue
		case serr != nil:
			f.out = nil
			return 0, serr
		case n == 0:
			return 0, io.EOF
		}
		return n, nil
	}
}
