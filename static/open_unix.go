//go:build unix

package static

import (
	"os"
	"syscall"
)

// openFile opens a file for reading. os.Open would try to register a
// regular file with the network poller (two fcntl calls, a failing
// epoll_ctl and two more fcntl calls on Linux); a file opened here and
// wrapped by os.NewFile costs openat and one fcntl.
func openFile(path string) (*os.File, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "open", Path: path, Err: err}
		}
		return os.NewFile(uintptr(fd), path), nil
	}
}
