package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// loadStats summarises the 1-minute load average sampled during a run.
type loadStats struct {
	Samples          int
	Min, Median, Max float64
}

// String is "min–max (median m, n samples)".
func (l loadStats) String() string {
	if l.Samples == 0 {
		return "not sampled"
	}
	return fmt.Sprintf("%.1f–%.1f (median %.1f over %d samples, one every 5 s)", l.Min, l.Max, l.Median, l.Samples)
}

// readLoad reads lines "unix-seconds load1 load5 load15".
func readLoad(path string) (loadStats, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return loadStats{}, err
	}
	var v []float64
	for _, ln := range strings.Split(string(b), "\n") {
		f := strings.Fields(ln)
		if len(f) < 2 {
			continue
		}
		x, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			return loadStats{}, fmt.Errorf("%s: %q: %v", path, ln, err)
		}
		v = append(v, x)
	}
	if len(v) == 0 {
		return loadStats{}, nil
	}
	return loadStats{Samples: len(v), Min: slices.Min(v), Median: median(v), Max: slices.Max(v)}, nil
}
