package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
	"github.com/fwgo/fw/cmd/fwbench/internal/report"
)

// compareRoundDuration is a round's length unless -d is given.
const compareRoundDuration = 5 * time.Second

// cmdCompare is `fwbench compare [flags] URL_A URL_B`: warm-up rounds for A
// and B (discarded), then measured rounds A B A B ...
func cmdCompare(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fwbench compare", flag.ContinueOnError)
	var o options
	runFlags(fs, &o)
	rounds := fs.Int("rounds", 5, "measured rounds per target")
	warmup := fs.Duration("warmup", time.Second, "warm-up round length per target (discarded; 0 for none)")
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
	if len(pos) != 2 {
		return usageError{fmt.Sprintf("compare needs two target URLs, got %d", len(pos))}
	}
	if o.targetsFile != "" {
		return usageError{"compare takes two URLs, not --targets"}
	}
	if *rounds < 1 || *rounds > 1000 {
		return usageError{fmt.Sprintf("--rounds must be between 1 and 1000, not %d", *rounds)}
	}
	if *warmup < 0 {
		return usageError{"--warmup must not be negative"}
	}
	if !o.setDuration && o.requests == 0 {
		o.duration = compareRoundDuration
	}
	if o.csvOut != "" {
		return usageError{"compare writes text, --json and --html reports, not --csv"}
	}
	var cfgs [2]*engine.Config
	for i, u := range pos {
		oi := o
		oi.url = u
		if cfgs[i], err = oi.config(); err != nil {
			return err
		}
		if err := preflight(cfgs[i]); err != nil {
			return err
		}
	}
	out, err := openOutputs(&o, stdout, stderr)
	if err != nil {
		return err
	}
	defer out.close()
	label := [2]string{"A", "B"}
	runOnce := func(i int, d time.Duration, name string) (*report.Run, error) {
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
		res, err := engine.Run(ctx, &cfg)
		if err != nil {
			return nil, err
		}
		r := report.New(&cfg, res, report.Meta{Version: version})
		if !o.quiet {
			fmt.Fprintf(stderr, "fwbench: %-9s %s  %s req/s  p99 %s  errors %s\n", name, label[i],
				report.Thousands(int64(r.Throughput+0.5)), report.FormatUs(r.Latency.P99), report.Thousands(r.ErrorCount))
		}
		if res.Interrupted {
			return r, context.Canceled
		}
		return r, nil
	}
	if *warmup > 0 {
		for i := range 2 {
			if _, err := runOnce(i, *warmup, "warm-up"); err != nil {
				return interrupted(err)
			}
		}
	}
	var a, b []*report.Run
	for k := range *rounds {
		for i := range 2 {
			r, err := runOnce(i, 0, fmt.Sprintf("round %d", k+1))
			if err != nil {
				return interrupted(err)
			}
			if i == 0 {
				a = append(a, r)
			} else {
				b = append(b, r)
			}
		}
	}
	c, err := report.NewComparison(version, *warmup, a, b)
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
