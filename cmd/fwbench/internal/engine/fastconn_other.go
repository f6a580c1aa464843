//go:build !unix

package engine

import "net"

// fastConn is not available here: connections are used as they are.
type fastConn struct{ net.Conn }

func newFastConn(c net.Conn) (net.Conn, bool) { return c, false }

func (f *fastConn) deferWrite(b []byte)  {}
func (f *fastConn) writeDeferred() error { return nil }
