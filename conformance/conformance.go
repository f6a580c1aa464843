// Package conformance runs fw's differential conformance suite: the
// scenario apps of js/scenarios (Express 4.22.3) and go/ (fast) answer the
// raw requests of cases/, and every answer of fast is compared with
// Express's, either recorded (golden/, the default: no node needed) or
// live. See README.md.
package conformance

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	scenarios "github.com/fwgo/fw/conformance/go"
	"github.com/fwgo/fw/conformance/runner"
)

// Options select what a run does.
type Options struct {
	// Root is the conformance directory (holding cases/, golden/, js/).
	Root string
	// Live compares with Express running in node instead of the goldens;
	// it also checks that the goldens still match live Express.
	Live bool
	// TCP serves the Go scenarios on loopback ports instead of in memory.
	TCP bool
	// Server is the server the Go scenarios run on: runner.ModeFasthttp
	// (the default), runner.ModeNetHTTP (App.ServeHTTP over HTTP/1.1) or
	// runner.ModeHTTP2 (App.ServeHTTP over HTTP/2 with TLS).
	Server runner.ServerMode
	// Scenarios limits the run to these scenarios; empty runs all.
	Scenarios []string
}

// Data is the committed input of a run.
type Data struct {
	Suites      []*runner.Suite
	Pending     *runner.List
	Divergences *runner.List
}

// Load reads the suites (filtered by names, if any) and the lists.
func Load(root string, names []string) (*Data, error) {
	all, err := runner.LoadSuites(filepath.Join(root, "cases"))
	if err != nil {
		return nil, err
	}
	d := &Data{}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	found := map[string]bool{}
	for _, s := range all {
		if len(want) == 0 || want[s.Scenario] {
			d.Suites = append(d.Suites, s)
			found[s.Scenario] = true
		}
	}
	for _, n := range names {
		if !found[n] {
			return nil, fmt.Errorf("no scenario %q in %s", n, filepath.Join(root, "cases"))
		}
	}
	if d.Pending, err = runner.LoadList(filepath.Join(root, "pending.json")); err != nil {
		return nil, err
	}
	if d.Divergences, err = runner.LoadList(filepath.Join(root, "divergences.json")); err != nil {
		return nil, err
	}
	return d, nil
}

// prepare loads the scenarios of opts and copies the fixtures to a
// temporary directory, fx; done removes it.
func prepare(opts Options) (d *Data, fx string, done func(), err error) {
	d, err = Load(opts.Root, opts.Scenarios)
	if err != nil {
		return nil, "", nil, err
	}
	fx, err = fixtures(opts.Root)
	if err != nil {
		return nil, "", nil, err
	}
	return d, fx, func() { os.RemoveAll(filepath.Dir(fx)) }, nil
}

// fixtures copies the fixture tree to a temporary directory with pinned
// modification times; the caller removes it.
func fixtures(root string) (string, error) {
	dir, err := os.MkdirTemp("", "fw-conformance-")
	if err != nil {
		return "", err
	}
	dst := filepath.Join(dir, "fixtures")
	if err := runner.CopyFixtures(filepath.Join(root, "fixtures"), dst); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dst, nil
}

// serve lists the apps node must serve, as "scenario/app/env".
func serve(suites []*runner.Suite) []string {
	var out []string
	for _, s := range suites {
		for _, env := range s.EnvList() {
			for _, app := range s.Apps(env) {
				out = append(out, s.Scenario+"/"+app+"/"+env)
			}
		}
	}
	return out
}

func goldenPath(root, scenario string) string {
	return filepath.Join(root, "golden", scenario+".json")
}

