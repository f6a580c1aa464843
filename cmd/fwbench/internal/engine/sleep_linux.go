package engine

import (
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// sleeper waits until a monotonic deadline with microsecond precision. The
// Go runtime's timers wake up to a millisecond late on an idle process
// (its epoll wait has millisecond resolution); a timerfd registered with
// the runtime's poller wakes it on time without holding an OS thread.
type sleeper struct {
	f   *os.File
	fd  int
	buf [8]byte
}

func newSleeper() (*sleeper, error) {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("timerfd_create", err)
	}
	return &sleeper{f: os.NewFile(uintptr(fd), "timerfd"), fd: fd}, nil
}

// sleep blocks the calling goroutine for d.
func (s *sleeper) sleep(d time.Duration) error {
	if d <= 0 {
		return nil
	}
	spec := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(d))}
	if err := unix.TimerfdSettime(s.fd, 0, &spec, nil); err != nil {
		return os.NewSyscallError("timerfd_settime", err)
	}
	_, err := s.f.Read(s.buf[:])
	return err
}

func (s *sleeper) close() { s.f.Close() }
