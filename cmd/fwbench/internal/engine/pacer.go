package engine

import (
	"runtime"
	"time"
)

// spinBelow is the wait under which the pacer yields instead of sleeping:
// a sleep costs more than it saves for such short waits.
const spinBelow = 20 * time.Microsecond

// pace releases the schedule's tickets at their intended times into
// r.tickets and closes it at the end of the schedule (or the ticket limit).
// A ticket carries its intended send time, so a ticket released late, because
// every connection was busy or the pacer fell behind, is still measured from
// when it should have been sent.
func (r *run) pace() {
	defer close(r.tickets)
	sl, err := newSleeper()
	if err != nil {
		sl = nil
	} else {
		defer sl.close()
	}
	for k := int64(0); r.limit == 0 || k < r.limit; k++ {
		t, ok := r.sched.at(k)
		if !ok {
			return
		}
		for {
			d := time.Duration(t - r.now())
			if d <= 0 {
				break
			}
			if r.stopped() {
				return
			}
			switch {
			case d < spinBelow:
				runtime.Gosched()
			case sl != nil:
				if d > 100*time.Millisecond {
					d = 100 * time.Millisecond // wake to notice a stop
				}
				if sl.sleep(d) != nil {
					sl.close()
					sl = nil
				}
			default:
				time.Sleep(min(d, 100*time.Millisecond))
			}
		}
		if r.stopped() {
			return // select below would pick at random between sending and the stop
		}
		select {
		case r.tickets <- t:
			continue
		default:
		}
		r.queueFull.Add(1) // every connection is busy and the queue is full
		select {
		case r.tickets <- t:
		case <-r.stop:
			return
		}
	}
}
