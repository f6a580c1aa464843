package router

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// leadPath returns a request path for a table whose patterns start with
// lead: one of pattern's (reviewPath), or lead itself changed around the
// word find compares (its last byte, the '/' after it, a letter's case
// bit, a '/' with the high bit, the path's length around eight bytes).
func leadPath(r *rand.Rand, lead, pattern string) string {
	switch r.IntN(6) {
	case 0, 1:
		return reviewPath(r, pattern)
	case 2:
		// lead, then what may follow it.
		return lead + []string{"", "/", "//", "/x", "/ab", "/abcdefg", "/a/b", "x", "\xaf", "/\xaf"}[r.IntN(10)]
	case 3:
		// lead and another byte where the word has the '/' after it
		// (one differing by the case bit, one with the high bit).
		return lead + []string{"x", "A", "\x0f", "\xaf"}[r.IntN(4)] + []string{"", "gopher", "/gopher", "abcdefgh/x", "/"}[r.IntN(5)]
	}
	b := []byte(lead + "/" + reviewSegment(r))
	i := r.IntN(min(len(b), 9))
	switch r.IntN(4) {
	case 0:
		b[i] ^= 0x20
	case 1:
		b[i] ^= 0x80
	case 2:
		b[i] = '/'
	default:
		b = b[:i+r.IntN(len(b)-i+1)]
	}
	return string(b)
}

// TestLeadMatchesDescent checks find on tables whose root has a chain of
// only children (mode byLead: a path starting with the chain's word
// starts the descent at the chain's end) against the same table without
// the lead (byDescent), against the general walk (byLookup), with the same
// candidates and captures, and against each layer's Match: random tables
// whose patterns share their first one or two literal segments, with
// paths near the lead's word.
func TestLeadMatchesDescent(t *testing.T) {
	t.Parallel()
	leads := []string{"/a", "/Ab", "/x@y", "/x`y", "/user", "/users", "/abcdefg", "/a/b", "/v1/ab", "/ab/v1", "/a/b/c", "/abcdefgh", "/a/abcdefg"}
	byLeads, matched := 0, 0
	for seed := uint64(0); seed < 3000; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x1ead))
		sensitive := r.IntN(3) == 0
		lead := leads[r.IntN(len(leads))]
		var tl testLayers
		add := func(p string, route bool, strict bool) {
			tl.add(r, p, sensitive, route, strict)
		}
		if r.IntN(2) == 0 {
			add("/", true, r.IntN(3) == 0)
		}
		for i := r.IntN(8) + 1; i > 0; i-- {
			p := reviewPattern(r)
			if p == "/" {
				p = ""
			}
			add(lead+p, true, r.IntN(3) == 0)
		}
		// Layers the trie does not hold, anywhere in the stack.
		for _, o := range []string{"/:opt?", "/ab*"} {
			if r.IntN(6) == 0 {
				add(o, true, false)
				n := len(tl.layers) - 1
				at := r.IntN(n + 1)
				tl.layers = slices.Insert(tl.layers[:n], at, tl.layers[n])
				tl.patterns = slices.Insert(tl.patterns[:n], at, tl.patterns[n])
			}
		}
		patterns := tl.patterns
		tab := NewTable(tl.layers, sensitive)
		if tab.ix.mode != byLead {
			continue
		}
		byLeads++
		what := fmt.Sprintf("seed %d sensitive=%v lead %q", seed, sensitive, lead)
		for k := 0; k < 30; k++ {
			path := leadPath(r, lead, patterns[r.IntN(len(patterns))])
			matched += checkFind(t, what, tab, patterns, path, uint64(r.IntN(4)), 0, 0)
		}
	}
	t.Logf("%d tables with a lead, %d matches with captures checked", byLeads, matched)
	if byLeads < 500 || matched < 2000 {
		t.Fatalf("%d tables with a lead, %d matches: want at least 500 and 2000", byLeads, matched)
	}
}

// TestLead checks which tables have a lead and what it is: the root's
// chain of only children while it fits in a word with the '/' after it.
func TestLead(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		routes []string
		lead   string // "" when mode is not byLead
	}{
		{[]string{"/", "/user/:name"}, "/user"},
		{[]string{"/user/:name", "/user/:name/x", "/user"}, "/user"},
		{[]string{"/api/v1/:a", "/api/v1/:a/b"}, "/api/v1"},
		{[]string{"/api/v1/:a", "/api/v1/b/:c"}, ""}, // not linear
		{[]string{"/api/v12/:a"}, "/api"},
		{[]string{"/abcdef/:a"}, "/abcdef"},
		{[]string{"/abcdefg/:a"}, ""},
		{[]string{"/a/:b", "/b/:c"}, ""},
		{[]string{"/:a"}, ""},
		{[]string{"/"}, ""},
		{[]string{"/a/b/c/d"}, "/a/b/c"},
		{[]string{"/a/:b", "//a/:b"}, "/a"}, // an empty segment: not Simple, an other
	} {
		var layers []Layer[int]
		for _, p := range c.routes {
			layers = append(layers, Layer[int]{Pattern: mustCompile(t, p, routeOptions), Route: true, Methods: 1})
		}
		ix := &NewTable(layers, false).ix
		got := ""
		if ix.mode == byLead {
			var b strings.Builder
			for i := uint(0); i < ix.leadLen; i++ {
				b.WriteByte(byte(ix.leadW >> (8 * i)))
			}
			got = b.String()
			if byte(ix.leadW>>(8*ix.leadLen)) != '/' || ix.leadMask != lenMask[ix.leadLen+1] {
				t.Errorf("%q: lead word %x mask %x: want %q then '/'", c.routes, ix.leadW, ix.leadMask, got)
			}
		}
		if got != c.lead {
			t.Errorf("%q: lead %q, want %q", c.routes, got, c.lead)
		}
	}
}

