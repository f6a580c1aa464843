//go:build !linux

package main

import (
	"errors"
	"time"
)

// processCPU reads another process's CPU time, which fwbench does on Linux
// only.
func processCPU(pid int) (time.Duration, error) {
	return 0, errors.New("--pid needs Linux")
}
