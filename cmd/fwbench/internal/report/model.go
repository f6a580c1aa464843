// Package report holds fwbench's result model, whose JSON form is the stable
// schema documented in cmd/fwbench/SCHEMA.md, and renders it as text, CSV
// and a self-contained HTML page.
package report

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"time"

	hdr "github.com/HdrHistogram/hdrhistogram-go"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
)

// SchemaRun identifies the JSON schema of a run report. It changes only
// when a field changes meaning or goes away; new fields may be added.
const SchemaRun = "fwbench/run/v1"

// Run is the report of one load test.
type Run struct {
	Schema      string           `json:"schema"`
	Version     string           `json:"version"`
	Started     time.Time        `json:"started"`
	Mode        string           `json:"mode"`
	Targets     []Target         `json:"targets"`
	Config      Config           `json:"config"`
	Duration    float64          `json:"duration_s"`
	Requests    int64            `json:"requests"`
	Sent        int64            `json:"sent"`
	Throughput  float64          `json:"throughput_rps"`
	BytesIn     int64            `json:"bytes_in"`
	BytesOut    int64            `json:"bytes_out"`
	Status      map[string]int64 `json:"status"`
	Errors      map[string]int64 `json:"errors"`
	ErrorCount  int64            `json:"error_count"`
	Latency     Latency          `json:"latency"`
	Uncorrected *Latency         `json:"uncorrected,omitempty"`
	Schedule    *Schedule        `json:"schedule,omitempty"`
	Generator   Generator        `json:"generator"`
	Server      *Server          `json:"server,omitempty"`
	Environment Environment      `json:"environment"`
	Series      []Point          `json:"series"`
	Warnings    []string         `json:"warnings"`
	Interrupted bool             `json:"interrupted"`
	Unfinished  int64            `json:"unfinished"`
	Merged      int              `json:"merged"`
}

// Target is one target of the run.
type Target struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	Weight int    `json:"weight"`
}

// Config is the run's configuration as given.
type Config struct {
	Connections int     `json:"connections"`
	Pipeline    int     `json:"pipeline"`
	Duration    float64 `json:"duration_s"`
	Requests    int64   `json:"requests"`
	Rate        float64 `json:"rate"`
	Stages      []Stage `json:"stages"`
	Timeout     float64 `json:"timeout_s"`
	Interval    float64 `json:"interval_s"`
}

// Stage is one stage of a load plan.
type Stage struct {
	Duration float64 `json:"duration_s"`
	Rate     float64 `json:"rate"`
}

// Latency summarises a histogram of microseconds and carries the histogram
// itself, HdrHistogram V2 compressed and base64 encoded, for lossless merges.
type Latency struct {
	Unit      string  `json:"unit"`
	Count     int64   `json:"count"`
	Min       int64   `json:"min"`
	Mean      float64 `json:"mean"`
	Stdev     float64 `json:"stdev"`
	P50       int64   `json:"p50"`
	P90       int64   `json:"p90"`
	P95       int64   `json:"p95"`
	P99       int64   `json:"p99"`
	P999      int64   `json:"p99_9"`
	P9999     int64   `json:"p99_99"`
	Max       int64   `json:"max"`
	Histogram string  `json:"histogram"`
}

// Schedule describes how an open-loop run kept to its schedule.
type Schedule struct {
	Scheduled int64   `json:"scheduled"`
	Sent      int64   `json:"sent"`
	Achieved  float64 `json:"achieved"`
	Late      int64   `json:"late"`
	LateAfter float64 `json:"late_after_us"`
	Dropped   int64   `json:"dropped"`
	QueueFull int64   `json:"queue_full"`
	Lag       Latency `json:"send_lag"`
}

// Generator is fwbench's diagnosis of itself.
type Generator struct {
	CPU           float64 `json:"cpu_s"`
	CPUPerRequest float64 `json:"cpu_per_request_us"`
	CPUs          int     `json:"cpus"`
	Utilization   float64 `json:"utilization"`
	Bottleneck    bool    `json:"bottleneck"`
	InProcess     bool    `json:"in_process_server"`
}

