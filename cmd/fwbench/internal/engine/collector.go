package engine

import (
	"sync"
	"time"
)

// collector gathers the shards' windows once per interval into the time
// series and the run's total.
type collector struct {
	r      *run
	spare  *Window
	iv     *Window
	total  *Window
	series []Point
	last   int64 // end of the previous interval, ns from start
	done   chan struct{}
	once   sync.Once
}

func newCollector(r *run) *collector {
	return &collector{r: r, spare: NewWindow(), iv: NewWindow(), total: NewWindow(), done: make(chan struct{})}
}

func (c *collector) loop() {
	t := time.NewTicker(c.r.cfg.Interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			c.collect()
		case <-c.done:
			c.collect()
			return
		}
	}
}

// finish asks the loop to collect the last, partial interval and return.
func (c *collector) finish() { c.once.Do(func() { close(c.done) }) }

func (c *collector) collect() {
	for _, sh := range c.r.shards {
		sh.mu.Lock()
		w := sh.w
		sh.w = c.spare
		sh.mu.Unlock()
		c.iv.Merge(w)
		w.Reset()
		c.spare = w
	}
	now := c.r.now()
	dur := now - c.last
	if dur <= 0 {
		return
	}
	p := Point{
		T: float64(now) / 1e9, Dur: float64(dur) / 1e9,
		Requests: c.iv.Requests, Sent: c.iv.Sent, Errors: c.iv.ErrorCount(),
		P50: c.iv.Latency.ValueAtPercentile(50), P90: c.iv.Latency.ValueAtPercentile(90),
		P99: c.iv.Latency.ValueAtPercentile(99), Max: c.iv.Latency.Max(),
	}
	if c.r.open {
		p.LagP99 = c.iv.Lag.ValueAtPercentile(99)
	}
	c.last = now
	c.series = append(c.series, p)
	if f := c.r.cfg.OnInterval; f != nil {
		f(p, c.iv)
	}
	c.total.Merge(c.iv)
	c.iv.Reset()
}
