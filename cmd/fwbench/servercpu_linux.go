package main

import (
	"fmt"
	"time"

	"golang.org/x/sys/unix"
)

// processCPU returns the user + system CPU time every thread of process pid
// has used so far, to the nanosecond: clock_gettime on the process's CPU
// clock, the clock clock_getcpuclockid(3) names (CPUCLOCK_SCHED, whole
// process), rather than /proc/PID/stat's 10 ms ticks.
func processCPU(pid int) (time.Duration, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(int32(^pid<<3|2), &ts); err != nil {
		return 0, fmt.Errorf("cannot read the CPU time of process %d: %v", pid, err)
	}
	return time.Duration(ts.Nano()), nil
}
