//go:build !linux

package fast

import "net"

// listenTCP listens on addr; the backlog is the system's on this platform.
func listenTCP(addr string, _ int) (net.Listener, error) { return net.Listen("tcp", addr) }
