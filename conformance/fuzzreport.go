package conformance

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/fwgo/fw/conformance/runner"
)

// WriteText prints the run's figures and, for each group of differences,
// its example as a reproduction: the command, the raw request and the
// differing parts of both answers.
func (r *FuzzReport) WriteText(w io.Writer) {
	fmt.Fprintf(w, "differential fuzz (server %s): seed %d, %d requests per scenario, %d scenarios, %s\n",
		r.Server, r.Seed, r.N, len(r.Scenarios), r.Elapsed)
	fmt.Fprintf(w, "sent %d requests to each side: %d same, %d explained by divergences.json, %d unanswered by both, %d refused by both parsers, %d differ in %d groups (%d more requests to shrink the examples)\n",
		r.Sent, r.Same, r.Explained, r.BothFailed, r.BothRejected, r.Differ, len(r.Groups), r.Shrinks)
	if len(r.Cut) > 0 {
		fmt.Fprintf(w, "the time budget cut short: %s\n", strings.Join(r.Cut, ", "))
	}
	for i, g := range r.Groups {
		ex := g.Example
		fmt.Fprintf(w, "\n## %d. %s: %d requests (from %s)\n", i+1, g.Key, g.Count, parentList(g.Parents))
		server := ""
		if r.Server != string(runner.ModeFasthttp) {
			server = " -server " + r.Server
		}
		fmt.Fprintf(w, "reproduce: go run ./conformance/cmd/conformance -live%s -fuzz %d -seed %d -scenario %s  (request #%d, env %s, case %s",
			server, r.N, r.Seed, g.Scenario, ex.Index, ex.Env, ex.Parent)
		if ex.App != "" {
			fmt.Fprintf(w, ", app %s", ex.App)
		}
		fmt.Fprintf(w, ")\nmutations: %s\nrequest:\n", strings.Join(ex.Mutations, "; "))
		for _, line := range rawLines(ex.Raw) {
			fmt.Fprintf(w, "  %s\n", line)
		}
		fmt.Fprintln(w, "differences:")
		for _, d := range ex.Diffs {
			fmt.Fprintf(w, "  %s\n", d)
		}
	}
}

// rawLines splits a raw request into quoted lines, each with its CRLF, the
// body as one more (cut at 200 bytes).
func rawLines(raw string) []string {
	var out []string
	head, body, _ := strings.Cut(raw, "\r\n\r\n")
	for _, l := range strings.Split(head, "\r\n") {
		if len(l) > 200 {
			l = l[:200] + "…(" + strconv.Itoa(len(l)) + " bytes)"
		}
		out = append(out, strconv.Quote(l+"\r\n"))
	}
	out = append(out, strconv.Quote("\r\n"))
	if body != "" {
		if len(body) > 200 {
			body = body[:200] + "…"
		}
		out = append(out, strconv.Quote(body))
	}
	return out
}

func parentList(m map[string]int) string {
	type pc struct {
		id string
		n  int
	}
	var l []pc
	for id, n := range m {
		l = append(l, pc{id, n})
	}
	sort.Slice(l, func(i, j int) bool { return l[i].n > l[j].n || l[i].n == l[j].n && l[i].id < l[j].id })
	var parts []string
	for i, p := range l {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("%d more cases", len(l)-5))
			break
		}
		parts = append(parts, fmt.Sprintf("%s×%d", p.id, p.n))
	}
	return strings.Join(parts, ", ")
}
