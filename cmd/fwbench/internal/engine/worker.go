package engine

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// meta is what a worker remembers of a request in flight.
type meta struct {
	target   uint16
	intended int64 // ns from start; 0 in a closed loop
	sent     int64 // ns from start
}

// worker drives one connection.
type worker struct {
	r    *run
	sh   *shard
	tgts []Target
	rng  uint64

	mu   sync.Mutex // guards conn against the watchdog
	conn net.Conn
	fc   *fastConn // conn, when its writes can be deferred into reads
	rd   *responseReader

	ring       []meta // requests in flight, oldest at head
	head, n    int
	pending    int // the last pending entries of ring are not yet written
	wbuf       []byte
	sentLocal  int64 // sends not yet folded into the shard
	bytesOut   int64
	oldest     atomic.Int64 // send time+1 of the oldest request in flight; 0 if none
	expired    atomic.Bool  // the watchdog closed the connection
	unfinished int64        // requests in flight when the worker stopped
	dialFails  int
}

func newWorker(r *run, i int) *worker {
	depth := r.cfg.Pipeline
	return &worker{
		r: r, sh: r.shards[i%len(r.shards)], tgts: r.cfg.Targets,
		rng:  uint64(i)*0x9E3779B97F4A7C15 + 1,
		ring: make([]meta, depth),
		rd:   newResponseReader(nil, 8<<10),
	}
}

// pick returns the index of the next target by weight.
func (w *worker) pick() uint16 {
	if len(w.r.weights) == 1 {
		return 0
	}
	w.rng ^= w.rng << 13
	w.rng ^= w.rng >> 7
	w.rng ^= w.rng << 17
	return w.r.weights[w.rng%uint64(len(w.r.weights))]
}

func (w *worker) loop() {
	defer w.r.wg.Done()
	defer w.closeConn()
	depth := len(w.ring)
	for {
		if w.conn == nil && !w.dial() {
			return
		}
		for w.n < depth {
			intended, ok := w.r.take(w.n == 0)
			if !ok {
				break
			}
			w.push(intended)
		}
		if w.n == 0 {
			return
		}
		if w.pending > 0 && (w.pending == w.n || w.rd.buffered() == 0) {
			if !w.flush() {
				continue
			}
		}
		w.readOne()
	}
}

func (w *worker) push(intended int64) {
	i := (w.head + w.n) % len(w.ring)
	t := w.pick()
	w.ring[i] = meta{target: t, intended: intended}
	w.n++
	w.pending++
	if w.pending > 1 {
		if w.pending == 2 { // the first pending request is not in wbuf yet
			w.wbuf = append(w.wbuf[:0], w.tgts[w.ring[(i+len(w.ring)-1)%len(w.ring)].target].raw...)
		}
		w.wbuf = append(w.wbuf, w.tgts[t].raw...)
	}
}

// flush writes the pending requests. It returns false if the write failed.
func (w *worker) flush() bool {
	var buf []byte
	if w.pending == 1 {
		buf = w.tgts[w.ring[(w.head+w.n-1)%len(w.ring)].target].raw
	} else {
		buf = w.wbuf
	}
	now := w.r.now()
	first := w.n - w.pending
	for k := first; k < w.n; k++ {
		m := &w.ring[(w.head+k)%len(w.ring)]
		m.sent = now
		if m.intended == 0 && !w.r.open {
			m.intended = now
		}
	}
	if first == 0 {
		w.oldest.Store(now + 1)
	}
	var err error
	if w.fc != nil && w.rd.buffered() == 0 {
		w.fc.deferWrite(buf) // written by the read that follows
	} else {
		_, err = w.conn.Write(buf)
	}
	w.sentLocal += int64(w.pending)
	w.bytesOut += int64(len(buf))
	w.pending = 0
	if err != nil {
		w.fail(ErrWrite)
		return false
	}
	return true
}

// readOne reads the response to the oldest request in flight and records it.
func (w *worker) readOne() {
	m := w.ring[w.head]
	if w.fc != nil && w.rd.buffered() > 0 {
		// A buffered response may complete without a read: write now.
		if err := w.fc.writeDeferred(); err != nil {
			w.fail(ErrWrite)
			return
		}
	}
	res, err := w.rd.read(w.tgts[m.target].noBody)
	end := w.r.now()
	if err != nil {
		kind := ErrRead
		switch {
		case w.expired.Load():
			kind = ErrTimeout
		case errors.Is(err, errMalformed):
			kind = ErrProtocol
		}
		w.fail(kind)
		return
	}
	w.head = (w.head + 1) % len(w.ring)
	w.n--
	if w.n > 0 {
		w.oldest.Store(w.ring[w.head].sent + 1)
	} else {
		w.oldest.Store(0)
	}
	sh := w.sh
	sh.mu.Lock()
	win := sh.w
	recordValue(win.Latency, (end-m.intended)/1000)
	if w.r.open {
		recordValue(win.Service, (end-m.sent)/1000)
		lag := m.sent - m.intended
		recordValue(win.Lag, lag/1000)
		if lag > int64(LateAfter) {
			win.Late++
		}
	}
	win.Requests++
	win.Sent += w.sentLocal
	win.BytesOut += w.bytesOut
	win.BytesIn += res.bytes
	if res.status < len(win.Status) {
		win.Status[res.status]++
	}
	sh.mu.Unlock()
	w.sentLocal, w.bytesOut = 0, 0
	if res.closeConn {
		if w.n > 0 {
			w.fail(ErrRead) // pipelined requests after a closing response are lost
		} else {
			w.closeConn()
		}
	}
}

