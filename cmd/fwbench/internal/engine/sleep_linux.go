package engine

import (
	"os"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// sleeper waits for a duration with microsecond precision. The Go
// runtime's timers wake up to a millisecond late on an idle process (its
// epoll wait has millisecond resolution); a timerfd registered with the
// runtime's poller wakes it on time without holding an OS thread. The timer
// is armed inside the poller's read callback, after its readiness was
// reset, so each sleep is one timerfd_settime, one wait and one read.
type sleeper struct {
	f  *os.File
	rc syscall.RawConn
}

func newSleeper() (*sleeper, error) {
	fd, err := unix.TimerfdCreate(unix.CLOCK_MONOTONIC, unix.TFD_NONBLOCK|unix.TFD_CLOEXEC)
	if err != nil {
		return nil, os.NewSyscallError("timerfd_create", err)
	}
	f := os.NewFile(uintptr(fd), "timerfd")
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &sleeper{f: f, rc: rc}, nil
}

// sleep blocks the calling goroutine for d.
func (s *sleeper) sleep(d time.Duration) error {
	if d <= 0 {
		return nil
	}
	var buf [8]byte
	armed := false
	var serr error
	err := s.rc.Read(func(fd uintptr) bool {
		if !armed {
			armed = true
			spec := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(d))}
			if serr = unix.TimerfdSettime(int(fd), 0, &spec, nil); serr != nil {
				return true
			}
			return false
		}
		_, e := unix.Read(int(fd), buf[:])
		if e == unix.EAGAIN || e == unix.EINTR {
			return false
		}
		serr = e
		return true
	})
	if err != nil {
		return err
	}
	return serr
}

func (s *sleeper) close() { s.f.Close() }
