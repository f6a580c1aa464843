// Command report turns the end-to-end comparison's fwbench reports into
// bench/RESULTS.md's e2e section and bench/e2e/chart.svg (bench/e2e/run.sh
// runs it):
//
//	report -text text.json -json json.json -wire wire.md -load load.txt \
//	    -results RESULTS.md -svg chart.svg [-cmd ... -started ... -node ...]
//
// It refuses reports in which a server failed a request, answered anything
// but 200, or was not measured (fwbench --pid): the tables would mislead.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	if err := realMain(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

func realMain(args []string) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	text := fs.String("text", "", "fwbench comparison report of GET / (JSON)")
	jsonRoute := fs.String("json", "", "fwbench comparison report of GET /user/alice (JSON)")
	wire := fs.String("wire", "", "check's Markdown table of the bytes each server sends")
	load := fs.String("load", "", "load average samples: lines \"unix-seconds load1 load5 load15\"")
	results := fs.String("results", "", "Markdown file whose e2e section to write (created if missing)")
	svg := fs.String("svg", "", "SVG chart to write")
	var m meta
	fs.StringVar(&m.Cmd, "cmd", "bench/e2e/run.sh", "the command that produced the run")
	fs.StringVar(&m.Started, "started", "", "when the measurement started (RFC 3339)")
	rt := fs.Int("rt", 0, "1 if the servers and fwbench ran under SCHED_RR")
	fs.StringVar(&m.Node, "node", "", "node version")
	fs.StringVar(&m.Express, "express", "", "Express version")
	fs.StringVar(&m.Go, "go", "", "Go version")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *text == "" || *jsonRoute == "" || *results == "" || *svg == "" {
		return errors.New("-text, -json, -results and -svg are required")
	}
	m.RT = *rt == 1
	var routes []*route
	for _, p := range []string{*text, *jsonRoute} {
		r, err := readComparison(p)
		if err != nil {
			return err
		}
		routes = append(routes, r)
	}
	if err := sameServers(routes); err != nil {
		return err
	}
	if *wire != "" {
		b, err := os.ReadFile(*wire)
		if err != nil {
			return err
		}
		m.Wire = string(b)
	}
	if *load != "" {
		l, err := readLoad(*load)
		if err != nil {
			return err
		}
		m.Load = l
	}
	if m.Started == "" {
		m.Started = routes[0].Start.UTC().Format("2006-01-02T15:04:05Z")
	}
	if m.Go == "" {
		m.Go = routes[0].Go
	}
	rel, err := filepath.Rel(filepath.Dir(*results), *svg)
	if err != nil {
		rel = *svg
	}
	doc, err := os.ReadFile(*results)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	out, err := splice(string(doc), markdown(&m, routes, filepath.ToSlash(rel)))
	if err != nil {
		return err
	}
	caption := fmt.Sprintf("%d rounds of %gs per server and route, %d connections, started %s; load average %s", routes[0].Rounds, routes[0].Secs, routes[0].Conns, m.Started, m.Load)
	if err := os.WriteFile(*svg, []byte(chartSVG(routes, caption)), 0o644); err != nil {
		return err
	}
	return os.WriteFile(*results, []byte(out), 0o644)
}

// sameServers checks that every route compared the same servers in the
// same order.
func sameServers(routes []*route) error {
	for _, r := range routes[1:] {
		if len(r.Rows) != len(routes[0].Rows) {
			return fmt.Errorf("the routes compare %d and %d servers", len(routes[0].Rows), len(r.Rows))
		}
		for i := range r.Rows {
			if r.Rows[i].Label != routes[0].Rows[i].Label {
				return fmt.Errorf("server %d is %s on one route and %s on the other", i+1, routes[0].Rows[i].Label, r.Rows[i].Label)
			}
		}
	}
	return nil
}
