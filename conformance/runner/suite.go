// Package runner is the differential conformance harness: it sends the same
// raw HTTP/1.1 requests to a scenario app written for Express and to the
// same app written for fast, normalises both responses and diffs them.
//
// A Suite is one scenario's list of requests (conformance/cases/NAME.json);
// a Golden is Express's recorded answers to them (conformance/golden);
// Lists are the committed pending and divergence lists; Run replays a suite
// against a target and classifies every case.
package runner

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Suite is the request list of one scenario, as stored in
// conformance/cases/NAME.json.
type Suite struct {
	// Scenario names the app the requests are sent to (js/scenarios/NAME.js
	// and the Go scenario registered under NAME).
	Scenario string `json:"scenario"`
	// Doc says what the scenario covers.
	Doc string `json:"doc,omitempty"`
	// Envs are the environment modes ("development", "production") the
	// app is started in; every case runs in each. Empty means production.
	Envs []string `json:"envs,omitempty"`
	// Masks rewrite values that are random by design (session IDs) in
	// both sides' responses before they are stored or compared.
	Masks []Mask `json:"masks,omitempty"`
	// Cases are the requests, in the order they are sent.
	Cases []Case `json:"cases"`
}

// Case is one raw request and how to compare its answers.
type Case struct {
	// ID names the case, unique in its suite.
	ID string `json:"id"`
	// App names the app of the scenario the request goes to, for
	// scenarios made of several apps (each Express test builds its own);
	// empty is the scenario's main app.
	App string `json:"app,omitempty"`
	// Method is the request method; default GET.
	Method string `json:"method,omitempty"`
	// Target is the request target, sent verbatim; default "/".
	Target string `json:"target,omitempty"`
	// Headers are sent in order, duplicates kept, names as written. A Host
	// header is sent first unless Headers has one or NoHost is set; a
	// Content-Length is added for a body unless Headers frame it.
	Headers [][2]string `json:"headers,omitempty"`
	// NoHost leaves the default Host header out.
	NoHost bool `json:"noHost,omitempty"`
	// Body is the request body as text; BodyB64 as base64. Gzip compresses
	// it first (deterministically) and Chunked sends it chunked.
	Body    string `json:"body,omitempty"`
	BodyB64 string `json:"bodyB64,omitempty"`
	Gzip    bool   `json:"gzip,omitempty"`
	Chunked bool   `json:"chunked,omitempty"`
	// Envs restricts the case to these environment modes.
	Envs []string `json:"envs,omitempty"`
	// Express lists the Express test cases this request covers, as
	// "FILE: FULL TITLE" (see ExpressRef).
	Express []string `json:"express,omitempty"`
	// Ignore lists response parts left out of the comparison, for values
	// that legitimately vary ("header:last-modified", "body").
	Ignore []string `json:"ignore,omitempty"`
	// Note explains the case.
	Note string `json:"note,omitempty"`
}

// Key returns the case's key in goldens and reports, "ENV/ID".
func Key(env, id string) string { return env + "/" + id }

// BodyBytes returns the request body as it is put on the wire, before
// chunking.
func (c *Case) BodyBytes() ([]byte, error) {
	var b []byte
	switch {
	case c.BodyB64 != "":
		d, err := base64.StdEncoding.DecodeString(c.BodyB64)
		if err != nil {
			return nil, fmt.Errorf("case %s: bodyB64: %w", c.ID, err)
		}
		b = d
	default:
		b = []byte(c.Body)
	}
	if c.Gzip {
		return gzipBytes(b), nil
	}
	return b, nil
}

// RunsIn reports whether the case runs in env.
func (c *Case) RunsIn(env string) bool {
	if len(c.Envs) == 0 {
		return true
	}
	for _, e := range c.Envs {
		if e == env {
			return true
		}
	}
	return false
}

// Apps returns the apps the cases use in env, in first-use order.
func (s *Suite) Apps(env string) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range s.Cases {
		if c.RunsIn(env) && !seen[c.App] {
			seen[c.App] = true
			out = append(out, c.App)
		}
	}
	return out
}

// EnvList returns the suite's environment modes.
func (s *Suite) EnvList() []string {
	if len(s.Envs) == 0 {
		return []string{"production"}
	}
	return s.Envs
}

// LoadSuite reads and checks one suite file.
func LoadSuite(path string) (*Suite, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s Suite
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if s.Scenario == "" {
		return nil, fmt.Errorf("%s: no scenario name", path)
	}
	seen := map[string]bool{}
	for i := range s.Cases {
		c := &s.Cases[i]
		if c.ID == "" || strings.Contains(c.ID, "/") {
			return nil, fmt.Errorf("%s: case %d has no id or an id with a slash", path, i)
		}
		if seen[c.ID] {
			return nil, fmt.Errorf("%s: duplicate case id %q", path, c.ID)
		}
		seen[c.ID] = true
		if c.Method == "" {
			c.Method = "GET"
		}
		if c.Target == "" {
			c.Target = "/"
		}
		for _, ig := range c.Ignore {
			if ig != "body" && !strings.HasPrefix(ig, "header:") {
				return nil, fmt.Errorf("%s: case %s: ignore %q is neither body nor header:NAME", path, c.ID, ig)
			}
		}
		if _, err := c.BodyBytes(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return &s, nil
}

// LoadSuites reads every suite in dir (NAME.json), sorted by scenario.
func LoadSuites(dir string) ([]*Suite, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var out []*Suite
	for _, n := range names {
		s, err := LoadSuite(n)
		if err != nil {
			return nil, err
		}
		if want := strings.TrimSuffix(filepath.Base(n), ".json"); s.Scenario != want {
			return nil, fmt.Errorf("%s: scenario %q does not match the file name", n, s.Scenario)
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Scenario < out[j].Scenario })
	return out, nil
}
