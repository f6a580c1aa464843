package router

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// mixedStems are the shared beginnings of a random table's patterns:
// none, chains of only children that fit find's lead word or not, mixed
// case (a case-insensitive tree lowers them), a '@' and '`' that differ by
// the case bit.
var mixedStems = []string{"", "/a", "/api/v1", "/Ab/c", "/x@", "/x`", "/abcdefg", "/abc/de", "/a/b/c/d", "/users", "/abcdefgh/i"}

// mixedTails are what follows a stem in a pattern: ends the trie holds
// (literals, full-segment parameters, trailing slashes) and ones it does
// not (a regexp, an optional parameter, a star, two parameters in a
// segment, an escape, an empty segment, a literal outside ASCII).
var mixedTails = []string{"", "/", "/:p", "/:p/", "/:p/x", "/:p/:q", "/lit", "/LIT/", "/:p(\\d+)", "/:p?", "/*",
	"/:a-:b", "/:p.json", "/%41", "/a%2fb", "//x", "/caf\u00e9", "/:p/abcdefghijklmnopq", "/abcdefghijklmnopq/:p", "/(.*)"}

// mixedSegs are segments request paths are made of.
var mixedSegs = []string{"", "x", "1", "42", "a-b", "a.json", "lit", "LIT", "%41", "A", "%2F", "\xc3\xa9", "caf\xc3\xa9", "\xff",
	"abcdefghijklmnopq", "ABCDEFGHIJKLMNOPQ", "0123456789abcdefghij", "v1", "V1", "api", "c", "d", "i"}

// mixedPath derives a request path from a pattern: its parameters get
// values, a segment may be replaced, and then, half the time, leadPath's
// changes around the word of stem (a case bit, a high bit, a '/', a cut).
func mixedPath(r *rand.Rand, stem, pattern string) string {
	segs := strings.Split(pattern, "/")
	for i := 1; i < len(segs); i++ {
		if strings.ContainsAny(segs[i], ":*(") || r.IntN(6) == 0 {
			segs[i] = mixedSegs[r.IntN(len(mixedSegs))]
		}
	}
	p := strings.Join(segs, "/")
	if stem != "" && r.IntN(2) == 0 {
		return leadPath(r, stem, p)
	}
	switch r.IntN(5) {
	case 0:
		p += "/"
	case 1:
		p += "/" + mixedSegs[r.IntN(len(mixedSegs))]
	case 2:
		p += "//"
	case 3:
		p = "/" + p
	}
	if p == "" {
		p = "/"
	}
	return p
}

// TestFindOnMixedTablesAgreesWithMatch builds random tables of route and use
// layers sharing a stem (so that many have a lead, some a tail), with
// patterns the trie holds and ones it does not, in any order, and checks
// Find for random paths against the general walk (byLookup, no memo), the
// memo-free descent (byDescent) and each layer's Match.
func TestFindOnMixedTablesAgreesWithMatch(t *testing.T) {
	t.Parallel()
	modes := map[uint8]int{}
	withTail := 0
	for seed := uint64(0); seed < mixedSeeds; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x4e71e4))
		sensitive := r.IntN(3) == 0
		stem := mixedStems[r.IntN(len(mixedStems))]
		tails := mixedTails
		if r.IntN(3) == 0 {
			tails = tails[:4] // tables that may have a tail
		}
		var tl testLayers
		for i := r.IntN(6) + 1; i > 0; i-- {
			p := stem + tails[r.IntN(len(tails))]
			if r.IntN(8) == 0 {
				p = mixedStems[r.IntN(len(mixedStems))] + mixedTails[r.IntN(len(mixedTails))]
			}
			if p == "" {
				p = "/"
			}
			route := r.IntN(5) != 0
			tl.add(r, p, sensitive, route, route && r.IntN(3) == 0)
		}
		patterns := tl.patterns
		if len(patterns) == 0 {
			continue
		}
		tab := NewTable(tl.layers, sensitive)
		modes[tab.ix.mode]++
		if tab.ix.leadTail {
			withTail++
		}
		what := fmt.Sprintf("seed %d sensitive=%v %q", seed, sensitive, patterns)
		for k := 0; k < 30; k++ {
			path := mixedPath(r, stem, patterns[r.IntN(len(patterns))])
			filter := uint64(r.IntN(4))
			checkFind(t, what, tab, patterns, path, filter, r.IntN(3), r.IntN(8))
		}
	}
	t.Logf("modes %v, %d tables with a tail", modes, withTail)
	if modes[byLead] < 300 || withTail < 200 {
		t.Fatalf("modes %v, %d tails: too few tables with a lead or a tail", modes, withTail)
	}
}

