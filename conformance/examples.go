package conformance

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/fwgo/fw/conformance/runner"
)

// ExampleSuites lists the examples (directories of examples/) that have a
// request list, testdata/cases.json.
func ExampleSuites(moduleRoot string) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(moduleRoot, "examples", "*", "testdata", "cases.json"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, m := range matches {
		out = append(out, filepath.Base(filepath.Dir(filepath.Dir(m))))
	}
	return out, nil
}

// pinTimes sets the modification time of every file and directory under
// dir to runner.FixtureTime, so that the example's static ETags and
// Last-Modified match those of the Go port's pinned copy.
func pinTimes(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, runner.FixtureTime, runner.FixtureTime)
	})
}

// RecordExamples runs each named example (all with a request list when
// names is empty) as the original Express example of the checkout (a copy
// of Express's repository with its devDependencies installed; the
// committed recordings come from the 4.x head, whose package.json says
// 4.22.2 and whose lib/ is identical to 4.22.3's), sends it the example's requests and writes
// examples/NAME/testdata/express.json.
func RecordExamples(moduleRoot, checkout string, names []string) ([]string, error) {
	if len(names) == 0 {
		var err error
		if names, err = ExampleSuites(moduleRoot); err != nil {
			return nil, err
		}
	}
	version := "unknown"
	if b, err := os.ReadFile(filepath.Join(checkout, "package.json")); err == nil {
		var p struct{ Version string }
		if json.Unmarshal(b, &p) == nil {
			version = p.Version
		}
	}
	nodeVersion := "unknown"
	if out, err := exec.Command("node", "--version").Output(); err == nil {
		nodeVersion = strings.TrimSpace(string(out))
	}
	hook := filepath.Join(moduleRoot, "conformance", "js", "tools", "listen-hook.js")
	var written []string
	for _, name := range names {
		dir := filepath.Join(moduleRoot, "examples", name, "testdata")
		s, err := runner.LoadSuite(filepath.Join(dir, "cases.json"))
		if err != nil {
			return written, err
		}
		if err := pinTimes(filepath.Join(checkout, "examples", name)); err != nil {
			return written, err
		}
		ex, err := runner.StartExample(hook, checkout, name)
		if err != nil {
			return written, fmt.Errorf("%s: %w", name, err)
		}
		// The example's directory reads {fixtures} in the answers (an
		// error message naming its views directory), as the Go port's
		// does in Replay.
		exDir, err := filepath.Abs(filepath.Join(checkout, "examples", name))
		if err != nil {
			ex.Close()
			return written, err
		}
		g := &runner.Golden{Scenario: s.Scenario, Express: version, Node: nodeVersion, Responses: map[string]*runner.Response{}}
		for _, env := range s.EnvList() {
			side := runner.Collect(s, env, ex, exDir, 0)
			for id, e := range side.Errs {
				ex.Close()
				return written, fmt.Errorf("example %s %s: express did not answer: %w", name, runner.Key(env, id), e)
			}
			for id, r := range side.Responses {
				g.Responses[runner.Key(env, id)] = r
			}
		}
		ex.Close()
		p := filepath.Join(dir, "express.json")
		if err := g.Save(p); err != nil {
			return written, err
		}
		written = append(written, p)
	}
	return written, nil
}
