package conformance

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	scenarios "github.com/fwgo/fw/conformance/go"
	"github.com/fwgo/fw/conformance/runner"
)

// FuzzOptions configure a differential fuzz run (Fuzz).
type FuzzOptions struct {
	// N is the number of requests derived per scenario.
	N int
	// Seed makes the run reproducible: the same seed, N and scenarios send
	// the same requests.
	Seed uint64
	// Timeout bounds each request on each side; default 3s.
	Timeout time.Duration
	// Budget bounds the whole run: no new batch of requests starts after
	// it; default 20 minutes. A run cut short says so (FuzzReport.Cut).
	Budget time.Duration
}

// fuzzBatch is how many requests are sent per Collect call; the budget is
// checked between batches.
const fuzzBatch = 25

// FuzzFinding is one request that the two servers answered differently.
type FuzzFinding struct {
	Scenario string `json:"scenario"`
	Env      string `json:"env"`
	// Index is the request's number in its scenario's sequence (0-based).
	Index int `json:"index"`
	// Parent is the case the request was derived from.
	Parent string `json:"parent"`
	// Mutations say how it was derived (after shrinking, for a group's
	// example).
	Mutations []string `json:"mutations"`
	// Raw is the request as put on the wire.
	Raw string `json:"raw"`
	// Class is "node-parser" when Express's answer is Node's own
	// rejection of the message (a bare 4xx: no header, no body; Express
	// never saw the request), "fasthttp-parser" (or "nethttp-parser")
	// when fast's is its server's (see serverRefusal; the app never saw
	// it), "both-parsers" when both are, else "".
	Class string              `json:"class,omitempty"`
	App   string              `json:"app,omitempty"`
	Diffs []runner.Difference `json:"diffs"`

	muts   []runner.Mutation
	parent *runner.Case
}

// FuzzGroup is the findings of one scenario that differ in the same
// fields (and, when the status differs, with the same two statuses).
type FuzzGroup struct {
	Key      string      `json:"key"`
	Scenario string      `json:"scenario"`
	Count    int         `json:"count"`
	Example  FuzzFinding `json:"example"`
	// Parents counts the findings per parent case.
	Parents map[string]int `json:"parents"`
}

// FuzzReport is the outcome of a fuzz run.
type FuzzReport struct {
	Seed      uint64   `json:"seed"`
	N         int      `json:"n"`
	Scenarios []string `json:"scenarios"`
	// Sent counts the requests sent (to each side).
	Sent int `json:"sent"`
	// Same, Explained, BothFailed and Differ split Sent: the same answer;
	// a difference the parent case's divergences.json entry allows; no
	// answer from either side (both timed out or closed); a difference.
	Same       int `json:"same"`
	Explained  int `json:"explained"`
	BothFailed int `json:"bothFailed"`
	Differ     int `json:"differ"`
	// BothRejected counts requests both servers refused with the same
	// status before the apps ran, differing at most in the refusal's
	// framing or text (Node sends no Content-Length, fasthttp "0", see the
	// method-lowercase divergence; net/http writes "400 Bad Request: ...").
	// They are not findings.
	BothRejected int `json:"bothRejected"`
	// Shrinks counts the extra requests sent to shrink the examples.
	Shrinks int          `json:"shrinks"`
	Groups  []*FuzzGroup `json:"groups"`
	// Cut names the scenarios the budget cut short.
	Cut     []string      `json:"cut,omitempty"`
	Elapsed time.Duration `json:"elapsed"`
	Server  string        `json:"server"`
}

