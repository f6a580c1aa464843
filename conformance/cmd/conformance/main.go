// Command conformance runs fw's differential conformance suite against
// Express 4.22.3 and prints the report.
//
//	go run ./conformance/cmd/conformance            # golden mode: compare fast with the recorded Express answers
//	go run ./conformance/cmd/conformance -live      # live mode: start node (npm ci in conformance/js first)
//	go run ./conformance/cmd/conformance -record    # re-record the goldens from live Express
//	go run ./conformance/cmd/conformance -prune     # take cases that now match off the lists
//	go run ./conformance/cmd/conformance -readme    # write the report into conformance/README.md
//	go run ./conformance/cmd/conformance -coverage  # the Express test map's coverage
//	go run ./conformance/cmd/conformance -serve final-handler -env production -port 3000
//	go run ./conformance/cmd/conformance -record-examples /path/to/express-4.22-checkout
//	go run ./conformance/cmd/conformance -live -fuzz 200 -seed 1   # differential fuzz (see fuzz.go)
//
// -scenario a,b limits any of these to some scenarios; -v prints pending
// and divergent cases with their differences too. The exit status is 1
// when the run fails: a case differs without being listed, a listed case
// now matches, a list entry matches nothing, or (live) the goldens drift.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fwgo/fw/conformance"
	scenarios "github.com/fwgo/fw/conformance/go"
	"github.com/fwgo/fw/conformance/runner"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		os.Exit(2)
	}
}

func run() error {
	var (
		live     = flag.Bool("live", false, "compare with Express running in node, and check the goldens against it")
		record   = flag.Bool("record", false, "re-record the goldens from live Express")
		prune    = flag.Bool("prune", false, "take the cases that now match off pending.json and divergences.json")
		readme   = flag.Bool("readme", false, "write the report into conformance/README.md")
		coverage = flag.Bool("coverage", false, "print the coverage of Express's test suite (and fail on map errors)")
		tcp      = flag.Bool("tcp", false, "serve the Go scenarios on loopback ports instead of in memory")
		server   = flag.String("server", "fasthttp", "the server the Go scenarios run on: fasthttp, nethttp (App.ServeHTTP, HTTP/1.1) or h2 (App.ServeHTTP, HTTP/2 over TLS)")
		only     = flag.String("scenario", "", "comma-separated scenarios to run (default all)")
		verbose  = flag.Bool("v", false, "print pending and divergent cases with their differences")
		jsonOut  = flag.String("json", "", "also write the report as JSON to this file")
		serve    = flag.String("serve", "", "serve one Go scenario app (with -env, -port) and block")
		recordEx = flag.String("record-examples", "", "re-record examples/*/testdata/express.json from the original examples of this Express checkout (a copy of the repository at the 4.22 tag, devDependencies installed); -scenario limits the examples")
		env      = flag.String("env", "development", "environment mode for -serve")
		port     = flag.Int("port", 3000, "port for -serve")
	)
	flag.Parse()
	root, err := findRoot()
	if err != nil {
		return err
	}
	var names []string
	if *only != "" {
		names = strings.Split(*only, ",")
	}
	opts := conformance.Options{Root: root, Live: *live, TCP: *tcp, Server: runner.ServerMode(*server), Scenarios: names}

	switch {
	case *fuzzN > 0:
		return runFuzz(opts)
	case *serve != "":
		return serveOne(root, *serve, *env, *port)
	case *recordEx != "":
		written, err := conformance.RecordExamples(filepath.Dir(root), *recordEx, names)
		for _, p := range written {
			fmt.Println("recorded", p)
		}
		return err
	case *record:
		written, err := conformance.Record(opts)
		for _, p := range written {
			fmt.Println("recorded", p)
		}
		return err
	case *coverage:
		return printCoverage(root)
	}

	rep, data, err := conformance.Run(opts)
	if err != nil {
		return err
	}
	if *prune {
		if opts.Server != "" && opts.Server != runner.ModeFasthttp {
			return fmt.Errorf("-prune rewrites the lists from a fasthttp run; run it without -server %s", opts.Server)
		}
		return pruneLists(root, rep, data)
	}
	rep.WriteText(os.Stdout, *verbose)
	if *jsonOut != "" {
		b, _ := json.MarshalIndent(rep, "", "  ")
		if err := os.WriteFile(*jsonOut, b, 0o644); err != nil {
			return err
		}
	}
	if *readme {
		cov, err := conformance.Coverage(root)
		if err != nil {
			return err
		}
		if err := conformance.WriteReadme(root, rep, data, cov); err != nil {
			return err
		}
		fmt.Println("wrote", filepath.Join(root, "README.md"))
	}
	if !rep.OK() {
		fmt.Println("\nFAIL")
		os.Exit(1)
	}
	fmt.Println("\nok")
	return nil
}

// findRoot returns the conformance directory of the module the working
// directory is in.
func findRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "conformance"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not inside the fw module")
		}
		dir = parent
	}
}

func pruneLists(root string, rep *runner.Report, data *conformance.Data) error {
	all := map[string][][2]string{}
	differs := map[string]bool{}
	for _, r := range rep.Results {
		all[r.Scenario] = append(all[r.Scenario], [2]string{r.Env, r.ID})
		if len(r.Diffs) > 0 {
			differs[r.Scenario+"\x00"+runner.Key(r.Env, r.ID)] = true
		}
	}
	still := func(s, env, id string) bool { return differs[s+"\x00"+runner.Key(env, id)] }
	for name, l := range map[string]*runner.List{"pending": data.Pending, "divergences": data.Divergences} {
		removed := l.Prune(all, still)
		for _, r := range removed {
			fmt.Printf("%s.json: removed %s\n", name, r)
		}
		if len(removed) > 0 {
			if err := l.Save(filepath.Join(root, name+".json")); err != nil {
				return err
			}
		}
	}
	return nil
}

func printCoverage(root string) error {
	cov, err := conformance.Coverage(root)
	if err != nil {
		return err
	}
	cov.WriteText(os.Stdout)
	if len(cov.Errors) > 0 {
		os.Exit(1)
	}
	return nil
}

func serveOne(root, name, env string, port int) error {
	b, ok := scenarios.Lookup(name)
	if !ok {
		return fmt.Errorf("no Go scenario %q (have %s)", name, strings.Join(scenarios.Names(), ", "))
	}
	fx, err := os.MkdirTemp("", "fw-conformance-serve-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(fx)
	if err := runner.CopyFixtures(filepath.Join(root, "fixtures"), fx); err != nil {
		return err
	}
	srv, err := b(scenarios.Env{Name: env, Fixtures: fx}).Listen(port, "127.0.0.1")
	if err != nil {
		return err
	}
	fmt.Printf("serving %s (%s) on http://127.0.0.1:%d, fixtures in %s\n", name, env, srv.Port(), fx)
	return srv.Wait()
}
