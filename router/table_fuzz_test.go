package router

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// tablePieces are the segments random tables and paths are made of: short
// and long literals (the walk compares eight bytes at a time, so lengths
// around 8 and 16 matter), mixed case, and characters next to '/'.
var tablePieces = []string{"a", "ab", "abc", "user", "users", "repos", "abcdefg", "abcdefgh",
	"abcdefghi", "abcdefghijklmnop", "abcdefghijklmnopq", "stargazers", "x.y", "x-y", "v1", "A", "Ab"}

func randomPath(r *rand.Rand, params bool) string {
	var b strings.Builder
	n := r.IntN(5)
	for i := 0; i < n; i++ {
		b.WriteByte('/')
		switch {
		case params && r.IntN(3) == 0:
			b.WriteString(":p")
			b.WriteByte(byte('a' + i))
		default:
			b.WriteString(tablePieces[r.IntN(len(tablePieces))])
		}
	}
	if n == 0 || r.IntN(5) == 0 {
		b.WriteByte('/')
	}
	return b.String()
}

// requestPath derives a request path from a pattern: parameters get
// values, letters may change case, a slash may be added or dropped.
func requestPath(r *rand.Rand, pattern string) string {
	var b strings.Builder
	for i := 0; i < len(pattern); i++ {
		c := pattern[i]
		switch {
		case c == ':':
			for i+1 < len(pattern) && pattern[i+1] != '/' {
				i++
			}
			b.WriteString([]string{"x", "value", "JulienSchmidt", "a.b", "0123456789abcdef", "%41"}[r.IntN(6)])
		case 'a' <= c && c <= 'z' && r.IntN(8) == 0:
			b.WriteByte(c - 'a' + 'A')
		default:
			b.WriteByte(c)
		}
	}
	p := b.String()
	switch r.IntN(6) {
	case 0:
		p += "/"
	case 1:
		p = strings.TrimSuffix(p, "/")
	case 2:
		p += "/" + tablePieces[r.IntN(len(tablePieces))]
	case 3:
		if len(p) > 1 {
			p = p[:r.IntN(len(p))]
		}
	}
	return p
}

// FuzzCandidates builds random tables of use and route layers and checks,
// for random request paths, that Candidates lists every matching layer in
// stack order and that what the walk matched agrees with Match.
func FuzzCandidates(f *testing.F) {
	for i := uint64(0); i < 8; i++ {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed uint64) {
		checkRandomTable(t, seed)
	})
}

func TestCandidatesRandom(t *testing.T) {
	t.Parallel()
	for seed := uint64(0); seed < 3000; seed++ {
		checkRandomTable(t, seed)
	}
}

func checkRandomTable(t *testing.T, seed uint64) {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	sensitive := r.IntN(3) == 0
	var layers []Layer[int]
	var patterns []string
	for i := r.IntN(12) + 1; i > 0; i-- {
		p := randomPath(r, true)
		route := r.IntN(4) != 0
		strict := route && r.IntN(3) == 0 // use layers are never strict, as Express's
		pat, err := Compile(p, Options{CaseSensitive: sensitive, Strict: strict, End: route})
		if err != nil {
			continue
		}
		patterns = append(patterns, p)
		layers = append(layers, Layer[int]{Pattern: pat, Handle: len(layers), Route: route, Strict: strict, Methods: uint64(1 + r.IntN(3))})
	}
	tab := NewTable(layers, sensitive)
	for k := 0; k < 20; k++ {
		path := requestPath(r, patterns[r.IntN(len(patterns))])
		filter := uint64(r.IntN(4))
		cands, walked := tab.Candidates(path, filter, nil, nil)
		var fc []Candidate
		var fcaps []int32
		if tab.Find(path, filter, &fc, &fcaps); !slices.Equal(fc, cands) || !slices.Equal(fcaps, walked) {
			t.Fatalf("seed %d %q: Find gave %v %v; Candidates %v %v", seed, path, fc, fcaps, cands, walked)
		}
		if msg, _ := agreeWithMatch(layers, patterns, path, filter, cands, walked); msg != "" {
			t.Fatalf("seed %d sensitive=%v %q: %s", seed, sensitive, path, msg)
		}
	}
}