// Run replays every suite against fast and compares with Express.
func Run(opts Options) (*runner.Report, *Data, error) {
	d, fx, done, err := prepare(opts)
	if err != nil {
		return nil, nil, err
	}
	defer done()
	goSide := &scenarios.Servers{Fixtures: fx, TCP: opts.TCP, Mode: opts.Server}
	defer goSide.Close()
	pending, divergences, err := listsFor(opts.Root, opts.Server, d)
	if err != nil {
		return nil, nil, err
	}
	cfg := &runner.Config{Fast: goSide, Fixtures: fx, Pending: pending, Divergences: divergences, Mode: opts.Server}
	goldens := map[string]*runner.Golden{}
	for _, s := range d.Suites {
		g, err := runner.LoadGolden(goldenPath(opts.Root, s.Scenario))
		if err != nil && !(opts.Live && os.IsNotExist(err)) {
			return nil, nil, fmt.Errorf("%w (record the goldens with -record)", err)
		}
		goldens[s.Scenario] = g
	}
	rep := &runner.Report{Mode: "golden"}
	var node *runner.Node
	if opts.Live {
		rep.Mode = "live"
		node, err = runner.StartNode(filepath.Join(opts.Root, "js"), fx, serve(d.Suites))
		if err != nil {
			return nil, nil, err
		}
		defer node.Close()
		cfg.Live = node
		rep.Versions = node.Versions
	} else {
		cfg.Goldens = goldens
	}
	results := make([][]runner.Result, len(d.Suites))
	errs := make([]error, len(d.Suites))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, s := range d.Suites {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i], errs[i] = runner.Run(s, cfg)
		}()
	}
	wg.Wait()
	for i, s := range d.Suites {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
		rep.Results = append(rep.Results, results[i]...)
		rep.Requests += len(s.Cases)
	}
	rep.CheckStale(map[string]*runner.List{"pending": pending, "divergences": divergences})
	if opts.Live {
		for _, s := range d.Suites {
			rep.Drift = append(rep.Drift, drift(s, goldens[s.Scenario], node, fx)...)
		}
		if g := firstGolden(goldens); g != nil && major(g.Node) != major(node.Versions["node"]) {
			rep.DriftNote = fmt.Sprintf("the goldens were recorded with node %s, this node is %s: drift is reported, not failed", g.Node, node.Versions["node"])
		}
	}
	return rep, d, nil
}

func firstGolden(m map[string]*runner.Golden) *runner.Golden {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if m[k] != nil {
			return m[k]
		}
	}
	return nil
}

func major(v string) string {
	v = strings.TrimPrefix(v, "v")
	m, _, _ := strings.Cut(v, ".")
	return m
}

// drift compares live Express with the recorded goldens: a difference
// means the goldens are stale (a scenario or case changed without
// -record).
func drift(s *runner.Suite, g *runner.Golden, node *runner.Node, fx string) []string {
	if g == nil {
		return []string{s.Scenario + ": no golden recorded"}
	}
	var out []string
	for _, env := range s.EnvList() {
		live := runner.Collect(s, env, node, fx, 0)
		for _, c := range s.Cases {
			if !c.RunsIn(env) {
				continue
			}
			key := runner.Key(env, c.ID)
			rec := g.Responses[key]
			got := live.Responses[c.ID]
			switch {
			case rec == nil:
				out = append(out, fmt.Sprintf("%s %s: not recorded", s.Scenario, key))
			case got == nil:
				out = append(out, fmt.Sprintf("%s %s: live express: %v", s.Scenario, key, live.Errs[c.ID]))
			default:
				for _, d := range runner.Diff(runner.Normalize(rec), runner.Normalize(got), c.Ignore) {
					out = append(out, fmt.Sprintf("%s %s: recorded vs live %s", s.Scenario, key, d))
				}
			}
		}
	}
	return out
}

// Record runs the suites against live Express and writes their goldens.
func Record(opts Options) ([]string, error) {
	d, fx, done, err := prepare(opts)
	if err != nil {
		return nil, err
	}
	defer done()
	node, err := runner.StartNode(filepath.Join(opts.Root, "js"), fx, serve(d.Suites))
	if err != nil {
		return nil, err
	}
	defer node.Close()
	var written []string
	for _, s := range d.Suites {
		g := &runner.Golden{Scenario: s.Scenario, Express: node.Versions["express"], Node: node.Versions["node"],
			Responses: map[string]*runner.Response{}}
		for _, env := range s.EnvList() {
			side := runner.Collect(s, env, node, fx, 0)
			for id, e := range side.Errs {
				return written, fmt.Errorf("%s %s: express did not answer: %w", s.Scenario, runner.Key(env, id), e)
			}
			for id, r := range side.Responses {
				g.Responses[runner.Key(env, id)] = r
			}
		}
		p := goldenPath(opts.Root, s.Scenario)
		if err := g.Save(p); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, nil
}

// listsFor returns the pending and divergence lists that apply when the Go
// scenarios run on server: the entries of pending.json and
// divergences.json for that server (Entry.Servers), and, through net/http,
// those of divergences-nethttp.json (what net/http itself does differently,
// before the app runs).
func listsFor(root string, server runner.ServerMode, d *Data) (pending, divergences *runner.List, err error) {
	var extra *runner.List
	if server == runner.ModeNetHTTP || server == runner.ModeHTTP2 {
		if extra, err = runner.LoadList(filepath.Join(root, "divergences-nethttp.json")); err != nil {
			return nil, nil, err
		}
	}
	return d.Pending.For(server, nil), d.Divergences.For(server, extra), nil
}
