package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/fwgo/fw/conformance"
)

// The differential fuzz mode's flags (see conformance.Fuzz).
var (
	fuzzN       = flag.Int("fuzz", 0, "with -live: send N requests per scenario derived from its cases by random mutations to Express and fast, and print the grouped differences")
	fuzzSeed    = flag.Uint64("seed", 1, "the fuzz mode's seed: the same seed, -fuzz and -scenario send the same requests")
	fuzzTimeout = flag.Duration("fuzz-timeout", 3*time.Second, "the fuzz mode's timeout per request and side")
	fuzzBudget  = flag.Duration("fuzz-budget", 20*time.Minute, "the fuzz mode's time budget: no batch of requests starts after it")
	fuzzJSON    = flag.String("fuzz-json", "", "also write the fuzz report as JSON to this file")
)

// runFuzz runs the differential fuzz mode and prints its report. Findings
// do not fail the command: they are to be triaged, not a gate.
func runFuzz(opts conformance.Options) error {
	if !opts.Live {
		return fmt.Errorf("-fuzz needs -live: it compares with Express running in node")
	}
	rep, err := conformance.Fuzz(opts, conformance.FuzzOptions{
		N: *fuzzN, Seed: *fuzzSeed, Timeout: *fuzzTimeout, Budget: *fuzzBudget,
	})
	if err != nil {
		return err
	}
	rep.WriteText(os.Stdout)
	if *fuzzJSON != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		return os.WriteFile(*fuzzJSON, b, 0o644)
	}
	return nil
}
