//go:build !race

package router

import (
	"strings"
	"testing"
)

// allocCases cover every kind of string pattern and every engine path: the
// simple matcher, the backtracker with each lookahead strategy, the Pike VM
// (a path too long to backtrack), arrays and JavaScript RegExps.
var allocCases = []struct {
	name string
	path any
	in   string
}{
	{"simple", "/users/:id/posts/:post", "/users/42/posts/7"},
	{"simple miss", "/users/:id/posts/:post", "/users/42/comments/7"},
	{"optional param", "/users/:id?", "/users/42"},
	{"regex param", "/users/:id(\\d+)", "/users/42"},
	{"wildcard", "/files/*", "/files/a/b/c.txt"},
	{"fast star", "*", "/anything"},
	{"fast slash", "/", "/anything"},
	{"format", "/:name.:format?", "/report.pdf"},
	{"two params in a segment", "/:from-:to", "/LAX-SFO"},
	{"star param", "/user/:user*", "/user/tj/a/b"},
	{"array", []string{"/a/:x", "/b/:y?"}, "/b"},
	{"pike VM (long path)", "/:a-:b", "/" + strings.Repeat("a-", 40000) + "a"},
	{"DFA rejection (advisory input)", "/:a-:b-:c-:d", "/" + strings.Repeat("a-", 4000) + "/z"},
	{"DFA then backtracking", "/:a-:b", "/" + strings.Repeat("a-", 100) + "a"},
	{"bounded lookahead", JSRegExp{Source: `^\/(?!admin\b)(\w+)`}, "/users"},
	{"unbounded lookahead", JSRegExp{Source: `^\/(?=.*\.json$)([\w\/]+)`}, "/a/b.json"},
	{"lookahead captures", JSRegExp{Source: `^\/(?=(\w+))\w+\/(x)?`}, "/abc/"},
	{"repeated captures", JSRegExp{Source: `^(?:\/(a)|\/(b))+$`}, "/a/b/a"},
}

func TestMatchAllocations(t *testing.T) {
	for _, tt := range allocCases {
		p := compilePattern(t, tt.path, routeOptions)
		caps := make([]int32, 2*len(p.Keys()))
		p.Match(tt.in, caps) // warm the pooled scratch memory
		runs := 200
		if len(tt.in) > 1000 {
			runs = 5
		}
		n := testing.AllocsPerRun(runs, func() { p.Match(tt.in, caps) })
		if n != 0 {
			t.Errorf("%s: %v allocations per Match", tt.name, n)
		}
	}
}

// TestCandidatesAllocations checks Candidates appends without allocating
// once dst and caps have room: memo hits, walks with parameters, hashed
// children, a branch deeper than the walk's stack, the layers the trie
// does not hold, a lead (its descent, its tail and tailAll).
func TestCandidatesAllocations(t *testing.T) {
	tab := benchTable(t, githubRoutes(t))
	var deep []Layer[int]
	for _, p := range []string{"/a/a/a/a/a/a", "/:a/:b/:c/:d/:e/:f", "/a/:b/a/:d/a/:f", "/:a/a/:c/a/:e/a", "*", "/a/:x?", "/"} {
		deep = append(deep, Layer[int]{Pattern: mustCompile(t, p, routeOptions), Route: true, Methods: 1})
	}
	deepTab := NewTable(deep, false)
	small := benchTable(t, [][2]string{{"GET", "/"}, {"GET", "/user/:name"}})
	lead := benchTable(t, [][2]string{{"GET", "/api/v1/:a"}, {"GET", "/api/v1/:a/b"}})
	cases := []struct {
		tab  *Table[int]
		path string
	}{
		{tab, "/user/repos"}, {tab, "/repos/julienschmidt/httprouter/stargazers"}, {tab, "/users/x/received_events/public"},
		{tab, "/authorizations/12/"}, {tab, "/nothing/here"}, {tab, "/"}, {deepTab, "/a/a/a/a/a/a"}, {deepTab, "/A/a/A/a/A/a/"},
		{small, "/user/gopher"}, {small, "/user/gopher/"}, {small, "/user/abcdefghijklmnop"}, {small, "/User/x/y"}, {small, "/"},
		{lead, "/api/v1/x/b"}, {lead, "/api/v1/x"},
	}
	cands := make([]Candidate, 0, 64)
	caps := make([]int32, 0, 256)
	for _, c := range cases {
		for _, filter := range []uint64{0, 1<<benchMethods["GET"] | benchAllBit} {
			n := testing.AllocsPerRun(100, func() { c.tab.Candidates(c.path, filter, cands[:0], caps[:0]) })
			if n != 0 {
				t.Errorf("%q filter %x: %v allocations per Candidates", c.path, filter, n)
			}
			n = testing.AllocsPerRun(100, func() {
				fc, fcaps := cands[:0], caps[:0]
				c.tab.Find(c.path, filter, &fc, &fcaps)
			})
			if n != 0 {
				t.Errorf("%q filter %x: %v allocations per Find", c.path, filter, n)
			}
		}
	}
}
