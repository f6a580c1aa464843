package engine

import (
	"testing"
	"time"
)

func TestScheduleConstantRate(t *testing.T) {
	t.Parallel()
	s, err := newSchedule(1000, 2*time.Second, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int64{0, 1, 999, 1500, 1999} {
		got, ok := s.at(k)
		if want := k * int64(time.Millisecond); !ok || abs(got-want) > 1000 {
			t.Errorf("at(%d) = %d, %v; want %d", k, got, ok, want)
		}
	}
	if _, ok := s.at(2000); ok {
		t.Error("at(2000) exists in a 2000-ticket schedule")
	}
	if s.total != 2000 || s.end() != int64(2*time.Second) {
		t.Errorf("total %v end %d", s.total, s.end())
	}
	if n := s.count(int64(500 * time.Millisecond)); n != 500 {
		t.Errorf("count(500ms) = %d, want 500", n)
	}
}

func TestScheduleStages(t *testing.T) {
	t.Parallel()
	// Ramp 0 -> 1000/s over 1s (500 tickets), hold 1000/s for 1s (1000),
	// ramp down to 0 over 1s (500), pause for 1s, then ramp 0 -> 2000/s over
	// 0.5s (500).
	st, err := ParseStages("1s:1k, 1s:1k, 1s:0, 1s:0, 500ms:2k")
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSchedule(0, 0, st)
	if err != nil {
		t.Fatal(err)
	}
	if s.total != 2500 {
		t.Fatalf("total = %v, want 2500", s.total)
	}
	var prev int64 = -1
	var n int64
	for k := int64(0); ; k++ {
		at, ok := s.at(k)
		if !ok {
			break
		}
		if at < prev {
			t.Fatalf("ticket %d at %d before ticket %d at %d", k, at, k-1, prev)
		}
		if at >= int64(3*time.Second) && at < int64(4*time.Second) {
			t.Fatalf("ticket %d at %v, inside the 0 rate stage", k, time.Duration(at))
		}
		prev = at
		n++
	}
	if n != 2500 {
		t.Errorf("%d tickets, want 2500", n)
	}
	// In a linear ramp from 0 to 1000/s over 1s, N(t) = 500 t^2: ticket 125
	// is due at t = 0.5s.
	s.seg = 0
	if at, _ := s.at(125); abs(at-int64(500*time.Millisecond)) > int64(time.Millisecond) {
		t.Errorf("ticket 125 at %v, want 500ms", time.Duration(at))
	}
	if c := s.count(int64(1500 * time.Millisecond)); c != 1000 {
		t.Errorf("count(1.5s) = %d, want 1000", c)
	}
}

func TestScheduleErrors(t *testing.T) {
	t.Parallel()
	if _, err := newSchedule(0, time.Second, nil); err == nil {
		t.Error("zero rate accepted")
	}
	if _, err := newSchedule(0, 0, []Stage{{time.Second, 0}}); err == nil {
		t.Error("all-zero stages accepted")
	}
	for _, bad := range []string{"", "10s", "x:1k", "10s:-1", "-1s:5", "10s:abc", "0s:1k"} {
		if _, err := ParseStages(bad); err == nil {
			t.Errorf("ParseStages(%q) accepted", bad)
		}
	}
	for in, want := range map[string]float64{"20000": 20000, "20k": 20000, "1.5M": 1.5e6, "0": 0} {
		if got, err := ParseRate(in); err != nil || got != want {
			t.Errorf("ParseRate(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "k", "-5", "NaN", "Inf", "1e400"} {
		if _, err := ParseRate(bad); err == nil {
			t.Errorf("ParseRate(%q) accepted", bad)
		}
	}
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
