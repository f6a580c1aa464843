//go:build !linux

package engine

import "time"

// sleeper waits for a duration. Outside Linux it uses the runtime's timers,
// which may wake up to a millisecond late; the pacer measures and reports
// that lag.
type sleeper struct{}

func newSleeper() (*sleeper, error) { return &sleeper{}, nil }

func (s *sleeper) sleep(d time.Duration) error {
	time.Sleep(d)
	return nil
}

func (s *sleeper) close() {}
