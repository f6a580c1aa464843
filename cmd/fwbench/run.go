package main

import (
	"context"
	"crypto/tls"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/fwgo/fw/cmd/fwbench/internal/engine"
	"github.com/fwgo/fw/cmd/fwbench/internal/report"
)

// demoDuration is how long the no-target demo runs unless -d is given.
const demoDuration = 3 * time.Second

func insecureTLS() *tls.Config { return &tls.Config{InsecureSkipVerify: true} } //nolint:gosec // asked for with -k

// cmdRun is `fwbench [flags] [URL]`.
func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fwbench", flag.ContinueOnError)
	var o options
	runFlags(fs, &o)
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
	if len(pos) > 1 {
		return usageError{fmt.Sprintf("one target URL expected, got %d arguments (did you mean fwbench compare?)", len(pos))}
	}
	var demo *demoServer
	if len(pos) == 1 {
		o.url = pos[0]
	} else if o.targetsFile == "" {
		if !o.setDuration && o.requests == 0 {
			o.duration = demoDuration
		}
		if demo, err = startDemo(); err != nil {
			return fmt.Errorf("cannot start the demo app: %v", err)
		}
		defer demo.close()
		o.url = demo.URL
		fmt.Fprintf(stderr, "fwbench: no target given; load-testing the built-in demo app at %s\n", demo.URL)
	}
	cfg, err := o.config()
	if err != nil {
		return err
	}
	pids, err := parsePIDs(o.pids, 1)
	if err != nil {
		return err
	}
	if err := preflight(cfg); err != nil {
		return err
	}
	out, err := openOutputs(&o, stdout, stderr)
	if err != nil {
		return err
	}
	defer out.close()
	prog := newProgress(stderr, &o, cfg)
	cfg.OnInterval = prog.update
	pid := 0
	if len(pids) == 1 {
		pid = pids[0]
	}
	res, serverCPU, err := runMeasured(ctx, cfg, pid)
	prog.finish()
	if err != nil {
		return err
	}
	rep := report.New(cfg, res, report.Meta{Version: version, InProcess: demo != nil})
	if pid > 0 {
		rep.SetServer(pid, serverCPU)
	}
	if err := out.write(rep); err != nil {
		return err
	}
	if rep.Requests == 0 {
		return errFailed
	}
	return nil
}

// preflight connects once so that an unreachable target is one clear error
// rather than a run full of connect errors.
func preflight(cfg *engine.Config) error { return engine.Probe(cfg) }

// outputs are the report destinations of a run.
type outputs struct {
	text            io.Writer
	json, csv, html io.Writer
	files           []*os.File
}

func openOutputs(o *options, stdout, stderr io.Writer) (*outputs, error) {
	out := &outputs{text: stdout}
	open := func(path string) (io.Writer, error) {
		if path == "" {
			return nil, nil
		}
		if path == "-" {
			out.text = stderr
			return stdout, nil
		}
		f, err := os.Create(path)
		if err != nil {
			return nil, fmt.Errorf("cannot write the report: %v", unwrapPathError(err))
		}
		out.files = append(out.files, f)
		return f, nil
	}
	var err error
	if out.json, err = open(o.jsonOut); err != nil {
		out.close()
		return nil, err
	}
	if out.csv, err = open(o.csvOut); err != nil {
		out.close()
		return nil, err
	}
	if o.htmlOut == "-" {
		out.close()
		return nil, usageError{"--html needs a file name"}
	}
	if out.html, err = open(o.htmlOut); err != nil {
		out.close()
		return nil, err
	}
	return out, nil
}

func (out *outputs) write(rep *report.Run) error {
	if err := rep.WriteText(out.text); err != nil {
		return err
	}
	if out.json != nil {
		enc := json.NewEncoder(out.json)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	}
	if out.csv != nil {
		if err := rep.WriteCSV(out.csv); err != nil {
			return err
		}
	}
	if out.html != nil {
		if err := report.WriteHTML(out.html, rep); err != nil {
			return err
		}
	}
	for _, f := range out.files {
		if err := f.Sync(); err != nil && !strings.Contains(err.Error(), "invalid argument") {
			return err
		}
	}
	return nil
}

func (out *outputs) close() {
	for _, f := range out.files {
		f.Close()
	}
}