// Environment describes where the run happened.
type Environment struct {
	GoVersion  string `json:"go"`
	OS         string `json:"os"`
	Arch       string `json:"arch"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	Hostname   string `json:"hostname"`
}

// Point is one interval of the time series; latencies in microseconds.
type Point struct {
	T        float64 `json:"t"`
	Dur      float64 `json:"dur"`
	Requests int64   `json:"requests"`
	Sent     int64   `json:"sent"`
	Errors   int64   `json:"errors"`
	RPS      float64 `json:"rps"`
	P50      int64   `json:"p50"`
	P90      int64   `json:"p90"`
	P99      int64   `json:"p99"`
	Max      int64   `json:"max"`
	LagP99   int64   `json:"lag_p99"`
}

// Meta is what the command knows beyond the engine's result.
type Meta struct {
	Version   string
	InProcess bool // the server runs inside this process (the demo)
}

// New builds the report of a finished run.
func New(cfg *engine.Config, res *engine.Result, m Meta) *Run {
	t := res.Total
	r := &Run{
		Schema: SchemaRun, Version: m.Version, Started: res.Start.UTC(), Mode: "max",
		Config: Config{
			Connections: cfg.Connections, Pipeline: cfg.Pipeline, Duration: cfg.Duration.Seconds(),
			Requests: cfg.Requests, Rate: cfg.Rate, Stages: []Stage{},
			Timeout: cfg.Timeout.Seconds(), Interval: cfg.Interval.Seconds(),
		},
		Duration: res.Elapsed.Seconds(), Requests: t.Requests, Sent: t.Sent,
		BytesIn: t.BytesIn, BytesOut: t.BytesOut,
		Status: map[string]int64{}, Errors: map[string]int64{},
		Latency:     Summarize(t.Latency),
		Interrupted: res.Interrupted, Unfinished: res.Unfinished, Merged: 1,
		Warnings: []string{}, Series: []Point{},
	}
	for _, tg := range cfg.Targets {
		r.Targets = append(r.Targets, Target{Method: tg.Method, URL: tg.URL, Weight: tg.Weight})
	}
	for _, s := range cfg.Stages {
		r.Config.Stages = append(r.Config.Stages, Stage{Duration: s.Duration.Seconds(), Rate: s.Rate})
	}
	if r.Duration > 0 {
		r.Throughput = float64(t.Requests) / r.Duration
	}
	for code, n := range t.Status {
		if n > 0 {
			r.Status[strconv.Itoa(code)] = n
		}
	}
	for k, n := range t.Errors {
		r.Errors[engine.ErrorKindNames[k]] = n
		r.ErrorCount += n
	}
	if cfg.OpenLoop() {
		r.Mode = "rate"
		u := Summarize(t.Service)
		r.Uncorrected = &u
		r.Schedule = &Schedule{
			Scheduled: res.Scheduled, Sent: t.Sent, Late: t.Late, Dropped: res.Dropped,
			QueueFull: res.QueueFull, LateAfter: float64(engine.LateAfter.Microseconds()),
			Lag: Summarize(t.Lag),
		}
		if res.Scheduled > 0 {
			r.Schedule.Achieved = float64(t.Sent) / float64(res.Scheduled)
		}
	}
	for _, p := range res.Series {
		pt := Point{T: p.T, Dur: p.Dur, Requests: p.Requests, Sent: p.Sent, Errors: p.Errors,
			P50: p.P50, P90: p.P90, P99: p.P99, Max: p.Max, LagP99: p.LagP99}
		if p.Dur > 0 {
			pt.RPS = float64(p.Requests) / p.Dur
		}
		r.Series = append(r.Series, pt)
	}
	host, _ := os.Hostname()
	r.Environment = Environment{GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH,
		GOMAXPROCS: runtime.GOMAXPROCS(0), Hostname: host}
	r.Generator = Generator{CPU: res.CPU.Seconds(), CPUs: res.CPUs, InProcess: m.InProcess}
	if n := t.Sent; n > 0 {
		r.Generator.CPUPerRequest = float64(res.CPU.Microseconds()) / float64(n)
	}
	if res.Elapsed > 0 && res.CPUs > 0 {
		r.Generator.Utilization = res.CPU.Seconds() / (res.Elapsed.Seconds() * float64(res.CPUs))
	}
	r.diagnose()
	return r
}

// Thresholds of the self-diagnosis.
const (
	busyUtilization = 0.9  // share of the CPUs the generator may use
	lagWarnUs       = 1000 // send lag p99, µs
)

// diagnose fills Warnings and Generator.Bottleneck.
func (r *Run) diagnose() {
	g := &r.Generator
	if g.InProcess {
		r.Warnings = append(r.Warnings, "the demo server runs inside fwbench: generator CPU figures include the server's")
	}
	if !g.InProcess && g.Utilization >= busyUtilization {
		g.Bottleneck = true
		r.Warnings = append(r.Warnings, fmt.Sprintf("the generator used %.0f%% of its %d CPUs: it, not the server, may be the bottleneck (pin the server and fwbench to separate cores)", 100*g.Utilization, g.CPUs))
	}
	if s := r.Schedule; s != nil {
		if s.Lag.P99 > lagWarnUs && s.QueueFull == 0 {
			g.Bottleneck = true
			r.Warnings = append(r.Warnings, fmt.Sprintf("send lag p99 is %s with connections free: the generator cannot keep the schedule", FormatUs(s.Lag.P99)))
		}
		if s.QueueFull > 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%d sends waited for a free connection: raise -c to keep the schedule (their latency counts the wait)", s.QueueFull))
		}
		if s.Scheduled > 0 && s.Achieved < 0.995 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("only %.1f%% of the schedule was sent (%d dropped)", 100*s.Achieved, s.Dropped))
		}
	}
	if r.ErrorCount > 0 && r.Requests == 0 {
		r.Warnings = append(r.Warnings, "no request succeeded")
	}
}

// Summarize returns the figures of h and its encoding.
func Summarize(h *hdr.Histogram) Latency {
	l := Latency{Unit: "us", Count: h.TotalCount()}
	if l.Count > 0 {
		l.Min, l.Max = h.Min(), h.Max()
		l.Mean, l.Stdev = h.Mean(), h.StdDev()
		l.P50, l.P90, l.P95 = h.ValueAtPercentile(50), h.ValueAtPercentile(90), h.ValueAtPercentile(95)
		l.P99, l.P999, l.P9999 = h.ValueAtPercentile(99), h.ValueAtPercentile(99.9), h.ValueAtPercentile(99.99)
		l.Mean = math.Round(l.Mean*1000) / 1000
		l.Stdev = math.Round(l.Stdev*1000) / 1000
	}
	enc, err := h.Encode(hdr.V2CompressedEncodingCookieBase)
	if err == nil {
		l.Histogram = string(enc)
	}
	return l
}

// Decode returns the histogram a Latency carries.
func (l *Latency) Decode() (*hdr.Histogram, error) {
	if l.Histogram == "" {
		return nil, errors.New("no histogram")
	}
	h, err := hdr.Decode([]byte(l.Histogram))
	if err != nil {
		return nil, fmt.Errorf("bad histogram: %v", err)
	}
	return h, nil
}
