package runner

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Tally counts a scenario's outcomes.
type Tally struct {
	Scenario  string `json:"scenario"`
	Compared  int    `json:"compared"`
	Passed    int    `json:"passed"`
	Divergent int    `json:"divergent"`
	Pending   int    `json:"pending"`
	Failed    int    `json:"failed"`
	Fixed     int    `json:"fixed"`
}

func (t *Tally) add(o Outcome) {
	t.Compared++
	switch o {
	case Pass:
		t.Passed++
	case Divergent:
		t.Divergent++
	case Pending:
		t.Pending++
	case Fail:
		t.Failed++
	case Fixed:
		t.Fixed++
	}
}

// Report is the outcome of a run.
type Report struct {
	// Mode is "golden" or "live".
	Mode string `json:"mode"`
	// Requests is the number of distinct requests (case IDs) in the run.
	Requests int      `json:"requests"`
	Results  []Result `json:"results"`
	// Stale lists list entries that matched no case run.
	Stale []string `json:"stale,omitempty"`
	// Versions are live Express's versions (live mode).
	Versions map[string]string `json:"versions,omitempty"`
	// Drift lists differences between live Express and the goldens (live
	// mode): the goldens need -record. DriftNote, when set, explains why
	// drift is only reported (another node major version).
	Drift     []string `json:"drift,omitempty"`
	DriftNote string   `json:"driftNote,omitempty"`
}

// Tallies returns the per-scenario counts, sorted by scenario, and their
// total.
func (r *Report) Tallies() ([]Tally, Tally) {
	by := map[string]*Tally{}
	var names []string
	total := Tally{Scenario: "total"}
	for _, res := range r.Results {
		t := by[res.Scenario]
		if t == nil {
			t = &Tally{Scenario: res.Scenario}
			by[res.Scenario] = t
			names = append(names, res.Scenario)
		}
		t.add(res.Outcome)
		total.add(res.Outcome)
	}
	sort.Strings(names)
	out := make([]Tally, len(names))
	for i, n := range names {
		out[i] = *by[n]
	}
	return out, total
}

// OK reports whether the run passes: no failure, no listed case that now
// passes, no stale list entry.
func (r *Report) OK() bool {
	_, t := r.Tallies()
	return t.Failed == 0 && t.Fixed == 0 && len(r.Stale) == 0 && (len(r.Drift) == 0 || r.DriftNote != "")
}

// CheckStale records the list entries (pattern by pattern) that matched
// none of the cases run. Scenarios not run are not checked.
func (r *Report) CheckStale(lists map[string]*List) {
	run := map[string]bool{}
	for _, res := range r.Results {
		run[res.Scenario] = true
	}
	for _, name := range []string{"divergences", "pending"} {
		l := lists[name]
		if l == nil {
			continue
		}
		for _, e := range l.Entries {
			if !run[e.Scenario] {
				continue
			}
			for _, p := range e.Cases {
				hit := false
				for _, res := range r.Results {
					// A pending pattern counts only for cases that are not
					// on the divergence list, which is consulted first.
					if res.Scenario == e.Scenario && matchCase(p, res.Env, res.ID) && (name != "pending" || res.Listed != "divergences") {
						hit = true
						break
					}
				}
				if !hit {
					r.Stale = append(r.Stale, fmt.Sprintf("%s.json: %s %q matches no case", name, e.Scenario, p))
				}
			}
		}
	}
}

// WriteText prints the per-scenario table, then every failure and fixed
// case with its differences.
func (r *Report) WriteText(w io.Writer, verbose bool) {
	tallies, total := r.Tallies()
	fmt.Fprintf(w, "conformance (%s mode): %d requests, %d cases compared\n", r.Mode, r.Requests, total.Compared)
	fmt.Fprintf(w, "%-22s %8s %7s %9s %7s %6s %6s\n", "scenario", "compared", "passed", "divergent", "pending", "failed", "fixed")
	for _, t := range append(tallies, total) {
		fmt.Fprintf(w, "%-22s %8d %7d %9d %7d %6d %6d\n", t.Scenario, t.Compared, t.Passed, t.Divergent, t.Pending, t.Failed, t.Fixed)
	}
	for _, res := range r.Results {
		show := res.Outcome == Fail || res.Outcome == Fixed || (verbose && res.Outcome != Pass)
		if !show {
			continue
		}
		switch res.Outcome {
		case Fixed:
			fmt.Fprintf(w, "\nFIXED %s %s: now matches Express; take it off %s.json (%s)\n", res.Scenario, Key(res.Env, res.ID), res.Listed, res.Reason)
			continue
		case Fail:
			fmt.Fprintf(w, "\nFAIL %s %s", res.Scenario, Key(res.Env, res.ID))
			if res.Listed != "" {
				fmt.Fprintf(w, " (listed in %s.json, but differs beyond its fields)", res.Listed)
			}
			fmt.Fprintln(w)
		default:
			fmt.Fprintf(w, "\n%s %s %s: %s\n", strings.ToUpper(string(res.Outcome)), res.Scenario, Key(res.Env, res.ID), res.Reason)
		}
		for _, d := range res.Diffs {
			fmt.Fprintf(w, "    %s\n", d)
		}
	}
	for _, s := range r.Stale {
		fmt.Fprintf(w, "\nSTALE %s\n", s)
	}
	for _, s := range r.Drift {
		fmt.Fprintf(w, "\nDRIFT %s\n", s)
	}
	if r.DriftNote != "" {
		fmt.Fprintf(w, "\nnote: %s\n", r.DriftNote)
	}
}

// Markdown renders the per-scenario table and the divergence list, for
// conformance/README.md.
func (r *Report) Markdown(divergences *List) string {
	var b strings.Builder
	tallies, total := r.Tallies()
	fmt.Fprintf(&b, "Last run: %s mode, %d requests, %d cases compared (a case is one request in one environment mode).\n\n", r.Mode, r.Requests, total.Compared)
	b.WriteString("| scenario | compared | passed | divergent | pending | failed |\n|---|---:|---:|---:|---:|---:|\n")
	for _, t := range tallies {
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d |\n", t.Scenario, t.Compared, t.Passed, t.Divergent, t.Pending, t.Failed+t.Fixed)
	}
	fmt.Fprintf(&b, "| **total** | **%d** | **%d** | **%d** | **%d** | **%d** |\n", total.Compared, total.Passed, total.Divergent, total.Pending, total.Failed+total.Fixed)
	b.WriteString("\nDivergences (differences kept on purpose, from `divergences.json`; cases that hit them in this run):\n\n")
	if divergences == nil || len(divergences.Entries) == 0 {
		b.WriteString("none.\n")
		return b.String()
	}
	hits := map[*Entry]int{}
	for _, res := range r.Results {
		if res.Outcome == Divergent {
			if e := divergences.Match(res.Scenario, res.Env, res.ID); e != nil {
				hits[e]++
			}
		}
	}
	for i := range divergences.Entries {
		e := &divergences.Entries[i]
		fields := "any part"
		if len(e.Fields) > 0 {
			fields = strings.Join(e.Fields, ", ")
		}
		fmt.Fprintf(&b, "- **%s** `%s` (%s; %d cases): %s\n", e.Scenario, strings.Join(e.Cases, "`, `"), fields, hits[e], e.Reason)
	}
	return b.String()
}
