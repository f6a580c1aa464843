package fast

import (
	"net"
	"net/netip"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/proxyaddr"
)

// IP returns the client address, as req.ip: the socket address when
// "trust proxy" trusts nothing, else the first address of X-Forwarded-For,
// read from the server outwards, that is not a trusted proxy (proxy-addr's
// rule). It is "" when the connection has no IP address (a Unix socket),
// where Express gives undefined. It allocates nothing; the string is valid
// until the request ends.
func (r *Request) IP() string {
	xff, _ := r.c.requestHeader(hXForwardedFor)
	return r.c.settings.trust.Addr(r.socketAddr(), xff)
}

// IPs returns the addresses of X-Forwarded-For that "trust proxy" trusts,
// farthest (the client) first, as req.ips; empty, not nil, when nothing is
// trusted. The slice and its strings are valid until the request ends and
// are reused by the next call of IPs.
func (r *Request) IPs() []string {
	c := r.c
	c.touched = true
	xff, _ := c.requestHeader(hXForwardedFor)
	r.ips = c.settings.trust.IPs(r.ips[:0], r.socketAddr(), xff)
	if r.ips == nil {
		r.ips = make([]string, 0, 4)
	}
	return r.ips
}

// Protocol returns "https" or "http", as req.protocol: the protocol of
// the connection, or, when the socket address is a trusted proxy and the
// request has an X-Forwarded-Proto header, the first comma-separated value
// of that header, trimmed (possibly empty, as in Express). It allocates
// nothing. The string is valid until the request ends.
func (r *Request) Protocol() string {
	c := r.c
	trusted := c.settings.trust.Trusted(r.socketAddr(), 0)
	xfp := ""
	if trusted {
		xfp, _ = c.requestHeader(hXForwardedProto)
	}
	return proxyaddr.Protocol(c.fctx.IsTLS(), xfp, trusted)
}

// Secure reports whether Protocol is "https", as req.secure.
func (r *Request) Secure() bool { return r.Protocol() == "https" }

// Hostname returns the host name of the request without the port, as
// req.hostname: the first value of X-Forwarded-Host when the socket
// address is a trusted proxy, else the Host header. A bracketed IPv6
// literal keeps its brackets ("[::1]"). It is "" where Express gives
// undefined (no host). It allocates nothing; the string is valid until the
// request ends.
func (r *Request) Hostname() string {
	c := r.c
	xfh, _ := c.requestHeader(hXForwardedHost)
	trusted := xfh != "" && c.settings.trust.Trusted(r.socketAddr(), 0)
	name, _ := proxyaddr.Hostname(bytesconv.B2S(c.fctx.Request.Header.Host()), xfh, trusted)
	return name
}

// Host is Hostname, as the deprecated req.host of Express 4.
//
// Deprecated: use Hostname, as Express says.
func (r *Request) Host() string { return r.Hostname() }

// Subdomains returns the subdomains of Hostname, as req.subdomains: its
// dot-separated labels in reverse order without the last "subdomain
// offset" ones (2 by default), or the host alone when it is an IP address.
// "tobi.ferrets.example.com" gives ["ferrets", "tobi"]. The slice is empty,
// not nil, without a host; it is valid until the request ends and is reused
// by the next call of Subdomains.
func (r *Request) Subdomains() []string {
	r.c.touched = true
	r.subdomains = r.subdomains[:0]
	if h := r.Hostname(); h != "" {
		r.subdomains = proxyaddr.Subdomains(r.subdomains, h, r.c.settings.subdomainOffset)
	}
	if r.subdomains == nil {
		r.subdomains = make([]string, 0, 4)
	}
	return r.subdomains
}

// socketAddr returns the connection's remote address as Node's
// req.socket.remoteAddress gives it: an IPv4 client of a dual-stack (IPv6)
// listener reads "::ffff:127.0.0.1", of an IPv4 listener "127.0.0.1". Go
// keeps that distinction in the length of the address (16 bytes from an
// IPv6 socket, 4 from an IPv4 one), which netip preserves. It is "" for a
// connection without an IP address. It is formatted once per request.
func (r *Request) socketAddr() string {
	if r.remoteDone {
		return r.remote
	}
	r.remoteDone = true
	c := r.c
	c.touched = true
	if a, ok := c.fctx.RemoteAddr().(*net.TCPAddr); ok {
		if ip, ok := netip.AddrFromSlice(a.IP); ok {
			start := len(c.scratch)
			c.scratch = ip.AppendTo(c.scratch)
			r.remote = bytesconv.B2S(c.scratch[start:])
		}
	}
	return r.remote
}

// compileTrust compiles a "trust proxy" value as Express's compileTrust.
func compileTrust(v any) (*proxyaddr.Trust, error) {
	return proxyaddr.Compile(v)
}

var trustNone = proxyaddr.TrustNone()

// resolveTrust returns the compiled "trust proxy fn" setting.
func resolveTrust(v any) *proxyaddr.Trust {
	switch t := v.(type) {
	case *proxyaddr.Trust:
		if t != nil {
			return t
		}
	case func(addr string, i int) bool:
		return proxyaddr.TrustFunc(t)
	}
	return trustNone
}
