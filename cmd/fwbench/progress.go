package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
	"github.com/fwgo/fw/cmd/fwbench/internal/report"
)

// progress reports each interval on stderr: a redrawn bar on a terminal,
// one line per interval otherwise.
type progress struct {
	w     io.Writer
	tty   bool
	quiet bool
	total time.Duration // expected length, 0 if unknown
	count int64         // expected requests, 0 if unknown
	done  int64
	drawn bool
}

func newProgress(w io.Writer, o *options, cfg *engine.Config) *progress {
	p := &progress{w: w, quiet: o.quiet, tty: isTerminal(w)}
	switch {
	case len(cfg.Stages) > 0:
		for _, s := range cfg.Stages {
			p.total += s.Duration
		}
	case cfg.Requests > 0:
		p.count = cfg.Requests
	default:
		p.total = cfg.Duration
	}
	return p
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// update is the engine's OnInterval callback.
func (p *progress) update(pt engine.Point, _ *engine.Window) {
	p.done += pt.Requests + pt.Errors
	if p.quiet {
		return
	}
	rps := 0.0
	if pt.Dur > 0 {
		rps = float64(pt.Requests) / pt.Dur
	}
	stats := fmt.Sprintf("%6.1fs %10s req/s  p99 %-8s errors %s", pt.T, report.Thousands(int64(rps+0.5)), report.FormatUs(pt.P99), report.Thousands(pt.Errors))
	if pt.LagP99 > 0 {
		stats += "  lag p99 " + report.FormatUs(pt.LagP99)
	}
	if !p.tty {
		fmt.Fprintf(p.w, "fwbench: %s\n", stats)
		return
	}
	frac := -1.0
	switch {
	case p.total > 0:
		frac = pt.T / p.total.Seconds()
	case p.count > 0:
		frac = float64(p.done) / float64(p.count)
	}
	bar := ""
	if frac >= 0 {
		frac = min(frac, 1)
		const width = 24
		n := int(frac * width)
		bar = "[" + strings.Repeat("=", n) + strings.Repeat(" ", width-n) + fmt.Sprintf("] %3.0f%% ", 100*frac)
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s%s", bar, stats)
	p.drawn = true
}

// finish ends the progress line on a terminal.
func (p *progress) finish() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
