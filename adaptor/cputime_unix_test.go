//go:build unix

package adaptor

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (all threads, user and
// system). Benchmarks report it per operation as cpu-ns/op: unlike ns/op it
// does not count time spent waiting for a CPU, so it stays meaningful on a
// loaded machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
