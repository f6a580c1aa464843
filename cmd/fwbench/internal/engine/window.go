package engine

import (
	"sync"

	hdr "github.com/HdrHistogram/hdrhistogram-go"
)

// Histogram geometry shared by every histogram fwbench records, so any two
// merge losslessly: microseconds from 1 µs to one hour, 3 significant digits.
const (
	HistLowest  = 1
	HistHighest = 3_600_000_000
	HistDigits  = 3
)

// NewHistogram returns an empty histogram with fwbench's geometry.
func NewHistogram() *hdr.Histogram { return hdr.New(HistLowest, HistHighest, HistDigits) }

// ErrorKind classifies a failed request.
type ErrorKind int

// The error kinds fwbench counts.
const (
	ErrConnect  ErrorKind = iota // dialing (or the TLS handshake) failed
	ErrTimeout                   // no complete response within the timeout
	ErrRead                      // the connection failed or closed mid-response
	ErrWrite                     // writing the request failed
	ErrProtocol                  // the response was not valid HTTP/1.x
	numErrorKinds
)

// ErrorKindNames names each ErrorKind as reports show it.
var ErrorKindNames = [numErrorKinds]string{"connect", "timeout", "read", "write", "protocol"}

// Window is what was recorded over one interval or a whole run. Latencies
// are in microseconds.
type Window struct {
	// Latency is the response time: from the intended send time in --rate
	// mode (coordinated omission corrected), from the actual send otherwise.
	Latency *hdr.Histogram
	// Service is the uncorrected latency from the actual send, recorded in
	// --rate mode only.
	Service *hdr.Histogram
	// Lag is the send lag, actual minus intended send time (--rate only).
	Lag      *hdr.Histogram
	Requests int64 // responses received
	Sent     int64 // requests written
	Late     int64 // sends more than LateAfter behind schedule
	BytesIn  int64
	BytesOut int64
	Status   [1000]int64
	Errors   [numErrorKinds]int64
}

// NewWindow returns an empty window.
func NewWindow() *Window {
	return &Window{Latency: NewHistogram(), Service: NewHistogram(), Lag: NewHistogram()}
}

// Merge adds src into w.
func (w *Window) Merge(src *Window) {
	w.Latency.Merge(src.Latency)
	w.Service.Merge(src.Service)
	w.Lag.Merge(src.Lag)
	w.Requests += src.Requests
	w.Sent += src.Sent
	w.Late += src.Late
	w.BytesIn += src.BytesIn
	w.BytesOut += src.BytesOut
	for i, n := range src.Status {
		w.Status[i] += n
	}
	for i, n := range src.Errors {
		w.Errors[i] += n
	}
}

// Reset empties w, keeping its memory.
func (w *Window) Reset() {
	w.Latency.Reset()
	w.Service.Reset()
	w.Lag.Reset()
	w.Requests, w.Sent, w.Late, w.BytesIn, w.BytesOut = 0, 0, 0, 0, 0
	w.Status = [1000]int64{}
	w.Errors = [numErrorKinds]int64{}
}

// ErrorCount returns the number of failed requests.
func (w *Window) ErrorCount() int64 {
	var n int64
	for _, e := range w.Errors {
		n += e
	}
	return n
}

// shard is a lock-protected window that a few workers record into; the
// collector swaps it out each interval.
type shard struct {
	mu sync.Mutex
	w  *Window
}

// recordValue records v µs into h, clamping to the histogram's range.
func recordValue(h *hdr.Histogram, v int64) {
	if v < HistLowest {
		v = 0
	} else if v > HistHighest {
		v = HistHighest
	}
	_ = h.RecordValue(v)
}
