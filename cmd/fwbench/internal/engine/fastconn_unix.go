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

	// The read callback and its state, kept here so that a Read does not
	// allocate a closure.
	fn      func(fd uintptr) bool
	p       []byte
	n       int
	serr    error
	blocked bool
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
	f := &fastConn{TCPConn: tc, rc: rc}
	f.fn = f.callback
	return f, true
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

// callback runs inside the poller: it writes the deferred batch and asks to
// wait, or reads into f.p.
func (f *fastConn) callback(fd uintptr) bool {
	for len(f.out) > 0 {
		m, e := syscall.Write(int(fd), f.out)
		switch {
		case e == syscall.EINTR:
			continue
		case e == syscall.EAGAIN:
			f.blocked = true // the socket buffer is full: finish with a blocking write
			return true
		case e != nil:
			f.serr = e
			return true
		}
		f.out = f.out[m:]
		if len(f.out) == 0 {
			f.out = nil
			return false // wait for the response
		}
	}
	for {
		f.n, f.serr = syscall.Read(int(fd), f.p)
		if f.serr != syscall.EINTR {
			break
		}
	}
	return f.serr != syscall.EAGAIN
}

// Read writes any deferred batch, then reads.
func (f *fastConn) Read(p []byte) (int, error) {
	for {
		f.p, f.n, f.serr, f.blocked = p, 0, nil, false
		err := f.rc.Read(f.fn)
		n, serr := f.n, f.serr
		f.p, f.serr = nil, nil
		switch {
		case err != nil:
			return 0, err
		case f.blocked:
			if err := f.writeDeferred(); err != nil {
				return 0, err
			}
			continue
		case serr != nil:
			f.out = nil
			return 0, serr
		case n <= 0:
			return 0, io.EOF
		}
		return n, nil
	}
}
