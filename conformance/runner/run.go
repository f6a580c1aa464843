package runner

import (
	"errors"
	"fmt"
	"net"
	"regexp"
	"strings"
	"time"
)

// Dialer opens a connection to a running scenario app.
type Dialer func() (net.Conn, error)

// ErrNoScenario is returned by a Servers implementation that has no app
// for a scenario.
var ErrNoScenario = errors.New("runner: scenario not implemented")

// Servers starts scenario apps.
type Servers interface {
	// Start starts the app of scenario ("" is the main app) in env mode
	// and returns how to reach it, or ErrNoScenario.
	Start(scenario, app, env string) (Dialer, error)
}

// Outcome classifies a case.
type Outcome string

// The outcomes of a case.
const (
	Pass      Outcome = "pass"      // same response, not listed
	Divergent Outcome = "divergent" // differs, on the divergence list
	Pending   Outcome = "pending"   // differs, on the pending list
	Fail      Outcome = "fail"      // differs, not listed (or beyond the listed fields)
	Fixed     Outcome = "fixed"     // listed, but now the same: take it off the list
)

// Result is the outcome of one case.
type Result struct {
	Scenario string       `json:"scenario"`
	Env      string       `json:"env"`
	ID       string       `json:"id"`
	Outcome  Outcome      `json:"outcome"`
	Diffs    []Difference `json:"diffs,omitempty"`
	// Reason is the listed reason, for divergent, pending and fixed cases.
	Reason string `json:"reason,omitempty"`
	// Listed is which list matched: "pending" or "divergences".
	Listed string `json:"listed,omitempty"`
}

// Config is what Run needs besides the suite.
type Config struct {
	// Fast starts the fast side of each scenario.
	Fast Servers
	// Express answers for Express: a Golden per scenario, or live
	// servers. Exactly one of Goldens and Live is set.
	Goldens map[string]*Golden
	Live    Servers
	// Fixtures is the directory the fixture files were copied to, for
	// Clean.
	Fixtures string
	// Pending and Divergences are the lists.
	Pending, Divergences *List
	// Timeout bounds each request; default 10s.
	Timeout time.Duration
	// Mode is the server Fast serves the apps with, for the normalisation
	// rules of that mode (adjustForServer); default ModeFasthttp.
	Mode ServerMode
}

// Side is one framework's cleaned answers to a suite in one env, keyed by
// case ID; a transport error is kept as Err.
type Side struct {
	Responses map[string]*Response
	Errs      map[string]error
}

// Collect sends every case of the suite that runs in env to the app it
// names, started by srv, and cleans the answers. A case header value may refer
// to an earlier case's cookies as {{cookies:ID}}: the name=value pairs of
// that response's Set-Cookie headers, joined with "; ".
func Collect(s *Suite, env string, srv Servers, fixtures string, timeout time.Duration) *Side {
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	side := &Side{Responses: map[string]*Response{}, Errs: map[string]error{}}
	raw := map[string]*Response{}
	masks := compileMasks(s)
	sends := map[string]Send{}
	startErr := map[string]error{}
	for _, app := range s.Apps(env) {
		sends[app], startErr[app] = startSend(srv, s.Scenario, app, env)
	}
	for i := range s.Cases {
		c := s.Cases[i]
		if !c.RunsIn(env) {
			continue
		}
		if err := startErr[c.App]; err != nil {
			side.Errs[c.ID] = err
			continue
		}
		c.Headers = expandRefs(c.Headers, raw)
		r, err := sends[c.App](&c, timeout)
		if err != nil {
			side.Errs[c.ID] = err
			continue
		}
		raw[c.ID] = r
		cl := Clean(r, fixtures)
		applyMasks(cl, masks)
		side.Responses[c.ID] = cl
	}
	return side
}

var refPattern = regexp.MustCompile(`\{\{cookies:([^}]+)\}\}`)

func expandRefs(headers [][2]string, raw map[string]*Response) [][2]string {
	out := make([][2]string, len(headers))
	for i, h := range headers {
		out[i] = [2]string{h[0], refPattern.ReplaceAllStringFunc(h[1], func(m string) string {
			id := refPattern.FindStringSubmatch(m)[1]
			r := raw[id]
			if r == nil {
				return ""
			}
			var pairs []string
			for _, sh := range r.Headers {
				if strings.EqualFold(sh[0], "Set-Cookie") {
					pair, _, _ := strings.Cut(sh[1], ";")
					pairs = append(pairs, pair)
				}
			}
			return strings.Join(pairs, "; ")
		})}
	}
	return out
}

