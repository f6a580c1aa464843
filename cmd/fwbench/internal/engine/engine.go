// Package engine is fwbench's load generator: raw HTTP/1.1 connections, one
// goroutine each, a closed loop (--max) or an open loop on a global
// schedule (--rate, --stages), and latency recorded into HDR histograms
// whose memory does not grow with the number of requests.
package engine

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// LateAfter is the send lag above which a --rate send counts as late.
const LateAfter = time.Millisecond

// abortAfter is how long an interrupted run waits for requests in flight
// before dropping them as unfinished.
const abortAfter = time.Second

// drainGrace is how long, after the end of a --rate schedule, queued sends
// may still go out; what is still unsent then is dropped.
const drainGrace = time.Second

// Config describes one load test. The zero value of optional fields means
// the documented default.
type Config struct {
	Targets     []Target      // at least one; all share one scheme and host:port
	Connections int           // concurrent connections; 0 means 50
	Pipeline    int           // requests in flight per connection; 0 means 1
	Duration    time.Duration // how long to send; ignored when Requests > 0 without a rate
	Requests    int64         // total requests to send; 0 means use Duration
	Rate        float64       // requests per second for an open loop; 0 means --max
	Stages      []Stage       // a load plan (open loop), starting from Rate
	Timeout     time.Duration // per request; 0 means 10s
	Interval    time.Duration // series interval; 0 means 1s
	TLS         *tls.Config   // for https targets; nil means the defaults
	// OnInterval, if set, is called from the collector goroutine after each
	// interval. The Window is valid only during the call.
	OnInterval func(Point, *Window)
}

// OpenLoop reports whether the configuration runs on a schedule.
func (c *Config) OpenLoop() bool { return c.Rate > 0 || len(c.Stages) > 0 }

// Result is the outcome of a run.
type Result struct {
	Start       time.Time
	Elapsed     time.Duration // from the first send to the end of the run
	Total       *Window       // everything recorded
	Series      []Point       // one point per interval
	Scheduled   int64         // open loop: sends the schedule asked for
	Dropped     int64         // open loop: scheduled sends never sent
	QueueFull   int64         // open loop: sends that waited for a free connection
	Unfinished  int64         // requests dropped in flight when an interrupted run ended
	CPU         time.Duration // this process's user+system CPU time during the run
	CPUs        int           // CPUs this process may run on
	Interrupted bool          // the context was cancelled before the end
}

// Point is one interval of the run's time series. Latencies are in µs.
type Point struct {
	T        float64 // end of the interval, seconds from the start
	Dur      float64 // interval length, seconds
	Requests int64
	Sent     int64
	Errors   int64
	P50, P90 int64
	P99, Max int64
	LagP99   int64 // open loop only
}

// Validate checks cfg and fills its defaults.
func (c *Config) Validate() error {
	if len(c.Targets) == 0 {
		return errors.New("fwbench: no target")
	}
	for i := range c.Targets {
		if err := c.Targets[i].prepare(); err != nil {
			return err
		}
		if c.Targets[i].addr != c.Targets[0].addr || c.Targets[i].tls != c.Targets[0].tls {
			return fmt.Errorf("fwbench: every target must share one scheme and host:port (%s differs from %s)", c.Targets[i].URL, c.Targets[0].URL)
		}
	}
	if c.Connections == 0 {
		c.Connections = 50
	}
	if c.Connections < 0 || c.Connections > 100_000 {
		return fmt.Errorf("fwbench: connections must be between 1 and 100000, not %d", c.Connections)
	}
	if c.Pipeline == 0 {
		c.Pipeline = 1
	}
	if c.Pipeline < 0 || c.Pipeline > 1024 {
		return fmt.Errorf("fwbench: pipeline depth must be between 1 and 1024, not %d", c.Pipeline)
	}
	if c.Timeout == 0 {
		c.Timeout = 10 * time.Second
	}
	if c.Timeout < 0 {
		return errors.New("fwbench: the timeout must be positive")
	}
	if c.Interval == 0 {
		c.Interval = time.Second
	}
	if c.Interval < 10*time.Millisecond {
		return errors.New("fwbench: the interval must be at least 10ms")
	}
	if c.Requests < 0 {
		return errors.New("fwbench: the request count must be positive")
	}
	if c.Rate < 0 || math.IsNaN(c.Rate) || math.IsInf(c.Rate, 0) {
		return errors.New("fwbench: the rate must be a positive number")
	}
	if len(c.Stages) == 0 && c.Requests == 0 && c.Duration <= 0 {
		return errors.New("fwbench: give a duration (-d) or a request count (-n)")
	}
	if c.OpenLoop() {
		if _, err := newSchedule(c.Rate, c.Duration, c.Stages); err != nil {
			return fmt.Errorf("fwbench: %v", err)
		}
	}
	return nil
}

// run is the shared state of one load test.
type run struct {
	cfg      *Config
	start    time.Time
	deadline int64 // closed loop with a duration: ns from start
	limit    int64 // total sends allowed; 0 = unlimited
	claimed  atomic.Int64
	open     bool
	sched    *schedule
	tickets  chan int64
	stop     chan struct{}
	stopOnce sync.Once
	isStop   atomic.Bool
	aborted  atomic.Bool

	queueFull atomic.Int64
	shards    []*shard
	workers   []*worker
	wg        sync.WaitGroup
	weights   []uint16 // target index table for weighted selection
}