// Fuzz runs the differential fuzz mode: for each scenario of opts, N
// requests derived from its cases by runner.Mutator go to live Express and
// to fast, and their cleaned answers are compared as the cases' are. The
// differences not explained by divergences.json are grouped; each group's
// example is shrunk to the fewest of its mutations that keep the same
// difference. Node is required (opts.Live is implied).
func Fuzz(opts Options, fo FuzzOptions) (*FuzzReport, error) {
	if fo.N <= 0 {
		return nil, fmt.Errorf("fuzz: N must be positive")
	}
	if fo.Timeout <= 0 {
		fo.Timeout = 3 * time.Second
	}
	if fo.Budget <= 0 {
		fo.Budget = 20 * time.Minute
	}
	start := time.Now()
	deadline := start.Add(fo.Budget)
	d, fx, done, err := prepare(opts)
	if err != nil {
		return nil, err
	}
	defer done()
	goSide := &scenarios.Servers{Fixtures: fx, TCP: opts.TCP, Mode: opts.Server}
	defer goSide.Close()
	_, divergences, err := listsFor(opts.Root, opts.Server, d)
	if err != nil {
		return nil, err
	}
	js := filepath.Join(opts.Root, "js")
	node, err := runner.StartNodePreloaded(js, fx, serve(d.Suites), filepath.Join(js, "tools", "fuzz-hook.js"))
	if err != nil {
		return nil, err
	}
	defer node.Close()

	f := &fuzzer{
		fo: fo, mode: opts.Server, fx: fx, divergences: divergences, deadline: deadline,
		express: &onceServers{inner: node}, fast: &onceServers{inner: goSide},
	}
	rep := &FuzzReport{Seed: fo.Seed, N: fo.N, Server: string(opts.Server)}
	if rep.Server == "" {
		rep.Server = string(runner.ModeFasthttp)
	}
	outs := make([]*scenarioOutcome, len(d.Suites))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, s := range d.Suites {
		rep.Scenarios = append(rep.Scenarios, s.Scenario)
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			outs[i] = f.scenario(s)
		}()
	}
	wg.Wait()
	for _, o := range outs {
		rep.Sent += o.sent
		rep.Same += o.same
		rep.Explained += o.explained
		rep.BothFailed += o.bothFailed
		rep.Differ += len(o.findings)
		rep.BothRejected += o.bothRejected
		rep.Shrinks += o.shrinks
		rep.Groups = append(rep.Groups, o.groups...)
		if o.cut {
			rep.Cut = append(rep.Cut, o.scenario)
		}
	}
	rep.Elapsed = time.Since(start).Round(time.Second)
	return rep, nil
}

type fuzzer struct {
	fo            FuzzOptions
	mode          runner.ServerMode
	fx            string
	divergences   *runner.List
	deadline      time.Time
	express, fast *onceServers
}

type scenarioOutcome struct {
	scenario                          string
	sent, same, explained, bothFailed int
	bothRejected                      int
	shrinks                           int
	findings                          []*FuzzFinding
	groups                            []*FuzzGroup
	cut                               bool
}

// pending is a derived request waiting to be sent.
type pendingReq struct {
	index  int
	env    string
	parent *runner.Case
	c      runner.Case
	muts   []runner.Mutation
}

// generate derives the scenario's N requests, deterministically from the
// seed and the scenario's name.
func generate(s *runner.Suite, n int, seed uint64) []pendingReq {
	m := runner.NewMutator(seed, runner.StreamOf(s.Scenario))
	if len(s.Cases) == 0 {
		return nil
	}
	out := make([]pendingReq, 0, n)
	for i := range n {
		p := &s.Cases[m.Pick(len(s.Cases))]
		var envs []string
		for _, e := range s.EnvList() {
			if p.RunsIn(e) {
				envs = append(envs, e)
			}
		}
		if len(envs) == 0 {
			envs = s.EnvList()
		}
		env := envs[m.Pick(len(envs))]
		c, muts := m.Mutate(p, "fuzz-"+strconv.Itoa(i))
		out = append(out, pendingReq{index: i, env: env, parent: p, c: c, muts: muts})
	}
	return out
}

func (f *fuzzer) scenario(s *runner.Suite) *scenarioOutcome {
	o := &scenarioOutcome{scenario: s.Scenario}
	reqs := generate(s, f.fo.N, f.fo.Seed)
	// Send in sequence order, env by env within each batch, so that the
	// apps' state (counters, sessions) evolves the same on both sides.
	for lo := 0; lo < len(reqs); lo += fuzzBatch {
		if time.Now().After(f.deadline) {
			o.cut = true
			break
		}
		batch := reqs[lo:min(lo+fuzzBatch, len(reqs))]
		byEnv := map[string][]pendingReq{}
		var envs []string
		for _, r := range batch {
			if _, ok := byEnv[r.env]; !ok {
				envs = append(envs, r.env)
			}
			byEnv[r.env] = append(byEnv[r.env], r)
		}
		for _, env := range envs {
			rs := byEnv[env]
			sub := &runner.Suite{Scenario: s.Scenario, Envs: []string{env}, Masks: s.Masks}
			for _, r := range rs {
				sub.Cases = append(sub.Cases, r.c)
			}
			want, got := f.collect(sub, env)
			for _, r := range rs {
				o.sent++
				diffs, both := f.compare(&r.c, want, got)
				class := classOf(f.mode, want.Responses[r.c.ID], got.Responses[r.c.ID])
				switch {
				case both:
					o.bothFailed++
				case class == "both-parsers" && !hasField(diffs, "status"):
					o.bothRejected++
				case len(diffs) == 0:
					o.same++
				case f.explained(s.Scenario, env, r.parent.ID, diffs):
					o.explained++
				default:
					o.findings = append(o.findings, &FuzzFinding{
						Scenario: s.Scenario, Env: env, Index: r.index, Parent: r.parent.ID, App: r.c.App,
						Mutations: descs(r.muts), Raw: rawOf(&r.c), Diffs: diffs, Class: class, muts: r.muts, parent: r.parent,
					})
				}
			}
		}
	}
	o.groups = f.group(s, o)
	return o
}