// Mask is a per-suite rewrite for values that are random by design
// (session IDs): every match of Pattern in a header value or the body is
// replaced with Replace.
type Mask struct {
	Pattern string `json:"pattern"`
	Replace string `json:"replace"`
}

type compiledMask struct {
	re  *regexp.Regexp
	rep string
}

func compileMasks(s *Suite) []compiledMask {
	var out []compiledMask
	for _, m := range s.Masks {
		out = append(out, compiledMask{regexp.MustCompile(m.Pattern), m.Replace})
	}
	return out
}

func applyMasks(r *Response, masks []compiledMask) {
	for _, m := range masks {
		for i := range r.Headers {
			r.Headers[i][1] = m.re.ReplaceAllString(r.Headers[i][1], m.rep)
		}
		r.Body = m.re.ReplaceAll(r.Body, []byte(m.rep))
	}
}

// Run replays a suite against fast in every env and compares each answer
// with Express's, classifying every case against the lists.
func Run(s *Suite, cfg *Config) ([]Result, error) {
	var out []Result
	for _, env := range s.EnvList() {
		var want *Side
		switch {
		case cfg.Live != nil:
			want = Collect(s, env, cfg.Live, cfg.Fixtures, cfg.Timeout)
		default:
			g := cfg.Goldens[s.Scenario]
			if g == nil {
				return nil, fmt.Errorf("no golden for scenario %s: record it with -record", s.Scenario)
			}
			want = &Side{Responses: map[string]*Response{}, Errs: map[string]error{}}
			for _, c := range s.Cases {
				if !c.RunsIn(env) {
					continue
				}
				r := g.Responses[Key(env, c.ID)]
				if r == nil {
					return nil, fmt.Errorf("golden %s has no %s: re-record it with -record", s.Scenario, Key(env, c.ID))
				}
				want.Responses[c.ID] = r
			}
		}
		got := Collect(s, env, cfg.Fast, cfg.Fixtures, cfg.Timeout)
		for _, c := range s.Cases {
			if !c.RunsIn(env) {
				continue
			}
			out = append(out, classify(s, env, &c, want, got, cfg))
		}
	}
	return out, nil
}

func classify(s *Suite, env string, c *Case, want, got *Side, cfg *Config) Result {
	res := Result{Scenario: s.Scenario, Env: env, ID: c.ID}
	switch {
	case want.Errs[c.ID] != nil:
		res.Diffs = []Difference{{Field: "transport", Want: "error: " + want.Errs[c.ID].Error(), Got: "-"}}
	case errors.Is(got.Errs[c.ID], ErrNoScenario):
		name := s.Scenario
		if c.App != "" {
			name += "/" + c.App
		}
		res.Diffs = []Difference{{Field: "scenario", Want: "an app", Got: "no Go app " + name}}
	case got.Errs[c.ID] != nil:
		res.Diffs = []Difference{{Field: "transport", Want: "a response", Got: "error: " + got.Errs[c.ID].Error()}}
	default:
		w := want.Responses[c.ID]
		res.Diffs = Diff(Normalize(w), Normalize(adjustForServer(cfg.Mode, w, got.Responses[c.ID])), c.Ignore)
	}
	var entry *Entry
	if e := cfg.Divergences.Match(s.Scenario, env, c.ID); e != nil {
		entry, res.Listed = e, "divergences"
	} else if e := cfg.Pending.Match(s.Scenario, env, c.ID); e != nil {
		entry, res.Listed = e, "pending"
	}
	if entry != nil {
		res.Reason = entry.Reason
	}
	switch {
	case len(res.Diffs) == 0 && entry == nil:
		res.Outcome = Pass
	case len(res.Diffs) == 0:
		res.Outcome = Fixed
	case entry == nil:
		res.Outcome = Fail
	case res.Listed == "divergences" && !entry.Allows(res.Diffs):
		res.Outcome = Fail
	case res.Listed == "divergences":
		res.Outcome = Divergent
	default:
		res.Outcome = Pending
	}
	return res
}