// fail counts every request in flight as failed with kind and drops the
// connection.
func (w *worker) fail(kind ErrorKind) {
	sh := w.sh
	sh.mu.Lock()
	win := sh.w
	for k := 0; k < w.n; k++ {
		m := w.ring[(w.head+k)%len(w.ring)]
		if w.r.open && m.sent > 0 {
			lag := m.sent - m.intended
			recordValue(win.Lag, lag/1000)
			if lag > int64(LateAfter) {
				win.Late++
			}
		}
	}
	if w.r.aborted.Load() {
		w.unfinished += int64(w.n)
	} else {
		win.Errors[kind] += int64(w.n)
	}
	win.Sent += w.sentLocal
	win.BytesOut += w.bytesOut
	sh.mu.Unlock()
	w.sentLocal, w.bytesOut = 0, 0
	w.head, w.n, w.pending = 0, 0, 0
	w.oldest.Store(0)
	w.closeConn()
}

// dial connects, retrying with a growing pause while the run lasts. Each
// failure is a connect error.
func (w *worker) dial() bool {
	cfg := w.r.cfg
	t := &cfg.Targets[0]
	d := net.Dialer{Timeout: cfg.Timeout}
	for {
		if w.r.stopped() {
			return false
		}
		c, err := dialTarget(&d, cfg, t)
		if err == nil {
			w.dialFails = 0
			w.fc = nil
			if !t.tls {
				var ok bool
				if c, ok = newFastConn(c); ok {
					w.fc = c.(*fastConn)
				}
			}
			w.mu.Lock()
			w.conn = c
			w.expired.Store(false)
			w.mu.Unlock()
			w.rd.reset(c)
			return true
		}
		w.sh.mu.Lock()
		w.sh.w.Errors[ErrConnect]++
		w.sh.mu.Unlock()
		w.dialFails++
		pause := time.Duration(1<<min(w.dialFails, 10)) * time.Millisecond
		select {
		case <-time.After(pause):
		case <-w.r.stop:
			return false
		}
	}
}

// dialTarget connects to t, with the TLS handshake for https.
func dialTarget(d *net.Dialer, cfg *Config, t *Target) (net.Conn, error) {
	c, err := d.Dial("tcp", t.addr)
	if err != nil || !t.tls {
		return c, err
	}
	tc := tls.Client(c, tlsConfig(cfg.TLS, t))
	tc.SetDeadline(time.Now().Add(cfg.Timeout))
	if err := tc.Handshake(); err != nil {
		c.Close()
		return nil, err
	}
	tc.SetDeadline(time.Time{})
	return tc, nil
}

// Probe connects to the configuration's target once, as a worker would
// (with the TLS handshake for https), so that an unreachable target is one
// clear error before a run. cfg must have passed Validate.
func Probe(cfg *Config) error {
	t := &cfg.Targets[0]
	d := net.Dialer{Timeout: min(cfg.Timeout, 5*time.Second)}
	c, err := dialTarget(&d, cfg, t)
	if err != nil {
		var oe *net.OpError
		if errors.As(err, &oe) && oe.Err != nil {
			err = oe.Err
		}
		return fmt.Errorf("cannot connect to %s: %v", t.addr, err)
	}
	return c.Close()
}

func tlsConfig(c *tls.Config, t *Target) *tls.Config {
	if c == nil {
		c = &tls.Config{}
	} else {
		c = c.Clone()
	}
	if c.ServerName == "" {
		host, _, err := net.SplitHostPort(t.addr)
		if err == nil {
			c.ServerName = host
		}
	}
	return c
}

func (w *worker) closeConn() {
	w.mu.Lock()
	if w.conn != nil {
		w.conn.Close()
		w.conn, w.fc = nil, nil
	}
	w.mu.Unlock()
}

// expire is called by the watchdog: the oldest request timed out.
func (w *worker) expire() {
	w.mu.Lock()
	if w.conn != nil && !w.expired.Load() {
		w.expired.Store(true)
		w.conn.SetDeadline(time.Unix(1, 0)) // unblocks the read at once
	}
	w.mu.Unlock()
}
