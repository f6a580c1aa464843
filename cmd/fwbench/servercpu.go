package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
)

// parsePIDs reads --pid: want comma-separated process IDs, or none.
func parsePIDs(s string, want int) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) != want {
		return nil, usageError{fmt.Sprintf("--pid needs %d process IDs, one per target, got %d", want, len(parts))}
	}
	pids := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n <= 0 {
			return nil, usageError{fmt.Sprintf("--pid: %q is not a process ID", p)}
		}
		if _, err := processCPU(n); err != nil {
			return nil, err
		}
		pids[i] = n
	}
	return pids, nil
}

// runMeasured runs cfg; with pid > 0 it also returns the CPU time process
// pid used meanwhile (read right before and right after the run).
func runMeasured(ctx context.Context, cfg *engine.Config, pid int) (*engine.Result, time.Duration, error) {
	var before time.Duration
	if pid > 0 {
		var err error
		if before, err = processCPU(pid); err != nil {
			return nil, 0, err
		}
	}
	res, err := engine.Run(ctx, cfg)
	if err != nil || pid == 0 {
		return res, 0, err
	}
	after, err := processCPU(pid)
	if err != nil {
		return nil, 0, fmt.Errorf("the server went away during the run: %v", err)
	}
	return res, after - before, nil
}
