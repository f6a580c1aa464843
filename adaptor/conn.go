package adaptor

import (
	"crypto/tls"
	"errors"
	"net"
	"net/http"
	"net/netip"
	"time"
)

// errNoConn is returned by the I/O methods of conn: the connection belongs to
// net/http, and fasthttp-side code cannot read or write it.
var errNoConn = errors.New("adaptor: the connection is owned by net/http")

// conn is the net.Conn a RequestCtx served by Server is initialised with.
// fasthttp asks it only for addresses and, through tlsConn, for the TLS
// state; its I/O methods fail.
//
// NOTE: conn lives in pooled state; release clears r and the address cache
// is safe to keep because the cached net.Addr values are never mutated.
type conn struct {
	r *http.Request

	// raddrKey is the http.Request.RemoteAddr string raddr was parsed from.
	// Parsed addresses are immutable and may be shared by every request that
	// has the same RemoteAddr (all requests of one connection do).
	raddrKey string
	raddr    net.Addr
}

func (c *conn) Read([]byte) (int, error)         { return 0, errNoConn }
func (c *conn) Write([]byte) (int, error)        { return 0, errNoConn }
func (c *conn) Close() error                     { return nil }
func (c *conn) SetDeadline(time.Time) error      { return errNoConn }
func (c *conn) SetReadDeadline(time.Time) error  { return errNoConn }
func (c *conn) SetWriteDeadline(time.Time) error { return errNoConn }

// LocalAddr returns the address net/http accepted the connection on, as
// recorded in the request context under http.LocalAddrContextKey.
func (c *conn) LocalAddr() net.Addr {
	if c.r != nil {
		if a, ok := c.r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
			return a
		}
	}
	return zeroAddr
}

// RemoteAddr parses http.Request.RemoteAddr into a *net.TCPAddr; when it is
// not host:port (a Unix socket, a test request), it returns a net.Addr whose
// String is the RemoteAddr text.
func (c *conn) RemoteAddr() net.Addr {
	if c.r == nil {
		return zeroAddr
	}
	s := c.r.RemoteAddr
	if c.raddr != nil && c.raddrKey == s {
		return c.raddr
	}
	c.raddrKey, c.raddr = s, parseAddr(s)
	return c.raddr
}

var zeroAddr = &net.TCPAddr{IP: net.IPv4zero}

func parseAddr(s string) net.Addr {
	if ap, err := netip.ParseAddrPort(s); err == nil {
		return net.TCPAddrFromAddrPort(ap)
	}
	if a, err := netip.ParseAddr(s); err == nil {
		return net.TCPAddrFromAddrPort(netip.AddrPortFrom(a, 0))
	}
	return textAddr(s)
}

// textAddr is a remote address net/http reported in a form that is not
// host:port.
type textAddr string

func (a textAddr) Network() string { return "unknown" }
func (a textAddr) String() string  { return string(a) }

// tlsConn is conn for requests that arrived over TLS. fasthttp recognises a
// TLS connection by its Handshake and ConnectionState methods.
type tlsConn struct {
	conn
}

// Handshake reports success: net/http completed the handshake.
func (c *tlsConn) Handshake() error { return nil }

// ConnectionState returns the state net/http recorded in http.Request.TLS.
func (c *tlsConn) ConnectionState() tls.ConnectionState {
	if c.r != nil && c.r.TLS != nil {
		return *c.r.TLS
	}
	return tls.ConnectionState{}
}