func (r *run) now() int64 { return int64(time.Since(r.start)) }

func (r *run) stopped() bool { return r.isStop.Load() }

func (r *run) halt() {
	r.stopOnce.Do(func() {
		r.isStop.Store(true)
		close(r.stop)
	})
}

// take returns the intended send time of the next request this worker may
// send, or false when it may not send now (block=false) or ever again.
// In a closed loop the intended time is 0 (the actual send time is used).
func (r *run) take(block bool) (int64, bool) {
	if !r.open {
		if r.isStop.Load() {
			return 0, false
		}
		if r.limit > 0 {
			return 0, r.claimed.Add(1) <= r.limit
		}
		return 0, r.now() < r.deadline
	}
	if r.isStop.Load() {
		return 0, false // select below would pick at random between a ticket and the stop
	}
	if block {
		select {
		case t, ok := <-r.tickets:
			return t, ok
		case <-r.stop:
			return 0, false
		}
	}
	select {
	case t, ok := <-r.tickets:
		return t, ok
	default:
		return 0, false
	}
}

// Run performs the load test described by cfg, which must have passed
// Validate. It returns when the schedule, count or duration is done and the
// requests in flight have finished or timed out, or soon after ctx is
// cancelled.
func Run(ctx context.Context, cfg *Config) (*Result, error) {
	r := &run{cfg: cfg, stop: make(chan struct{}), open: cfg.OpenLoop(), limit: cfg.Requests}
	for i, t := range cfg.Targets {
		for j := 0; j < t.Weight; j++ {
			r.weights = append(r.weights, uint16(i))
		}
	}
	if len(r.weights) > 1<<20 || len(cfg.Targets) > 1<<16 {
		return nil, errors.New("fwbench: target weights sum above 1048576")
	}
	if r.open {
		s, err := newSchedule(cfg.Rate, cfg.Duration, cfg.Stages)
		if err != nil {
			return nil, fmt.Errorf("fwbench: %v", err)
		}
		r.sched = s
		if cfg.Requests > 0 && len(cfg.Stages) == 0 {
			s.segs[0].dur, s.segs[0].capacity, s.total = math.MaxInt64, math.Inf(1), math.Inf(1)
		}
		r.tickets = make(chan int64, cfg.Connections*cfg.Pipeline)
	}
	nShards := min(cfg.Connections, max(4, 2*runtime.GOMAXPROCS(0)))
	for range nShards {
		r.shards = append(r.shards, &shard{w: NewWindow()})
	}
	col := newCollector(r)
	cpu0 := cpuTime()
	r.start = time.Now()
	r.deadline = int64(cfg.Duration)
	for i := range cfg.Connections {
		w := newWorker(r, i)
		r.workers = append(r.workers, w)
	}
	r.wg.Add(len(r.workers))
	for _, w := range r.workers {
		go w.loop()
	}
	if r.open {
		go r.pace()
	}
	colDone := make(chan struct{})
	go func() { col.loop(); close(colDone) }()
	wdStop := make(chan struct{})
	go r.watchdog(wdStop)

	allDone := make(chan struct{})
	go func() { r.wg.Wait(); close(allDone) }()

	var end <-chan time.Time
	switch {
	case r.open && r.sched.end() != math.MaxInt64:
		end = time.After(time.Duration(r.sched.end()) + drainGrace)
	case r.open && r.limit > 0:
		endNs := float64(r.limit) / cfg.Rate * 1e9
		end = time.After(time.Duration(endNs) + drainGrace)
	case !r.open && r.limit == 0:
		end = time.After(cfg.Duration)
	}
	interrupted := false
	var stopAt int64 = -1
	select {
	case <-allDone:
	case <-end:
		r.halt()
		<-allDone
	case <-ctx.Done():
		interrupted = true
		stopAt = r.now()
		r.halt()
		select {
		case <-allDone:
		case <-time.After(abortAfter):
			r.aborted.Store(true)
			for _, w := range r.workers {
				w.expire()
			}
			<-allDone
		}
	}
	elapsed := time.Since(r.start)
	close(wdStop)
	col.finish()
	<-colDone
	cpu := cpuTime() - cpu0

	res := &Result{
		Start: r.start, Elapsed: elapsed, Total: col.total, Series: col.series,
		QueueFull: r.queueFull.Load(), CPU: cpu, CPUs: runtime.NumCPU(), Interrupted: interrupted,
	}
	if r.open {
		sched := r.sched.total
		if stopAt >= 0 {
			sched = float64(r.sched.count(stopAt))
		}
		if r.limit > 0 && float64(r.limit) < sched {
			sched = float64(r.limit)
		}
		res.Scheduled = int64(math.Round(sched))
		res.Dropped = max(0, res.Scheduled-res.Total.Sent)
	}
	for _, w := range r.workers {
		res.Unfinished += w.unfinished
	}
	return res, nil
}

// watchdog closes the connection of a worker whose oldest request in flight
// has waited longer than the timeout, so the worker's read fails.
func (r *run) watchdog(stop <-chan struct{}) {
	period := min(r.cfg.Timeout/4, 100*time.Millisecond)
	t := time.NewTicker(period)
	defer t.Stop()
	limit := int64(r.cfg.Timeout)
	for {
		select {
		case <-stop:
			return
		case <-t.C:
		}
		now := r.now()
		for _, w := range r.workers {
			if o := w.oldest.Load(); o > 0 && now-o > limit {
				w.expire()
			}
		}
	}
}