// agreeWithMatch checks a table's answer for path and filter (cands, their
// captures in caps) against each layer's own Match: the candidates in stack
// order, every layer the filter keeps that matches among them, and each
// walked candidate with Match's end and captures. It returns what differs
// first ("" when nothing does) and how many matching candidates had their
// captures checked.
func agreeWithMatch(layers []Layer[int], patterns []string, path string, filter uint64, cands []Candidate, caps []int32) (string, int) {
	if !slices.IsSortedFunc(cands, func(a, b Candidate) int { return int(a.Index - b.Index) }) {
		return fmt.Sprintf("candidates not in stack order: %v", cands), 0
	}
	matched := 0
	mcaps := make([]int32, 64)
	for i := range layers {
		if filter != 0 && layers[i].Route && layers[i].Methods&filter == 0 {
			continue
		}
		start, end, ok := layers[i].Pattern.Match(path, mcaps)
		k := slices.IndexFunc(cands, func(c Candidate) bool { return c.Index == int32(i) })
		if ok && k < 0 {
			return fmt.Sprintf("layer %d (%q) matches but is not a candidate: %v", i, patterns[i], cands), matched
		}
		if k < 0 || cands[k].Caps < 0 {
			continue
		}
		if ok {
			matched++
		}
		c := cands[k]
		n := 2 * len(layers[i].Pattern.Keys())
		if !ok || start != 0 || end != int(c.End) || !slices.Equal(caps[c.Caps:int(c.Caps)+n], mcaps[:n]) {
			return fmt.Sprintf("layer %d (%q): table gave end %d caps %v; Match gave %v %d..%d caps %v",
				i, patterns[i], c.End, caps[c.Caps:int(c.Caps)+n], ok, start, end, mcaps[:n]), matched
		}
	}
	return "", matched
}

// TestMemoMatchesWalk checks that the memo answers each of its paths, for
// every method filter, exactly as the walk does, also when dst and caps
// already hold entries.
func TestMemoMatchesWalk(t *testing.T) {
	t.Parallel()
	memos := 0
	for seed := uint64(0); seed < 2000; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x3e30))
		sensitive := r.IntN(2) == 0
		var layers []Layer[int]
		for i := r.IntN(12) + 1; i > 0; i-- {
			route := r.IntN(4) != 0
			strict := route && r.IntN(3) == 0
			pat, err := Compile(randomPath(r, r.IntN(2) == 0), Options{CaseSensitive: sensitive, Strict: strict, End: route})
			if err != nil {
				continue
			}
			layers = append(layers, Layer[int]{Pattern: pat, Route: route, Strict: strict, Methods: uint64(1 + r.IntN(3))})
		}
		tab := NewTable(layers, sensitive)
		for _, slot := range tab.ix.static.slots {
			path := slot.key
			if path == "" {
				continue
			}
			memos++
			for filter := uint64(0); filter < 4; filter++ {
				pre := []Candidate{{Index: 99, Caps: 0, End: 1}}
				preCaps := []int32{7, 8}
				got, gotCaps := tab.ix.candidates(path, filter, slices.Clone(pre), slices.Clone(preCaps))
				want, wantCaps := tab.ix.walkCandidates(path, filter, slices.Clone(pre), slices.Clone(preCaps))
				g, w := resolved(layers, got, gotCaps), resolved(layers, want, wantCaps)
				if g != w {
					t.Fatalf("seed %d %q filter %d: memo %v %v, walk %v %v", seed, path, filter, got, gotCaps, want, wantCaps)
				}
				// The memo itself (find takes it only on tables that are
				// not linear), with no room to spare in dst and caps or
				// with some (lookup appends a memo of one candidate in
				// place when it can).
				for room := 0; room < 3; room++ {
					dst := append(make([]Candidate, 0, len(pre)+room), pre...)
					caps := append(make([]int32, 0, len(preCaps)+2*room), preCaps...)
					tab.ix.lookup(path, filter, &dst, &caps, true)
					if g := resolved(layers, dst, caps); g != w {
						t.Fatalf("seed %d %q filter %d room %d: memo %v %v, walk %v %v", seed, path, filter, room, dst, caps, want, wantCaps)
					}
				}
			}
		}
	}
	if memos == 0 {
		t.Fatal("no table had a memoized path")
	}
}

