// Package extest runs the ported Express examples in tests: in memory, as
// supertest runs the originals, with a small request helper for the
// ported acceptance tests and a replay of the original example's recorded
// answers (testdata/express.json) through the conformance runner.
package extest

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fwgo/fw/conformance/runner"
	"github.com/fwgo/fw/fast"
	"github.com/valyala/fasthttp/fasthttputil"
)

// Server is an app served in memory for one test.
type Server struct {
	t    testing.TB
	ln   *fasthttputil.InmemoryListener
	srv  *fast.Server
	dial runner.Dialer
}

var clientAddr = &net.TCPAddr{IP: net.IP{127, 0, 0, 1}, Port: 50000}

// Serve serves app in memory until the test ends.
func Serve(t testing.TB, app *fast.App) *Server {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	s := &Server{t: t, ln: ln, srv: app.Serve(ln)}
	s.dial = func() (net.Conn, error) { return ln.DialWithLocalAddr(clientAddr) }
	t.Cleanup(func() { s.srv.Close() })
	return s
}

// Start implements runner.Servers: every app of a suite is this server.
func (s *Server) Start(scenario, app, env string) (runner.Dialer, error) { return s.dial, nil }

// Request sends method and target, with header lines given as
// "Name: value", and an optional body, and returns the response.
func (s *Server) Request(method, target string, body string, headers ...string) *runner.Response {
	s.t.Helper()
	c := &runner.Case{ID: "request", Method: method, Target: target, Body: body}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		c.Headers = append(c.Headers, [2]string{k, strings.TrimSpace(v)})
	}
	r, err := runner.Do(s.dial, c, 10*time.Second)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, target, err)
	}
	return r
}

// Get is Request("GET", target, "").
func (s *Server) Get(target string, headers ...string) *runner.Response {
	s.t.Helper()
	return s.Request("GET", target, "", headers...)
}

// Expect checks the status and, when body is not "", that the body
// contains it (the acceptance tests' .expect(status, /re/)).
func Expect(t testing.TB, r *runner.Response, status int, body string) {
	t.Helper()
	if r.Status != status {
		t.Errorf("status %d, want %d (body %q)", r.Status, status, r.Body)
	}
	if body != "" && !strings.Contains(string(r.Body), body) {
		t.Errorf("body %q does not contain %q", r.Body, body)
	}
}

// ExpectHeader checks a response header's value.
func ExpectHeader(t testing.TB, r *runner.Response, name, want string) {
	t.Helper()
	if got, _ := r.Header(name); got != want {
		t.Errorf("%s: %q, want %q", name, got, want)
	}
}

// Replay sends the requests of testdata/cases.json to app and compares
// each answer with the original Express example's, recorded in
// testdata/express.json, the example's directory read as {fixtures} on
// both sides. Differences listed in testdata/divergences.json
// (with their reason) are allowed; a listed case that matches fails, so
// the list only shrinks.
func Replay(t *testing.T, app *fast.App) {
	t.Helper()
	s, err := runner.LoadSuite(filepath.Join("testdata", "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := runner.LoadGolden(filepath.Join("testdata", "express.json"))
	if err != nil {
		t.Fatalf("%v (record it with go run ./conformance/cmd/conformance -record-examples CHECKOUT)", err)
	}
	div, err := runner.LoadList(filepath.Join("testdata", "divergences.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The example's directory (the test's working directory) reads
	// {fixtures}, as the original example's did when it was recorded.
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	srv := Serve(t, app)
	for _, env := range s.EnvList() {
		got := runner.Collect(s, env, srv, dir, 0)
		for _, c := range s.Cases {
			if !c.RunsIn(env) {
				continue
			}
			want := g.Responses[runner.Key(env, c.ID)]
			if want == nil {
				t.Errorf("%s: not recorded; re-record the example", c.ID)
				continue
			}
			if e := got.Errs[c.ID]; e != nil {
				t.Errorf("%s %s: %v", c.Method, c.Target, e)
				continue
			}
			diffs := runner.Diff(runner.Normalize(want), runner.Normalize(got.Responses[c.ID]), c.Ignore)
			entry := div.Match(s.Scenario, env, c.ID)
			switch {
			case len(diffs) == 0 && entry != nil:
				t.Errorf("%s now matches Express: take it off testdata/divergences.json (%s)", c.ID, entry.Reason)
			case len(diffs) > 0 && (entry == nil || !entry.Allows(diffs)):
				for _, d := range diffs {
					t.Errorf("%s %s (%s): %s", c.Method, c.Target, c.ID, d)
				}
			}
		}
	}
}

// PinnedCopy copies the directory dir (relative to the test's package) to
// a temporary directory removed when the test ends, with every
// modification time set to runner.FixtureTime, as the original example's
// files were when its answers were recorded, and returns the copy's path.
func PinnedCopy(t testing.TB, dir string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(dir))
	if err := runner.CopyFixtures(dir, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

// Dir returns the path of an example's data directory: rel under the
// example's source directory when run from the module root (go run
// ./examples/NAME), else rel itself (go run . in the example).
func Dir(example, rel string) string {
	p := filepath.Join("examples", example, rel)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return rel
}

// Port returns $PORT, or "3000", as the examples listen on.
func Port() string {
	if p := os.Getenv("PORT"); p != "" {
		return p
	}
	return "3000"
}