// headGET suffixes the ID of the GET sent with a HEAD case (see collect).
const headGET = " (its GET)"

// collect sends the suite's cases to both sides at once and returns their
// cleaned answers. Each HEAD case is followed, on both sides, by the same
// request as GET, and its answer is cleaned with runner.CleanHead against
// that GET's (a HEAD answer has no body whose stack Clean could cut); the
// GETs' answers are not returned. Express runs a GET route's handlers for
// HEAD, so the GET runs what the HEAD ran.
func (f *fuzzer) collect(s *runner.Suite, env string) (want, got *runner.Side) {
	var heads []string
	if hasHead(s.Cases) {
		cs := make([]runner.Case, 0, len(s.Cases)+1)
		for _, c := range s.Cases {
			cs = append(cs, c)
			if c.Method == "HEAD" {
				g := c
				g.ID, g.Method = c.ID+headGET, "GET"
				cs = append(cs, g)
				heads = append(heads, c.ID)
			}
		}
		s = &runner.Suite{Scenario: s.Scenario, Envs: s.Envs, Masks: s.Masks, Cases: cs}
	}
	want, got = f.collectAll(s, env)
	for _, side := range []*runner.Side{want, got} {
		for _, id := range heads {
			if r, ok := side.Responses[id]; ok {
				side.Responses[id] = runner.CleanHead(r, side.Responses[id+headGET])
			}
			delete(side.Responses, id+headGET)
			delete(side.Errs, id+headGET)
		}
	}
	return want, got
}

func hasHead(cs []runner.Case) bool {
	for _, c := range cs {
		if c.Method == "HEAD" {
			return true
		}
	}
	return false
}

// collectAll sends the suite's cases to both sides at once and returns
// their cleaned answers.
func (f *fuzzer) collectAll(s *runner.Suite, env string) (want, got *runner.Side) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		want = runner.Collect(s, env, f.express, f.fx, f.fo.Timeout)
	}()
	got = runner.Collect(s, env, f.fast, f.fx, f.fo.Timeout)
	wg.Wait()
	return want, got
}

// compare returns the differences between the two answers to c, and
// whether neither side answered.
func (f *fuzzer) compare(c *runner.Case, want, got *runner.Side) ([]runner.Difference, bool) {
	we, ge := want.Errs[c.ID], got.Errs[c.ID]
	switch {
	case we != nil && ge != nil:
		return nil, true
	case we != nil:
		return []runner.Difference{{Field: "transport", Want: "error: " + we.Error(), Got: "a response"}}, false
	case ge != nil:
		return []runner.Difference{{Field: "transport", Want: "a response", Got: "error: " + ge.Error()}}, false
	}
	return runner.Compare(f.mode, want.Responses[c.ID], got.Responses[c.ID], c.Ignore), false
}

// explained reports whether the parent case's divergence entry allows the
// differences.
func (f *fuzzer) explained(scenario, env, parent string, diffs []runner.Difference) bool {
	e := f.divergences.Match(scenario, env, parent)
	return e != nil && e.Allows(diffs)
}

// groupKey is what makes two findings the same difference: the scenario,
// the differing fields and, when the status differs, the two statuses (for
// a parser's rejection, the scenario, the parser and the statuses).
func groupKey(scenario, class string, diffs []runner.Difference) string {
	var fields []string
	status := ""
	for _, d := range diffs {
		fields = append(fields, d.Field)
		switch d.Field {
		case "status":
			status = " " + d.Want + "→" + d.Got
		case "transport":
			if strings.HasPrefix(d.Want, "error") {
				status = " express failed"
			} else {
				status = " fast failed"
			}
		}
	}
	sort.Strings(fields)
	if class != "" {
		// A parser's rejection differs in whatever the other side's
		// answer had: the statuses say enough.
		return scenario + status + " (" + class + ")"
	}
	return scenario + status + " [" + strings.Join(fields, ", ") + "]"
}

func (f *fuzzer) group(s *runner.Suite, o *scenarioOutcome) []*FuzzGroup {
	byKey := map[string]*FuzzGroup{}
	var order []string
	for _, fd := range o.findings {
		k := groupKey(s.Scenario, fd.Class, fd.Diffs)
		g := byKey[k]
		if g == nil {
			g = &FuzzGroup{Key: k, Scenario: s.Scenario, Example: *fd, Parents: map[string]int{}}
			byKey[k] = g
			order = append(order, k)
		}
		g.Count++
		g.Parents[fd.Parent]++
		// The example is the shortest request (then the earliest).
		if len(fd.Raw) < len(g.Example.Raw) {
			g.Example = *fd
		}
	}
	// Differences of the apps first, then the parsers' rejections.
	sort.SliceStable(order, func(i, j int) bool { return byKey[order[i]].Example.Class < byKey[order[j]].Example.Class })
	out := make([]*FuzzGroup, 0, len(order))
	for _, k := range order {
		g := byKey[k]
		f.shrink(s, g, o)
		out = append(out, g)
	}
	return out
}