// resolved describes candidates by what they mean: index, end and the
// captures of each (where Caps points is free when there are none).
func resolved(layers []Layer[int], cands []Candidate, caps []int32) string {
	var b strings.Builder
	for _, c := range cands {
		fmt.Fprintf(&b, "%d", c.Index)
		if c.Caps >= 0 {
			n := 0
			if int(c.Index) < len(layers) {
				n = 2 * len(layers[c.Index].Pattern.Keys())
			} else {
				n = int(c.End) // the entry put in front: its End is its length
			}
			fmt.Fprintf(&b, "@%d%v", c.End, caps[c.Caps:int(c.Caps)+n])
		}
		b.WriteByte(' ')
	}
	return b.String()
}

// TestDescendMatchesWalk checks that the descent of a linear index (no use
// layers, no node with both static children and a param child) answers
// every path as the general walk does (the same candidates with the same
// captures, which may be shared): random linear tables (with
// some layers the trie does not hold) with random paths and filters, and
// the GitHub table with its own paths.
func TestDescendMatchesWalk(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, tab *Table[int], layers []Layer[int], paths []string, filters []uint64) {
		t.Helper()
		if tab.ix.mode == byLookup {
			t.Fatal("the table is not linear")
		}
		walked := *tab
		walked.ix.mode = byLookup
		for _, path := range paths {
			for _, filter := range filters {
				pre := []Candidate{{Index: 1 << 20, Caps: 0, End: 1}}
				preCaps := []int32{7, 8}
				got, gotCaps := tab.Candidates(path, filter, slices.Clone(pre), slices.Clone(preCaps))
				want, wantCaps := walked.ix.walkCandidates(path, filter, slices.Clone(pre), slices.Clone(preCaps))
				if g, w := resolved(layers, got, gotCaps), resolved(layers, want, wantCaps); g != w {
					t.Fatalf("%q filter %x: descend %v %v, walk %v %v", path, filter, got, gotCaps, want, wantCaps)
				}
			}
		}
	}
	linear := 0
	for seed := uint64(0); seed < 3000; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x11ea))
		sensitive := r.IntN(3) == 0
		var layers []Layer[int]
		var patterns []string
		for i := r.IntN(12) + 1; i > 0; i-- {
			p := randomPath(r, true)
			strict := r.IntN(3) == 0
			pat, err := Compile(p, Options{CaseSensitive: sensitive, Strict: strict, End: true})
			if err != nil {
				continue
			}
			patterns = append(patterns, p)
			layers = append(layers, Layer[int]{Pattern: pat, Route: true, Strict: strict, Methods: uint64(1 + r.IntN(3))})
		}
		// Layers the trie does not hold (others): middleware on "/", an
		// optional parameter, a wildcard; anywhere in the stack.
		for _, o := range []struct {
			path  string
			route bool
		}{{"/", false}, {"/:opt?", true}, {"/ab*", true}} {
			if r.IntN(4) == 0 {
				pat := mustCompile(t, o.path, Options{CaseSensitive: sensitive, End: o.route})
				at := r.IntN(len(layers) + 1)
				layers = slices.Insert(layers, at, Layer[int]{Pattern: pat, Route: o.route, Methods: uint64(1 + r.IntN(3))})
			}
		}
		tab := NewTable(layers, sensitive)
		if len(patterns) == 0 || tab.ix.mode == byLookup {
			continue
		}
		linear++
		var paths []string
		for k := 0; k < 20; k++ {
			paths = append(paths, requestPath(r, patterns[r.IntN(len(patterns))]))
		}
		check(t, tab, layers, paths, []uint64{0, 1, 2, 3})
	}
	if linear < 100 {
		t.Fatalf("only %d random tables were linear", linear)
	}
	routes := githubRoutes(t)
	var paths []string
	for _, r := range routes {
		paths = append(paths, r[1], strings.ReplaceAll(r[1], ":", "x"), strings.ToUpper(r[1]), r[1]+"/", r[1]+"/x", "/"+strings.Repeat("abcdefgh", 3)+r[1])
	}
	gh := benchTable(t, routes)
	check(t, gh, gh.layers, paths, []uint64{0, 1<<benchMethods["GET"] | benchAllBit, 1<<benchMethods["PUT"] | benchAllBit})
}
