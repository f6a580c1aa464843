package router

import (
	"strings"
	"testing"
)

// redosCases are the inputs of the path-to-regexp advisories (and worse:
// user-supplied nested quantifiers, which path-to-regexp never protected):
// a backtracking engine takes exponential or polynomial time on them.
var redosCases = []struct {
	name    string
	pattern string
	path    string
	match   bool
}{
	// CVE-2024-45296 (fixed in 0.1.10): two parameters in one segment
	{"CVE-2024-45296", "/:a-:b", "/" + strings.Repeat("a-", 4000) + "/z", false},
	{"CVE-2024-45296 flights", "/flights/:from-:to", "/flights/" + strings.Repeat("a-", 4000) + "/z", false},
	{"CVE-2024-45296 matching", "/:a-:b", "/" + strings.Repeat("a-", 4000) + "a", true},
	// CVE-2024-52798 (0.1.12): the incomplete fix, three or more parameters
	{"CVE-2024-52798", "/:a-:b-:c", "/" + strings.Repeat("a-", 4000) + "/z", false},
	// CVE-2026-4867 (0.1.13): the backtrack literal after a wildcard or key
	{"CVE-2026-4867", "/:a-:b-:c-:d", "/" + strings.Repeat("a-", 4000) + "/z", false},
	{"CVE-2026-4867 star", "/*-:a-:b", "/" + strings.Repeat("a-", 4000) + "/z", false},
	{"dots", "/:a.:b", "/" + strings.Repeat("a.", 4000) + "/z", false},
	{"optional", "/:a-:b?", "/" + strings.Repeat("a-", 4000) + "/z", false},
	{"long separator", "/:a-x-:b", "/" + strings.Repeat("a-x-", 2000) + "/z", false},
	// user-supplied regular expressions: (a+)+b is exponential for a backtracker
	{"nested quantifier", "/:id((a+)+b)", "/" + strings.Repeat("a", 8000) + "!", false},
	{"alternation", "/:id((a|aa)+$)", "/" + strings.Repeat("a", 8000) + "!", false},
	{"lookahead in loop", "/:id((?:(?=a*!)a)+)", "/" + strings.Repeat("a", 8000) + "/", false},
}

// matchWork matches on the regex engine (not the simple matcher) and
// returns the instructions executed.
func matchWork(t *testing.T, re *regex, path string) (int, bool) {
	t.Helper()
	mt := re.pool.Get().(*reMatcher)
	defer re.pool.Put(mt)
	ok := mt.exec(path) != nil
	return mt.work, ok
}

// TestReDoSLinear checks that the advisories' inputs run in linear time:
// the instructions executed stay within a small multiple of
// len(program) × len(path), with the backtracker and with the Pike VM.
// (BenchmarkReDoS gives the wall-clock figures.)
func TestReDoSLinear(t *testing.T) {
	t.Parallel()
	for _, tt := range redosCases {
		p := compilePattern(t, tt.pattern, routeOptions)
		for _, eo := range []engineOpts{{}, {pike: true}, {pike: true, noFuse: true, noLits: true, noBounded: true}} {
			re, err := compileRegexWith(toUnits(p.Source()), true, eo)
			if err != nil {
				t.Fatal(err)
			}
			work, ok := matchWork(t, re, tt.path)
			if ok != tt.match {
				t.Errorf("%s %+v: match %v, want %v", tt.name, eo, ok, tt.match)
			}
			size := len(re.main.insts)
			for _, d := range re.looks {
				if d.fwd != nil {
					size += len(d.fwd.insts) + len(d.rev.insts)
				}
			}
			if bound := 2 * size * (len(tt.path) + 1); work > bound {
				t.Errorf("%s %+v: %d instructions for %d bytes × %d instructions (bound %d)", tt.name, eo, work, len(tt.path), size, bound)
			}
		}
		// and through the public API
		caps := make([]int32, 2*len(p.Keys()))
		if _, _, ok := p.Match(tt.path, caps); ok != tt.match {
			t.Errorf("%s: Match %v, want %v", tt.name, ok, tt.match)
		}
	}
}