// shrink drops the example's mutations one at a time while the request,
// replayed on its parent with the rest, still differs in the same way.
func (f *fuzzer) shrink(s *runner.Suite, g *FuzzGroup, o *scenarioOutcome) {
	ex := &g.Example
	for i := 0; i < len(ex.muts) && len(ex.muts) > 1; {
		if time.Now().After(f.deadline) {
			return
		}
		try := append(append([]runner.Mutation(nil), ex.muts[:i]...), ex.muts[i+1:]...)
		c := runner.Derive(ex.parent, "shrink", try)
		sub := &runner.Suite{Scenario: s.Scenario, Envs: []string{ex.Env}, Masks: s.Masks, Cases: []runner.Case{c}}
		want, got := f.collect(sub, ex.Env)
		o.shrinks++
		diffs, both := f.compare(&c, want, got)
		class := classOf(f.mode, want.Responses[c.ID], got.Responses[c.ID])
		if !both && len(diffs) > 0 && groupKey(s.Scenario, class, diffs) == g.Key {
			ex.muts, ex.Mutations, ex.Raw, ex.Diffs = try, descs(try), rawOf(&c), diffs
			continue
		}
		i++
	}
}

// classOf says which parser, if any, refused the request (FuzzFinding.Class):
// "node-parser", the server's ("fasthttp-parser", or "nethttp-parser" when
// fast runs behind net/http), or "both-parsers".
func classOf(mode runner.ServerMode, want, got *runner.Response) string {
	node := want != nil && want.Status >= 400 && len(want.Body) == 0
	if node {
		for _, h := range want.Headers {
			if !strings.EqualFold(h[0], "transfer-encoding") {
				node = false
			}
		}
	}
	server := got != nil && serverRefusal(got)
	switch {
	case node && server:
		return "both-parsers"
	case node:
		return "node-parser"
	case server && (mode == runner.ModeNetHTTP || mode == runner.ModeHTTP2):
		return "nethttp-parser"
	case server:
		return "fasthttp-parser"
	}
	return ""
}

// serverRefusal reports whether fast's answer is its server's own
// rejection, made before the app ran: a 4xx or 5xx without X-Powered-By
// and with no header but the body's type and length, whose body is empty
// (fasthttp) or the status line's text ("400 Bad Request", optionally
// followed by ": reason"; net/http).
func serverRefusal(r *runner.Response) bool {
	if r.Status < 400 {
		return false
	}
	for _, h := range r.Headers {
		switch strings.ToLower(h[0]) {
		case "content-length", "content-type", "transfer-encoding", "x-content-type-options":
		default:
			return false
		}
	}
	return len(r.Body) == 0 || strings.HasPrefix(string(r.Body), strconv.Itoa(r.Status)+" ")
}

// hasField reports whether diffs has a difference in field.
func hasField(diffs []runner.Difference, field string) bool {
	for _, d := range diffs {
		if d.Field == field {
			return true
		}
	}
	return false
}

func descs(muts []runner.Mutation) []string {
	out := make([]string, len(muts))
	for i, m := range muts {
		out[i] = m.Desc
	}
	return out
}

func rawOf(c *runner.Case) string {
	b, err := runner.RequestBytes(c)
	if err != nil {
		return "(" + err.Error() + ")"
	}
	return string(b)
}

// onceServers starts each app of its inner Servers once and hands out the
// same way of reaching it to every Collect, so that a fuzz run's batches
// reach the same app (the Go side would otherwise build a new one per
// call, losing the state the node side keeps).
type onceServers struct {
	inner runner.Servers
	mu    sync.Mutex
	sends map[string]runner.Send
	errs  map[string]error
}

// Start implements runner.Servers.
func (o *onceServers) Start(scenario, app, env string) (runner.Dialer, error) {
	return o.inner.Start(scenario, app, env)
}

// StartSend implements runner.Sender, starting the app on first use.
func (o *onceServers) StartSend(scenario, app, env string) (runner.Send, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	key := scenario + "/" + app + "/" + env
	if s, ok := o.sends[key]; ok {
		return s, o.errs[key]
	}
	if o.sends == nil {
		o.sends, o.errs = map[string]runner.Send{}, map[string]error{}
	}
	var s runner.Send
	var err error
	if snd, ok := o.inner.(runner.Sender); ok {
		s, err = snd.StartSend(scenario, app, env)
	} else {
		var dial runner.Dialer
		if dial, err = o.inner.Start(scenario, app, env); err == nil {
			s = runner.DialSend(dial)
		}
	}
	o.sends[key], o.errs[key] = s, err
	return s, err
}
