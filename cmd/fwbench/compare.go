package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
	"github.com/fwgo/fw/cmd/fwbench/internal/report"
)

// compareRoundDuration is a round's length unless -d is given.
const compareRoundDuration = 5 * time.Second

// cmdCompare is `fwbench compare [flags] URL_A URL_B [URL_C ...]`: one
// warm-up run per target (discarded), then measured rounds, each running
// every target once, in an order rotated by one target per round (A B C,
// B C A, C A B, ...) so that no target always runs first or after the same
// one. Every target is compared with A round by round.
func cmdCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fwbench compare", flag.ContinueOnError)
	var o options
	runFlags(fs, &o)
	rounds := fs.Int("rounds", 5, "measured rounds per target")
	warmup := fs.Duration("warmup", time.Second, "warm-up round length per target (discarded; 0 for none)")
	labelList := fs.String("labels", "", "comma-separated `names` of the targets, in order (default A, B, ...)")
	help := fs.Bool("h", false, "show help")
	pos, err := parseArgs(fs, args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return err
	}
	if *help || err != nil {
		fmt.Fprint(stdout, usageText)
		return flag.ErrHelp
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "d" {
			o.setDuration = true
		}
	})
	if len(pos) < 2 || len(pos) > report.MaxCompareTargets {
		return usageError{fmt.Sprintf("compare needs 2 to %d target URLs, got %d", report.MaxCompareTargets, len(pos))}
	}
	if o.targetsFile != "" {
		return usageError{"compare takes URLs, not --targets"}
	}
	if *rounds < 1 || *rounds > 1000 {
		return usageError{fmt.Sprintf("--rounds must be between 1 and 1000, not %d", *rounds)}
	}
	if *warmup < 0 {
		return usageError{"--warmup must not be negative"}
	}
	var labels []string
	if *labelList != "" {
		labels = strings.Split(*labelList, ",")
		if len(labels) != len(pos) {
			return usageError{fmt.Sprintf("--labels needs %d names, one per target, got %d", len(pos), len(labels))}
		}
		for i := range labels {
			if labels[i] = strings.TrimSpace(labels[i]); labels[i] == "" {
				return usageError{"--labels: empty name"}
			}
		}
	}
	if !o.setDuration && o.requests == 0 {
		o.duration = compareRoundDuration
	}
	if o.csvOut != "" {
		return usageError{"compare writes text, --json and --html reports, not --csv"}
	}
	cfgs := make([]*engine.Config, len(pos))
	for i, u := range pos {
		oi := o
		oi.url = u
		if cfgs[i], err = oi.config(); err != nil {
			return err
		}
	}
	pids, err := parsePIDs(o.pids, len(pos))
	if err != nil {
		return err
	}
	for _, cfg := range cfgs {
		if err := preflight(cfg); err != nil {
			return err
		}
	}
	out, err := openOutputs(&o, stdout, stderr)
	if err != nil {
		return err
	}
	defer out.close()
	name := func(i int) string {
		if labels != nil {
			return report.Letter(i) + " " + labels[i]
		}
		return report.Letter(i)
	}
	runOnce := func(i int, d time.Duration, phase string) (*report.Run, error) {
		cfg := *cfgs[i]
		cfg.OnInterval = nil
		if d > 0 {
			cfg.Duration, cfg.Requests = d, 0
			if len(cfg.Stages) > 0 {
				cfg.Stages = nil
				if cfg.Rate == 0 {
					cfg.Rate = cfgs[i].Stages[len(cfgs[i].Stages)-1].Rate
				}
				if cfg.Rate == 0 {
					return nil, nil // nothing to warm up with
				}
			}
		}
		pid := 0
		if pids != nil {
			pid = pids[i]
		}
		res, serverCPU, err := runMeasured(ctx, &cfg, pid)
		if err != nil {
			return nil, err
		}
		r := report.New(&cfg, res, report.Meta{Version: version})
		if pid > 0 {
			r.SetServer(pid, serverCPU)
		}
		if !o.quiet {
			srv := ""
			if r.Server != nil {
				srv = fmt.Sprintf("  server %.2fµs/req", r.Server.CPUPerRequest)
			}
			fmt.Fprintf(stderr, "fwbench: %-9s %s  %s req/s  p99 %s  errors %s%s\n", phase, name(i),
				report.Thousands(int64(r.Throughput+0.5)), report.FormatUs(r.Latency.P99), report.Thousands(r.ErrorCount), srv)
		}
		if res.Interrupted {
			return r, context.Canceled
		}
		return r, nil
	}
	if *warmup > 0 {
		for i := range cfgs {
			if _, err := runOnce(i, *warmup, "warm-up"); err != nil {
				return interrupted(err)
			}
		}
	}
	measured := make([][]*report.Run, len(cfgs))
	for k := range *rounds {
		for j := range cfgs {
			i := (k + j) % len(cfgs)
			r, err := runOnce(i, 0, fmt.Sprintf("round %d", k+1))
			if err != nil {
				return interrupted(err)
			}
			measured[i] = append(measured[i], r)
		}
	}
	c, err := report.NewComparison(version, *warmup, labels, measured)
	if err != nil {
		return err
	}
	if err := c.WriteText(out.text); err != nil {
		return err
	}
	if out.json != nil {
		if err := writeJSON(out.json, c); err != nil {
			return err
		}
	}
	if out.html != nil {
		if err := report.WriteCompareHTML(out.html, c); err != nil {
			return err
		}
	}
	return nil
}

func interrupted(err error) error {
	if errors.Is(err, context.Canceled) {
		return errors.New("interrupted: no comparison")
	}
	return err
}
