package router

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// githubRoutes reads the shared GitHub API route table.
func githubRoutes(tb testing.TB) [][2]string {
	tb.Helper()
	f, err := os.Open(filepath.Join("..", "bench", "testdata", "routes-github.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m, p, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if ok {
			out = append(out, [2]string{m, p})
		}
	}
	return out
}

func mustCompile(tb testing.TB, path string, opts Options) *Pattern {
	tb.Helper()
	p, err := Compile(path, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// TestCandidatesAreASupersetOfMatches checks the index never drops a layer
// whose pattern matches, and lists candidates in stack order.
func TestCandidatesAreASupersetOfMatches(t *testing.T) {
	t.Parallel()
	patterns := []struct {
		path   string
		route  bool
		strict bool
	}{
		{"/", false, false}, {"/api", false, false}, {"/api/", false, false},
		{"/", true, false}, {"/", true, true}, {"/user/:id", true, false},
		{"/user/:id/", true, true}, {"/user/:id", true, true}, {"/user/new", true, false},
		{"/users", true, false}, {"/user", false, false}, {"*", true, false},
		{"/a/:b/c/:d", true, false}, {"/a//x", true, false}, {"/API/Items", true, false},
	}
	paths := []string{"/", "", "/api", "/api/", "/api/x", "/apix", "/API/items", "/api//x",
		"/user/1", "/user/1/", "/user/new", "/user//", "/users", "/user", "/User/NEW",
		"/a/1/c/2", "/a/1/c/2/", "/a//x", "/a/1/c", "*", "/api/items"}
	for _, sensitive := range []bool{false, true} {
		var layers []Layer[int]
		for i, p := range patterns {
			opts := Options{CaseSensitive: sensitive, Strict: p.strict, End: p.route}
			layers = append(layers, Layer[int]{Pattern: mustCompile(t, p.path, opts), Handle: i, Route: p.route, Strict: p.strict, Methods: 1})
		}
		tab := NewTable(layers, sensitive)
		caps := make([]int32, 16)
		for _, path := range paths {
			cands, walked := tab.Candidates(path, 0, nil, nil)
			if !slices.IsSortedFunc(cands, func(a, b Candidate) int { return int(a.Index - b.Index) }) {
				t.Errorf("sensitive=%v %q: candidates not in stack order: %v", sensitive, path, cands)
			}
			for i := range layers {
				start, end, ok := layers[i].Pattern.Match(path, caps)
				k := slices.IndexFunc(cands, func(c Candidate) bool { return c.Index == int32(i) })
				if ok && k < 0 {
					t.Errorf("sensitive=%v %q: layer %d (%q) matches but is not a candidate %v",
						sensitive, path, i, layers[i].Pattern, cands)
					continue
				}
				if k < 0 || cands[k].Caps < 0 {
					continue
				}
				// The walk matched the layer itself: it must agree with Match.
				c := cands[k]
				n := 2 * len(layers[i].Pattern.Keys())
				if !ok || start != 0 || end != int(c.End) || !slices.Equal(walked[c.Caps:int(c.Caps)+n], caps[:n]) {
					t.Errorf("sensitive=%v %q: layer %d (%q): walk gave end %d caps %v; Match gave %v %d..%d caps %v",
						sensitive, path, i, layers[i].Pattern, c.End, walked[c.Caps:int(c.Caps)+n], ok, start, end, caps[:n])
				}
			}
		}
	}
}

func TestCandidatesGithub(t *testing.T) {
	t.Parallel()
	routes := githubRoutes(t)
	methods := map[string]uint64{"GET": 1, "POST": 2, "PUT": 4, "DELETE": 8, "PATCH": 16}
	var layers []Layer[int]
	for i, r := range routes {
		layers = append(layers, Layer[int]{Pattern: mustCompile(t, r[1], Options{End: true}), Handle: i, Route: true, Methods: methods[r[0]]})
	}
	tab := NewTable(layers, false)
	caps := make([]int32, 16)
	for i, r := range routes {
		path := strings.NewReplacer(":", "x").Replace(r[1])
		cands, _ := tab.Candidates(path, methods[r[0]], nil, nil)
		var matched []int32
		for _, c := range cands {
			if _, _, ok := layers[c.Index].Pattern.Match(path, caps); ok {
				matched = append(matched, c.Index)
			}
		}
		if len(matched) == 0 || matched[0] != int32(i) {
			t.Errorf("%s %s: first match %v, want layer %d", r[0], path, matched, i)
		}
		if len(cands) > 3 {
			t.Errorf("%s %s: %d candidates, the index filters too little", r[0], path, len(cands))
		}
	}
}

func TestLower8(t *testing.T) {
	t.Parallel()
	in := "AZaz@[`{09-_/\x80\xc1\xdaXyZ"
	for len(in) >= 8 {
		want := make([]byte, 8)
		for i := range want {
			want[i] = lowerTable[in[i]]
		}
		got := lower8(load8(in))
		if got != load8(string(want)) {
			t.Errorf("lower8(%q) = %x, want %x", in[:8], got, load8(string(want)))
		}
		in = in[1:]
	}
}

// checkCandidates checks that, for each of paths, Candidates lists exactly
// the layers whose pattern matches (the table holds only simple patterns),
// in stack order, with the end and captures Match gives.
func checkCandidates(t *testing.T, layers []Layer[int], sensitive bool, paths []string) {
	t.Helper()
	tab := NewTable(layers, sensitive)
	caps := make([]int32, 64)
	for _, path := range paths {
		cands, walked := tab.Candidates(path, 0, nil, nil)
		var want []int32
		for i := range layers {
			if _, _, ok := layers[i].Pattern.Match(path, caps); ok {
				want = append(want, int32(i))
			}
		}
		var got []int32
		for _, c := range cands {
			got = append(got, c.Index)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%q: candidates %v, matching layers %v", path, got, want)
		}
		for _, c := range cands {
			_, end, _ := layers[c.Index].Pattern.Match(path, caps)
			n := 2 * len(layers[c.Index].Pattern.Keys())
			if c.Caps < 0 || int(c.End) != end || !slices.Equal(walked[c.Caps:int(c.Caps)+n], caps[:n]) {
				t.Fatalf("%q: layer %d: walk gave caps %d end %d; Match gave end %d caps %v", path, c.Index, c.Caps, c.End, end, caps[:n])
			}
		}
	}
}

// TestCandidatesDeepBranches has a path whose every segment selects both
// a static and a param child, deeper than the walk's explicit stack.
func TestCandidatesDeepBranches(t *testing.T) {
	t.Parallel()
	const depth = 7
	var layers []Layer[int]
	for mask := 0; mask < 1<<depth; mask++ {
		p := ""
		for i := 0; i < depth; i++ {
			if mask&(1<<i) != 0 {
				p += fmt.Sprintf("/:p%d", i)
			} else {
				p += "/seg"
			}
		}
		use := mask%5 == 0
		layers = append(layers, Layer[int]{Pattern: mustCompile(t, p, Options{End: !use}), Handle: mask, Route: !use, Methods: 1})
	}
	checkCandidates(t, layers, false, []string{"/seg/seg/seg/seg/seg/seg/seg", "/seg/SEG/x/seg/seg/y/seg/", "/seg/seg/seg/seg/seg/seg/seg/z", "/seg/seg"})
}

// TestCandidatesManyChildren has nodes with many static children (hashed),
// literals of every length around the eight-byte words,
// and paths shorter than eight bytes.
func TestCandidatesManyChildren(t *testing.T) {
	t.Parallel()
	lits := []string{"a", "b", "ab", "ba", "abc", "x.y", "user", "users", "abcdefg", "abcdefgh", "abcdefgi", "abcdefghi",
		"abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghijklmnopq", "stargazers", "Mixed", "v1"}
	for _, sensitive := range []bool{false, true} {
		var layers []Layer[int]
		var paths []string
		for i, l := range lits {
			for _, p := range []string{"/" + l, "/" + l + "/:id", "/pre/" + l + "/post"} {
				layers = append(layers, Layer[int]{Pattern: mustCompile(t, p, Options{End: true, CaseSensitive: sensitive}), Handle: i, Route: true, Methods: 1})
			}
			u := strings.ToUpper(l)
			paths = append(paths, "/"+l, "/"+u, "/"+l+"/", "/"+l+"/7", "/"+u+"/seven/", "/pre/"+l+"/post", "/PRE/"+u+"/POST", "/"+l+"x", "/x"+l, "/pre/"+l)
		}
		layers = append(layers, Layer[int]{Pattern: mustCompile(t, "/:any", Options{End: true, CaseSensitive: sensitive}), Route: true, Methods: 1})
		checkCandidates(t, layers, sensitive, paths)
	}
}
