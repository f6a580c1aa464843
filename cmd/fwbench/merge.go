package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/fwgo/fw/cmd/fwbench/internal/report"
)

// cmdMerge is `fwbench merge a.json b.json ...`: it merges run reports, for
// example from generators run at the same time on several machines, and
// prints the merged report (text, and JSON with --json).
func cmdMerge(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fwbench merge", flag.ContinueOnError)
	jsonOut := fs.String("json", "", "write the merged JSON report to `file` (- for stdout)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) < 2 {
		return usageError{"merge needs at least two JSON reports"}
	}
	var runs []*report.Run
	for _, p := range pos {
		b, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("cannot read %v", unwrapPathError(err))
		}
		var r report.Run
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("%s: not a fwbench JSON report: %v", p, err)
		}
		if r.Schema != report.SchemaRun {
			return fmt.Errorf("%s: schema %q, want %q", p, r.Schema, report.SchemaRun)
		}
		runs = append(runs, &r)
	}
	m, err := report.Merge(runs...)
	if err != nil {
		return err
	}
	text := stdout
	if *jsonOut == "-" {
		text = stderr
	}
	if err := m.WriteText(text); err != nil {
		return err
	}
	switch *jsonOut {
	case "":
	case "-":
		return writeJSON(stdout, m)
	default:
		f, err := os.Create(*jsonOut)
		if err != nil {
			return fmt.Errorf("cannot write the report: %v", unwrapPathError(err))
		}
		defer f.Close()
		return writeJSON(f, m)
	}
	return nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
