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

	// The poller callback and its state, kept here so that a sleep does not
	// allocate a closure.
	fn    func(fd uintptr) bool
	d     time.Duration
	armed bool
	serr  error
	buf   [8]byte
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
	s := &sleeper{f: f, rc: rc}
	s.fn = s.callback
	return s, nil
}

// sleep blocks the calling goroutine for d.
func (s *sleeper) sleep(d time.Duration) error {
	if d <= 0 {
		return nil
	}
	s.d, s.armed, s.serr = d, false, nil
	if err := s.rc.Read(s.fn); err != nil {
		return err
	}
	return s.serr
}

// callback arms the timer on its first call and asks to wait; then it reads
// the expiration.
func (s *sleeper) callback(fd uintptr) bool {
	if !s.armed {
		s.armed = true
		spec := unix.ItimerSpec{Value: unix.NsecToTimespec(int64(s.d))}
		if s.serr = unix.TimerfdSettime(int(fd), 0, &spec, nil); s.serr != nil {
			return true
		}
		return false
	}
	_, e := unix.Read(int(fd), s.buf[:])
	if e == unix.EAGAIN || e == unix.EINTR {
		return false
	}
	s.serr = e
	return true
}

func (s *sleeper) close() { s.f.Close() }
