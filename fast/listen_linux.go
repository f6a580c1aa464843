package fast

import (
	"net"
	"os"
	"syscall"
)

// listenTCP listens on addr with the given backlog (0: the system's).
func listenTCP(addr string, backlog int) (net.Listener, error) {
	if backlog <= 0 {
		return net.Listen("tcp", addr)
	}
	ta, err := net.ResolveTCPAddr("tcp", addr)
	if err != nil {
		return nil, err
	}
	family, sa := syscall.AF_INET6, syscall.Sockaddr(&syscall.SockaddrInet6{Port: ta.Port})
	if ip4 := ta.IP.To4(); ip4 != nil {
		family = syscall.AF_INET
		s4 := &syscall.SockaddrInet4{Port: ta.Port}
		copy(s4.Addr[:], ip4)
		sa = s4
	} else if ta.IP != nil {
		copy(sa.(*syscall.SockaddrInet6).Addr[:], ta.IP.To16())
	}
	fd, err := syscall.Socket(family, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	if err := syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1); err != nil {
		syscall.Close(fd)
		return nil, os.NewSyscallError("setsockopt", err)
	}
	if err := syscall.Bind(fd, sa); err != nil {
		syscall.Close(fd)
		return nil, &net.OpError{Op: "listen", Net: "tcp", Addr: ta, Err: os.NewSyscallError("bind", err)}
	}
	if err := syscall.Listen(fd, backlog); err != nil {
		syscall.Close(fd)
		return nil, os.NewSyscallError("listen", err)
	}
	f := os.NewFile(uintptr(fd), "fast-listener")
	defer f.Close()
	return net.FileListener(f)
}
