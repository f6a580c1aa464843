package engine

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Stage is one step of a load plan: the rate ramps linearly from the
// previous stage's target (or the start rate) to Rate over Duration.
type Stage struct {
	Duration time.Duration
	Rate     float64 // requests per second at the end of the stage
}

// ParseStages parses "10s:1k,30s:5k": comma-separated duration:rate pairs.
// Rates accept a k or m suffix (thousands, millions).
func ParseStages(s string) ([]Stage, error) {
	var out []Stage
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		d, r, ok := strings.Cut(part, ":")
		if !ok {
			return nil, fmt.Errorf("bad stage %q: want duration:rate, e.g. 10s:1k", part)
		}
		dur, err := time.ParseDuration(d)
		if err != nil || dur <= 0 {
			return nil, fmt.Errorf("bad stage %q: duration %q is not a positive Go duration such as 10s", part, d)
		}
		rate, err := ParseRate(r)
		if err != nil {
			return nil, fmt.Errorf("bad stage %q: %v", part, err)
		}
		out = append(out, Stage{Duration: dur, Rate: rate})
	}
	return out, nil
}

// ParseRate parses a non-negative request rate with an optional k or m
// suffix ("20000", "20k", "1.5m").
func ParseRate(s string) (float64, error) {
	mult := 1.0
	t := strings.TrimSpace(s)
	switch {
	case strings.HasSuffix(t, "k"), strings.HasSuffix(t, "K"):
		mult, t = 1e3, t[:len(t)-1]
	case strings.HasSuffix(t, "m"), strings.HasSuffix(t, "M"):
		mult, t = 1e6, t[:len(t)-1]
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0, fmt.Errorf("rate %q is not a non-negative number (e.g. 5000 or 5k)", s)
	}
	return v * mult, nil
}

// segment is a stretch of the schedule with a linear rate ramp.
type segment struct {
	start    int64   // ns from the run's start
	dur      int64   // ns; math.MaxInt64 for an open end
	r0, r1   float64 // rate at the start and end, per second
	before   float64 // tickets scheduled before this segment
	capacity float64 // tickets in this segment
}

// schedule maps ticket numbers to intended send times.
type schedule struct {
	segs  []segment
	total float64 // tickets in the whole schedule; +Inf if open-ended
	seg   int     // segment of the last lookup (tickets are asked in order)
}

var errZeroRate = errors.New("the rate must be above zero")

// newSchedule builds a schedule: a constant rate for dur (0 = open-ended) if
// stages is empty, else the stages starting from startRate.
func newSchedule(rate float64, dur time.Duration, stages []Stage) (*schedule, error) {
	s := &schedule{}
	if len(stages) == 0 {
		if !(rate > 0) {
			return nil, errZeroRate
		}
		d := int64(dur)
		if d <= 0 {
			d = math.MaxInt64
		}
		s.add(d, rate, rate)
		return s, nil
	}
	prev := rate
	any := false
	for _, st := range stages {
		s.add(int64(st.Duration), prev, st.Rate)
		if prev > 0 || st.Rate > 0 {
			any = true
		}
		prev = st.Rate
	}
	if !any {
		return nil, errZeroRate
	}
	return s, nil
}

func (s *schedule) add(dur int64, r0, r1 float64) {
	var start int64
	var before float64
	if n := len(s.segs); n > 0 {
		last := s.segs[n-1]
		start, before = last.start+last.dur, last.before+last.capacity
	}
	capacity := math.Inf(1)
	if dur != math.MaxInt64 {
		capacity = (r0 + r1) / 2 * float64(dur) / 1e9
	}
	s.segs = append(s.segs, segment{start: start, dur: dur, r0: r0, r1: r1, before: before, capacity: capacity})
	s.total = before + capacity
}

// end returns the schedule's end in ns from the start, or MaxInt64.
func (s *schedule) end() int64 {
	last := s.segs[len(s.segs)-1]
	if last.dur == math.MaxInt64 {
		return math.MaxInt64
	}
	return last.start + last.dur
}

// count returns the number of tickets scheduled strictly before t ns.
func (s *schedule) count(t int64) int64 {
	var n float64
	for _, g := range s.segs {
		if t <= g.start {
			break
		}
		tau := float64(t-g.start) / 1e9
		if g.dur != math.MaxInt64 && t >= g.start+g.dur {
			n = g.before + g.capacity
			continue
		}
		d := float64(g.dur) / 1e9
		n = g.before + g.r0*tau + (g.r1-g.r0)*tau*tau/(2*d)
		break
	}
	return int64(math.Ceil(n - 1e-9))
}

// at returns the intended send time of ticket k (0-based) in ns from the
// start, or false when the schedule has no ticket k.
func (s *schedule) at(k int64) (int64, bool) {
	x := float64(k)
	for s.seg < len(s.segs) {
		g := s.segs[s.seg]
		if x >= g.before+g.capacity-1e-9 {
			s.seg++
			continue
		}
		// Solve r0*tau + (r1-r0)*tau^2/(2d) = x - before for tau.
		y := x - g.before
		var tau float64
		if y <= 0 {
			tau = 0
		} else if g.dur == math.MaxInt64 || g.r1 == g.r0 {
			tau = y / g.r0
		} else {
			a := (g.r1 - g.r0) / (2 * float64(g.dur) / 1e9)
			tau = 2 * y / (g.r0 + math.Sqrt(g.r0*g.r0+4*a*y))
		}
		return g.start + int64(tau*1e9), true
	}
	return 0, false
}