// mixedSeeds is how many random tables TestFindOnMixedTablesAgreesWithMatch
// builds.
var mixedSeeds = uint64(4000)

// TestFindHandMadeTables checks find on tables written out for the shapes
// a lead, a tail and the memo must get right, against the walk, the
// descent and each layer's Match (checkFind), for every method filter
// and paths around each shape: the same route twice (the first
// registered comes first), a regexp parameter next to a plain one, use
// layers between routes, strict and trailing-slash routes, case folding,
// escapes, empty segments, bytes outside ASCII and long paths. The tables
// take each of find's modes: a tail, a lead, the descent, the memo.
func TestFindHandMadeTables(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 5000)
	paths := []string{"", "/", "//", "/a", "/a/", "/a/1", "/a/1/", "/a/1//", "/a//1", "/A/1", "/a/%2F", "/a/%41/",
		"/a/\xc3\xa9", "/a/1/x", "/a/" + long, "/a/" + long + "/", "/api/v1", "/api/v1/", "/api/v1/7", "/API/V1/7/",
		"/api/v1/x7", "/api/v1//", "/api/v1/7/8", "/api/v10/7", "/apI/v1/abcdefgh", "/api/v1/" + long, "/users/:id", "/users/ID/"}
	for _, c := range []struct {
		name      string
		sensitive bool
		routes    []string // "use " marks a use layer, "strict " a strict route
	}{
		{"the same tail route twice", false, []string{"/a/:p", "/a/:p"}},
		{"a tail route and its strict twin", false, []string{"strict /a/:p/", "/a/:p", "strict /a/:p"}},
		{"a lead with a regexp parameter first", false, []string{"/api/v1/:id(\\d+)", "/api/v1/:id", "/api/v1"}},
		{"a lead with a use layer between routes", false, []string{"/api/v1/:id", "use /api", "/api/v1/:id/x"}},
		{"a tail, case-sensitive", true, []string{"/api/v1/:id", "/api/v1"}},
		{"a descent, case-sensitive", true, []string{"/api/v1/:id", "/API/V1/:id", "/api/v1"}},
		{"a lead and the root", false, []string{"/", "/users/:id", "/users"}},
		{"a static lead, memoized", false, []string{"/api/v1/7", "/api/v1/:id", "use /"}},
		{"a lead of an escape", false, []string{"/a/%41", "/a/:p"}},
	} {
		var tl testLayers
		r := rand.New(rand.NewPCG(1, 2))
		for _, p := range c.routes {
			route, strict := true, false
			if q, ok := strings.CutPrefix(p, "use "); ok {
				p, route = q, false
			}
			if q, ok := strings.CutPrefix(p, "strict "); ok {
				p, strict = q, true
			}
			if !tl.add(r, p, c.sensitive, route, strict) {
				t.Fatalf("%s: %q does not compile", c.name, p)
			}
		}
		tab := NewTable(tl.layers, c.sensitive)
		for _, path := range paths {
			for filter := uint64(0); filter < 4; filter++ {
				checkFind(t, c.name, tab, tl.patterns, path, filter, int(filter&1), 0)
			}
		}
	}
}