// TestTailMatchesDescent checks find on tables whose lead ends at a node
// with only a param child without children (leadTail: find's tail answers
// a path with the lead) against the descent without the lead, the walk and
// each layer's Match, as TestLeadMatchesDescent does: random tables of
// routes lead/:p (and lead, "/", layers outside the trie), paths whose
// segment after the lead is empty, of 1 to 20 bytes, followed by '/', by
// more segments, or missing; dst with and without room.
func TestTailMatchesDescent(t *testing.T) {
	t.Parallel()
	leads := []string{"/a", "/Ab", "/user", "/users", "/abcdef", "/a/b", "/v1/ab", "/x@y"}
	tails, matched := 0, 0
	for seed := uint64(0); seed < 3000; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x7a11))
		sensitive := r.IntN(3) == 0
		lead := leads[r.IntN(len(leads))]
		var tl testLayers
		add := func(p string, route, strict bool) {
			if !tl.add(r, p, sensitive, route, strict) {
				t.Fatalf("%q does not compile", p)
			}
		}
		for i := r.IntN(4) + 1; i > 0; i-- {
			switch r.IntN(8) {
			case 0:
				add("/", true, r.IntN(3) == 0)
			case 1:
				add(lead, true, r.IntN(3) == 0)
			case 2:
				if r.IntN(3) == 0 {
					add([]string{"/:opt?", "/ab*", "/user/*"}[r.IntN(3)], true, false)
					break
				}
				fallthrough
			default:
				add(lead+"/:p", true, r.IntN(3) == 0)
			}
		}
		patterns := tl.patterns
		tab := NewTable(tl.layers, sensitive)
		if tab.ix.mode != byLead || !tab.ix.leadTail {
			continue
		}
		tails++
		what := fmt.Sprintf("seed %d sensitive=%v %q", seed, sensitive, patterns)
		segs := []string{"", "x", "gopher", "GOPHER", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmnopqrst", "\xaf", "a\xafb", "%41", "a.b"}
		for k := 0; k < 30; k++ {
			path := lead + "/" + segs[r.IntN(len(segs))]
			switch r.IntN(6) {
			case 0:
				path += "/"
			case 1:
				path += "/" + segs[r.IntN(len(segs))]
			case 2:
				path += "//"
			case 3:
				path = leadPath(r, lead, patterns[r.IntN(len(patterns))])
			}
			filter := uint64(r.IntN(4))
			room := r.IntN(3)
			matched += checkFind(t, what, tab, patterns, path, filter, room, r.IntN(20))
		}
	}
	t.Logf("%d tables with a tail, %d matches with captures checked", tails, matched)
	if tails < 1000 || matched < 5000 {
		t.Fatalf("%d tables with a tail, %d matches: want at least 1000 and 5000", tails, matched)
	}
}

// checkFind compares tab.Find for path and filter, into a dst holding an
// entry of its own and room more, and a caps holding two spans of its own
// and capsRoom more, with the same table answered by the descent without
// its lead (byDescent) and by the general walk (byLookup), the same
// candidates with the same captures, and with each layer's Match. It
// fails the test at the first difference (what names the table) and
// returns how many matches had their captures checked.
func checkFind(t *testing.T, what string, tab *Table[int], patterns []string, path string, filter uint64, room, capsRoom int) int {
	t.Helper()
	descent, walked := *tab, *tab
	if descent.ix.mode == byLead {
		descent.ix.mode = byDescent
	}
	walked.ix.mode = byLookup
	pre := []Candidate{{Index: 1 << 20, Caps: 0, End: 1}}
	preCaps := []int32{7, 8}
	got := append(make([]Candidate, 0, 1+room), pre...)
	gotCaps := append(make([]int32, 0, 2+capsRoom), preCaps...)
	tab.Find(path, filter, &got, &gotCaps)
	d, dCaps := descent.Candidates(path, filter, slices.Clone(pre), slices.Clone(preCaps))
	w, wCaps := walked.ix.walkCandidates(path, filter, slices.Clone(pre), slices.Clone(preCaps))
	layers := tab.layers
	g := resolved(layers, got, gotCaps)
	if dd, ww := resolved(layers, d, dCaps), resolved(layers, w, wCaps); g != dd || g != ww {
		t.Fatalf("%s path %q filter %x: find %v %v, descent %v %v, walk %v %v", what, path, filter, got, gotCaps, d, dCaps, w, wCaps)
	}
	if got[0] != pre[0] || gotCaps[0] != 7 || gotCaps[1] != 8 {
		t.Fatalf("%s path %q: Find overwrote what dst and caps held: %v %v", what, path, got, gotCaps)
	}
	msg, m := agreeWithMatch(layers, patterns, path, filter, got[1:], gotCaps)
	if msg != "" {
		t.Fatalf("%s path %q filter %x: %s", what, path, filter, msg)
	}
	return m
}

// testLayers collects the layers of a random table and their patterns.
type testLayers struct {
	layers   []Layer[int]
	patterns []string
}

// add compiles p with the table's case sensitivity as a route (End) or
// use layer, strict or not, and appends it with a method set drawn from r
// (after compiling); it reports false, adding nothing, when p does not
// compile.
func (tl *testLayers) add(r *rand.Rand, p string, sensitive, route, strict bool) bool {
	pat, err := Compile(p, Options{CaseSensitive: sensitive, Strict: strict, End: route})
	if err != nil {
		return false
	}
	tl.patterns = append(tl.patterns, p)
	tl.layers = append(tl.layers, Layer[int]{Pattern: pat, Handle: len(tl.layers), Route: route, Strict: strict, Methods: uint64(1 + r.IntN(3))})
	return true
}
