package report

import (
	"errors"
	"fmt"
	"math"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
)

// Merge combines reports of runs made at the same time against one service
// (for instance by generators on several machines). Histograms, counts and
// generator CPU add up exactly; server CPU too, except that a server
// process measured by several runs (the same --pid) counts once. The
// duration is the longest run's; the time series is summed interval by
// interval, with each latency column the larger of the merged values (an
// upper bound: the exact per-interval percentiles are not kept). The
// result's Merged field counts the runs.
func Merge(runs ...*Run) (*Run, error) {
	if len(runs) == 0 {
		return nil, errors.New("nothing to merge")
	}
	m := *runs[0]
	m.Status, m.Errors = map[string]int64{}, map[string]int64{}
	m.Series = append([]Point(nil), runs[0].Series...)
	m.Warnings = []string{}
	m.Merged = 0
	m.Requests, m.Sent, m.BytesIn, m.BytesOut, m.ErrorCount, m.Unfinished = 0, 0, 0, 0, 0, 0
	m.Generator.CPU = 0
	lat, unc, lag := engine.NewHistogram(), engine.NewHistogram(), engine.NewHistogram()
	var sched Schedule
	for i, r := range runs {
		if r.Mode != m.Mode {
			return nil, fmt.Errorf("cannot merge a %s run with a %s run", m.Mode, r.Mode)
		}
		if err := mergeInto(lat, &r.Latency); err != nil {
			return nil, fmt.Errorf("report %d latency: %v", i+1, err)
		}
		if (r.Uncorrected == nil) != (m.Uncorrected == nil) || (r.Schedule == nil) != (m.Schedule == nil) {
			return nil, fmt.Errorf("report %d: open- and closed-loop runs do not merge", i+1)
		}
		if r.Uncorrected != nil {
			if err := mergeInto(unc, r.Uncorrected); err != nil {
				return nil, fmt.Errorf("report %d uncorrected latency: %v", i+1, err)
			}
		}
		if s := r.Schedule; s != nil {
			if err := mergeInto(lag, &s.Lag); err != nil {
				return nil, fmt.Errorf("report %d send lag: %v", i+1, err)
			}
			sched.Scheduled += s.Scheduled
			sched.Sent += s.Sent
			sched.Late += s.Late
			sched.Dropped += s.Dropped
			sched.QueueFull += s.QueueFull
			sched.LateAfter = s.LateAfter
		}
		m.Requests += r.Requests
		m.Sent += r.Sent
		m.BytesIn += r.BytesIn
		m.BytesOut += r.BytesOut
		m.ErrorCount += r.ErrorCount
		m.Unfinished += r.Unfinished
		m.Interrupted = m.Interrupted || r.Interrupted
		m.Duration = math.Max(m.Duration, r.Duration)
		m.Generator.CPU += r.Generator.CPU
		m.Merged += max(r.Merged, 1)
		if r.Started.Before(m.Started) {
			m.Started = r.Started
		}
		for k, v := range r.Status {
			m.Status[k] += v
		}
		for k, v := range r.Errors {
			m.Errors[k] += v
		}
		if i > 0 {
			mergeSeries(&m, r.Series)
		}
	}
	m.Latency = Summarize(lat)
	if m.Uncorrected != nil {
		u := Summarize(unc)
		m.Uncorrected = &u
	}
	if m.Schedule != nil {
		sched.Lag = Summarize(lag)
		if sched.Scheduled > 0 {
			sched.Achieved = float64(sched.Sent) / float64(sched.Scheduled)
		}
		m.Schedule = &sched
	}
	if m.Duration > 0 {
		m.Throughput = float64(m.Requests) / m.Duration
	}
	if m.Sent > 0 {
		m.Generator.CPUPerRequest = m.Generator.CPU * 1e6 / float64(m.Sent)
	}
	// The merged runs may have run on different machines: their CPU
	// adds up, a utilization of one machine's CPUs means nothing.
	m.Generator.Utilization, m.Generator.Bottleneck = 0, false
	m.Server = mergeServer(runs, m.Requests, false)
	for _, r := range runs {
		m.Generator.Bottleneck = m.Generator.Bottleneck || r.Generator.Bottleneck
	}
	m.diagnose()
	for _, r := range runs {
		for _, w := range r.Warnings {
			m.Warnings = append(m.Warnings, "merged run: "+w)
		}
	}
	return &m, nil
}

func mergeInto(dst *hdr.Histogram, l *Latency) error {
	h, err := l.Decode()
	if err != nil {
		return err
	}
	if dropped := dst.Merge(h); dropped > 0 {
		return fmt.Errorf("%d values out of range", dropped)
	}
	return nil
}

func mergeSeries(m *Run, s []Point) {
	for i, p := range s {
		if i >= len(m.Series) {
			m.Series = append(m.Series, p)
			continue
		}
		q := &m.Series[i]
		q.Requests += p.Requests
		q.Sent += p.Sent
		q.Errors += p.Errors
		q.Dur = math.Max(q.Dur, p.Dur)
		q.T = math.Max(q.T, p.T)
		if q.Dur > 0 {
			q.RPS = float64(q.Requests) / q.Dur
		}
		q.P50, q.P90, q.P99 = max(q.P50, p.P50), max(q.P90, p.P90), max(q.P99, p.P99)
		q.Max, q.LagP99 = max(q.Max, p.Max), max(q.LagP99, p.LagP99)
	}
}
