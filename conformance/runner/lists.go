package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"sort"
	"strings"
)

// List is the pending list or the divergence list: cases expected to
// differ from Express, each entry with its reason. It is stored as
// conformance/pending.json and conformance/divergences.json.
type List struct {
	// Doc says what the list is for.
	Doc     string  `json:"doc,omitempty"`
	Entries []Entry `json:"entries"`
}

// Entry lists cases of one scenario that are expected to differ.
type Entry struct {
	Scenario string `json:"scenario"`
	// Cases are case patterns: "ID" (every env) or "ENV/ID", where ID may
	// use path.Match wildcards ("*" alone is every case).
	Cases []string `json:"cases"`
	// Reason says why the cases differ: the missing feature for a pending
	// entry, the deliberate difference for a divergence.
	Reason string `json:"reason"`
	// Fields, for a divergence, limits what may differ ("body",
	// "header:etag", "header:*", "status", "reason", "framing"): a case
	// that differs elsewhere as well is a failure. Empty allows anything.
	Fields []string `json:"fields,omitempty"`
	// Servers limits the entry to these server modes ("fasthttp",
	// "nethttp", "h2"); empty is every mode.
	Servers []ServerMode `json:"servers,omitempty"`
}

// LoadList reads a list file; a missing file is an empty list.
func LoadList(file string) (*List, error) {
	data, err := os.ReadFile(file)
	if os.IsNotExist(err) {
		return &List{}, nil
	}
	if err != nil {
		return nil, err
	}
	var l List
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	for i, e := range l.Entries {
		if e.Scenario == "" || len(e.Cases) == 0 || strings.TrimSpace(e.Reason) == "" {
			return nil, fmt.Errorf("%s: entry %d needs a scenario, cases and a reason", file, i)
		}
		for _, c := range e.Cases {
			if _, err := path.Match(c, "x"); err != nil {
				return nil, fmt.Errorf("%s: entry %d: bad pattern %q", file, i, c)
			}
		}
	}
	return &l, nil
}

// Save writes the list, entries sorted by scenario.
func (l *List) Save(file string) error {
	sort.SliceStable(l.Entries, func(i, j int) bool { return l.Entries[i].Scenario < l.Entries[j].Scenario })
	if l.Entries == nil {
		l.Entries = []Entry{} // an empty list reads "entries": [], not null
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(l); err != nil {
		return err
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}

// Match returns the first entry listing the case, or nil.
func (l *List) Match(scenario, env, id string) *Entry {
	for i := range l.Entries {
		e := &l.Entries[i]
		if e.Scenario != scenario {
			continue
		}
		for _, p := range e.Cases {
			if matchCase(p, env, id) {
				return e
			}
		}
	}
	return nil
}

func matchCase(pattern, env, id string) bool {
	if e, p, ok := strings.Cut(pattern, "/"); ok {
		if e != env {
			return false
		}
		pattern = p
	}
	ok, _ := path.Match(pattern, id)
	return ok
}

// Allows reports whether every difference lies in the entry's Fields.
func (e *Entry) Allows(diffs []Difference) bool {
	if len(e.Fields) == 0 {
		return true
	}
	for _, d := range diffs {
		ok := false
		for _, f := range e.Fields {
			if m, _ := path.Match(f, d.Field); m {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Prune rewrites the list so that it names only the cases that still
// differ: a pattern that matches a case that now passes is replaced by the
// explicit IDs of the cases it matches that still fail, and an entry left
// with no case is dropped. all lists every case run, per scenario, as
// (env, id) pairs; still reports whether a case still differs. It returns
// the cases taken off the list, as "scenario: env/id".
func (l *List) Prune(all map[string][][2]string, still func(scenario, env, id string) bool) (removed []string) {
	var kept []Entry
	for _, e := range l.Entries {
		run, ok := all[e.Scenario]
		if !ok {
			kept = append(kept, e) // scenario not run: leave untouched
			continue
		}
		var cases []string
		seen := map[string]bool{}
		add := func(s string) {
			if !seen[s] {
				seen[s] = true
				cases = append(cases, s)
			}
		}
		for _, p := range e.Cases {
			var order []string
			fail, pass := map[string][]string{}, map[string][]string{}
			for _, ei := range run {
				env, id := ei[0], ei[1]
				if !matchCase(p, env, id) {
					continue
				}
				if len(fail[id])+len(pass[id]) == 0 {
					order = append(order, id)
				}
				if still(e.Scenario, env, id) {
					fail[id] = append(fail[id], env)
				} else {
					pass[id] = append(pass[id], env)
					removed = append(removed, e.Scenario+": "+env+"/"+id)
				}
			}
			if len(order) > 0 && len(removedOf(pass)) == 0 {
				add(p) // nothing passes: keep the pattern as written
				continue
			}
			for _, id := range order {
				if len(pass[id]) == 0 && !strings.Contains(p, "/") {
					add(id)
					continue
				}
				for _, env := range fail[id] {
					add(env + "/" + id)
				}
			}
		}
		if len(cases) > 0 {
			e.Cases = cases
			kept = append(kept, e)
		}
	}
	l.Entries = kept
	return removed
}

func removedOf(pass map[string][]string) []string {
	var out []string
	for id, envs := range pass {
		for _, env := range envs {
			out = append(out, env+"/"+id)
		}
	}
	return out
}
