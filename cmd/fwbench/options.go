package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
)

// options are the command-line settings of a run.
type options struct {
	max         bool
	rate        string
	stages      string
	requests    int64
	duration    time.Duration
	connections int
	pipeline    int
	method      string
	headers     headerList
	body        string
	bodyFile    string
	targetsFile string
	timeout     time.Duration
	interval    time.Duration
	insecure    bool
	quiet       bool
	jsonOut     string
	csvOut      string
	htmlOut     string
	pids        string
	url         string
	setDuration bool
}

// headerList collects repeated -H flags.
type headerList []string

func (h *headerList) String() string     { return strings.Join(*h, ", ") }
func (h *headerList) Set(v string) error { *h = append(*h, v); return nil }

// usageError is a bad command line: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// runFlags declares the flags shared by a run and compare.
func runFlags(fs *flag.FlagSet, o *options) {
	fs.BoolVar(&o.max, "max", false, "closed loop: each connection sends its next request as soon as the previous response arrives (the default)")
	fs.StringVar(&o.rate, "rate", "", "open loop: `R` requests per second on one global schedule across all connections (e.g. 5000 or 5k)")
	fs.StringVar(&o.stages, "stages", "", "open-loop load plan, e.g. `10s:1k,30s:5k`: each stage ramps linearly from the previous rate (or --rate, else 0) to its rate")
	fs.Int64Var(&o.requests, "n", 0, "number of requests to send (instead of a duration)")
	fs.DurationVar(&o.duration, "d", 10*time.Second, "test `duration` (e.g. 30s)")
	fs.IntVar(&o.connections, "c", 50, "number of connections")
	fs.IntVar(&o.pipeline, "P", 1, "HTTP/1.1 pipelining `depth`: requests in flight per connection")
	fs.IntVar(&o.pipeline, "pipeline", 1, "same as -P")
	fs.StringVar(&o.method, "m", "", "request `method` (default GET, or POST with a body)")
	fs.Var(&o.headers, "H", "request header `\"Name: value\"` (repeatable)")
	fs.StringVar(&o.body, "b", "", "request `body`")
	fs.StringVar(&o.bodyFile, "D", "", "read the request body from `file`")
	fs.StringVar(&o.targetsFile, "targets", "", "weighted targets, one JSON object per line (see fwbench -h)")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Second, "per-request timeout")
	fs.DurationVar(&o.interval, "interval", time.Second, "time-series and progress interval")
	fs.BoolVar(&o.insecure, "k", false, "skip TLS certificate verification")
	fs.BoolVar(&o.quiet, "q", false, "no progress output")
	fs.StringVar(&o.jsonOut, "json", "", "write the JSON report to `file` (- for stdout)")
	fs.StringVar(&o.csvOut, "csv", "", "write the time series as CSV to `file` (- for stdout)")
	fs.StringVar(&o.htmlOut, "html", "", "write the HTML report to `file`")
	fs.StringVar(&o.pids, "pid", "", "measure the server's CPU time per request: its process `ID` (compare: one per target, comma-separated; Linux)")
}

// parseArgs parses flags that may come before or after the positional
// arguments, and returns the positional ones.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// config turns options into an engine configuration.
func (o *options) config() (*engine.Config, error) {
	cfg := &engine.Config{
		Connections: o.connections, Pipeline: o.pipeline, Requests: o.requests,
		Timeout: o.timeout, Interval: o.interval,
	}
	if o.connections <= 0 {
		return nil, usageError{fmt.Sprintf("-c must be at least 1, not %d", o.connections)}
	}
	if o.pipeline <= 0 {
		return nil, usageError{fmt.Sprintf("-P must be at least 1, not %d", o.pipeline)}
	}
	if o.requests < 0 {
		return nil, usageError{fmt.Sprintf("-n must be positive, not %d", o.requests)}
	}
	if o.duration <= 0 {
		return nil, usageError{fmt.Sprintf("-d must be positive, not %s", o.duration)}
	}
	if o.timeout <= 0 {
		return nil, usageError{"--timeout must be positive"}
	}
	if o.requests > 0 && o.setDuration {
		return nil, usageError{"give either -n or -d, not both"}
	}
	if o.requests == 0 {
		cfg.Duration = o.duration
	}
	if o.max && (o.rate != "" || o.stages != "") {
		return nil, usageError{"--max is a closed loop; it cannot be combined with --rate or --stages"}
	}
	if o.rate != "" {
		r, err := engine.ParseRate(o.rate)
		if err != nil {
			return nil, usageError{"--rate: " + err.Error()}
		}
		if r == 0 && o.stages == "" {
			return nil, usageError{"--rate must be above zero (for as many requests as the connections allow, use --max)"}
		}
		cfg.Rate = r
	}
	if o.stages != "" {
		st, err := engine.ParseStages(o.stages)
		if err != nil {
			return nil, usageError{"--stages: " + err.Error()}
		}
		if o.requests > 0 {
			return nil, usageError{"--stages sets the run's length; it cannot be combined with -n"}
		}
		cfg.Stages = st
	}
	targets, err := o.targets()
	if err != nil {
		return nil, err
	}
	cfg.Targets = targets
	if o.insecure {
		cfg.TLS = insecureTLS()
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// targets builds the target list from the URL or the targets file.
func (o *options) targets() ([]engine.Target, error) {
	var headers []engine.Header
	for _, h := range o.headers {
		name, value, ok := strings.Cut(h, ":")
		if !ok {
			return nil, usageError{fmt.Sprintf("-H %q: want \"Name: value\"", h)}
		}
		headers = append(headers, engine.Header{Name: strings.TrimSpace(name), Value: strings.TrimSpace(value)})
	}
	var body []byte
	switch {
	case o.body != "" && o.bodyFile != "":
		return nil, usageError{"give either -b or -D, not both"}
	case o.body != "":
		body = []byte(o.body)
	case o.bodyFile != "":
		b, err := os.ReadFile(o.bodyFile)
		if err != nil {
			return nil, fmt.Errorf("cannot read the body file: %v", unwrapPathError(err))
		}
		body = b
	}
	if o.targetsFile != "" {
		if o.url != "" {
			return nil, usageError{"give either a URL or --targets, not both"}
		}
		return readTargets(o.targetsFile, o.method, headers, body)
	}
	if o.url == "" {
		return nil, usageError{"no target URL"}
	}
	method := o.method
	if method == "" {
		method = "GET"
		if body != nil {
			method = "POST"
		}
	}
	return []engine.Target{{Method: method, URL: o.url, Header: headers, Body: body}}, nil
}

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %v", pe.Path, pe.Err)
	}
	return err
}
