package main

import (
	"fmt"
	"math"
	"strings"
)

// meta is what run.sh knows about the run beyond fwbench's reports.
type meta struct {
	Cmd     string // the command line that produced the run
	Started string // RFC 3339
	RT      bool   // servers and fwbench under SCHED_RR
	Node    string
	Express string
	Go      string
	Load    loadStats
	Wire    string // check's Markdown table
}

// The markers of the section in RESULTS.md. The report rewrites what lies
// between the generated markers; the rest of the section (between the outer
// markers) is prose kept across runs.
const (
	beginMark    = "<!-- e2e:begin (bench/e2e/run.sh; owned by the e2e comparison) -->"
	endMark      = "<!-- e2e:end -->"
	genBeginMark = "<!-- e2e:generated:begin (rewritten by bench/e2e/run.sh; do not edit) -->"
	genEndMark   = "<!-- e2e:generated:end -->"
)

// splice puts generated into doc between the generated markers, or, when
// doc has none, appends a new section holding them.
func splice(doc, generated string) (string, error) {
	i, j := strings.Index(doc, genBeginMark), strings.Index(doc, genEndMark)
	switch {
	case i >= 0 && j > i:
		return doc[:i+len(genBeginMark)] + "\n" + generated + doc[j:], nil
	case i >= 0 || j >= 0 || strings.Contains(doc, beginMark) != strings.Contains(doc, endMark):
		return "", fmt.Errorf("the e2e markers in the results file are broken: fix them by hand")
	case strings.Contains(doc, beginMark):
		k := strings.Index(doc, endMark)
		return doc[:k] + genBeginMark + "\n" + generated + genEndMark + "\n" + doc[k:], nil
	}
	if doc != "" && !strings.HasSuffix(doc, "\n\n") {
		doc = strings.TrimRight(doc, "\n") + "\n\n"
	}
	return doc + beginMark + "\n" + genBeginMark + "\n" + generated + genEndMark + "\n" + endMark + "\n", nil
}

// markdown writes the generated part of the section.
func markdown(m *meta, routes []*route, svgPath string) string {
	var b strings.Builder
	r0 := routes[0]
	b.WriteString("## End to end: seven servers, two routes (issue 7)\n\n")
	fmt.Fprintf(&b, "Recorded with `%s` (started %s). ", m.Cmd, m.Started)
	fmt.Fprintf(&b, "Each server on 127.0.0.1 pinned to core 0 (Go servers with GOMAXPROCS=1; node runs JavaScript on one thread), "+
		"fwbench %s pinned to core 1, %s. `fwbench compare` ran every server once per round, the order rotated each round, "+
		"%d rounds of %gs per server and route after a discarded warm-up, closed loop (`--max`) with %d connections; "+
		"each figure is divided by raw fasthttp's **in the same round**, and the tables give the median of those ratios and "+
		"their min–max over the rounds. Server CPU per request is the server process's user + system CPU time (all threads) "+
		"during its run, read by fwbench from the process's CPU clock (`--pid`), over the responses it received.\n\n",
		r0.Fwb, prioText(m.RT), r0.Rounds, r0.Secs, r0.Conns)
	fmt.Fprintf(&b, "Versions: %s, fasthttp v1.74.0, fast (this repository), Fiber v2.52.15, gin v1.12.0, echo v5.3.1, net/http (%s), "+
		"Express %s on Node %s. Load average (1 min) during the measurement: %s.\n\n", m.Go, m.Go, m.Express, m.Node, m.Load)
	for _, r := range routes {
		fmt.Fprintf(&b, "### `GET %s`%s\n\n", r.Path, routeKind(r.Path))
		b.WriteString("| server | req/s, median [min–max] | req/s ÷ fasthttp, median [min–max] | per round | server CPU µs/request, median [min–max] | CPU/request ÷ fasthttp, median [min–max] | per round |\n")
		b.WriteString("|---|---:|---:|---|---:|---:|---|\n")
		for i, row := range r.Rows {
			tp, cpu := row.Throughput, row.ServerCPU
			fmt.Fprintf(&b, "| %s | %s [%s–%s] | %s | %s | %.2f [%.2f–%.2f] | %s | %s |\n", row.Label,
				thousands(tp.Median), thousands(tp.Min), thousands(tp.Max), ratioCell(i, tp), perRound(i, tp),
				cpu.Median, cpu.Min, cpu.Max, ratioCell(i, cpu), perRound(i, cpu))
		}
		b.WriteString("\n")
		var notes []string
		for _, row := range r.Rows[1:] {
			for _, f := range []struct {
				name string
				fig  figure
			}{{"req/s", row.Throughput}, {"CPU/request", row.ServerCPU}} {
				if f.fig.Disagree {
					notes = append(notes, fmt.Sprintf("%s's %s ratio crosses 1 between rounds (%.2f–%.2f): no difference shown", row.Label, f.name, f.fig.RatioMin, f.fig.RatioMax))
				}
			}
		}
		var busy []string
		for _, row := range r.Rows {
			if row.Bottleneck > 0 {
				busy = append(busy, fmt.Sprintf("%s (%d of %d rounds)", row.Label, row.Bottleneck, r.Rounds))
			}
		}
		if len(busy) > 0 {
			notes = append(notes, "fwbench used ≥ 90% of its core against "+strings.Join(busy, ", ")+
				": there the generator co-limits req/s, and the CPU/request ratios are the better figure")
		}
		for _, n := range notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
		if len(notes) > 0 {
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(&b, "![Ratios to raw fasthttp: req/s and server CPU per request, both routes](%s)\n\n", svgPath)
	b.WriteString("### What each server sends\n\n")
	b.WriteString("Checked before measuring by `bench/e2e/check` on one keep-alive connection (run.sh stops if any answer is wrong). " +
		"Every server answers `Hello, World!` as `text/plain; charset=utf-8` and `{\"name\":\"alice\"}` as " +
		"`application/json; charset=utf-8`. Express and fast run with `x-powered-by` and `etag` disabled, raw fasthttp without its " +
		"`Server` header (Fiber and fast send none), echo with the Content-Type set before `c.String` and `c.JSON` (its own are `text/plain; charset=UTF-8` and `application/json`).\n\n")
	b.WriteString(m.Wire)
	b.WriteString("\n")
	return b.String()
}

func prioText(rt bool) string {
	if rt {
		return "servers and fwbench under the real-time policy SCHED_RR, priority 10 (`chrt -r 10`), so that the machine's other work does not preempt them"
	}
	return "at normal priority"
}

func routeKind(path string) string {
	if path == "/" {
		return " (plain text)"
	}
	return " (parameter, JSON)"
}

func ratioCell(i int, f figure) string {
	if i == 0 {
		return "1 (baseline)"
	}
	return fmt.Sprintf("**%.3f** [%.3f–%.3f]", f.Ratio, f.RatioMin, f.RatioMax)
}

func perRound(i int, f figure) string {
	if i == 0 {
		return ""
	}
	parts := make([]string, len(f.Ratios))
	for k, r := range f.Ratios {
		parts[k] = fmt.Sprintf("%.2f", r)
	}
	return strings.Join(parts, " ")
}

// thousands formats v rounded, with thousands separators.
func thousands(v float64) string {
	n := int64(math.Round(v))
	s := fmt.Sprint(n)
	if n < 0 {
		return "-" + thousands(-v)
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
