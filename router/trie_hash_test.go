package router

import (
	"fmt"
	"strings"
	"testing"
)

// TestPerfectHash checks that the nodes of the GitHub table with static
// children get a collision-free hash table holding each child at
// its hash, and that a node whose literals cannot be told apart by their
// length and first eight bytes (bit 0x20 aside) gets probes: the walk of
// both is checked against Match, also on a node of many children.
func TestPerfectHash(t *testing.T) {
	t.Parallel()
	tab := benchTable(t, githubRoutes(t))
	hashed := 0
	var visit func(n *trie)
	visit = func(n *trie) {
		if len(n.kids) > 0 {
			if n.hashed == nil || n.probe != 0 {
				t.Errorf("a node with %d children has no perfect hash table (probe %d)", len(n.kids), n.probe)
			}
			hashed++
			for _, k := range n.kids {
				w, _ := prefixWord(k.lit, true)
				if h := &n.hashed[kidHash(w, len(k.lit), n.seed)>>n.shift]; h.node != k.node {
					t.Errorf("%q is not at its hash", k.lit)
				}
			}
		}
		for _, k := range n.kids {
			visit(k.node)
		}
		if n.param != nil {
			visit(n.param)
		}
	}
	visit(&tab.ix.root)
	if hashed == 0 {
		t.Fatal("no node of the GitHub table is hashed")
	}

	for _, sensitive := range []bool{false, true} {
		lits := []string{"abcdefghijklmnop", "abcdefghijklmnoq", "a", "ab", "abc", "user", "users", "Mixed"}
		if sensitive {
			lits = []string{"Ab", "ab", "AB", "aB", "x", "xy", "repos"}
		}
		var layers []Layer[int]
		var paths []string
		for i, l := range lits {
			layers = append(layers, Layer[int]{Pattern: mustCompile(t, "/"+l+"/:id", Options{End: true, CaseSensitive: sensitive}), Handle: i, Route: true, Methods: 1})
			paths = append(paths, "/"+l+"/1", "/"+strings.ToUpper(l)+"/2", "/"+l+"z/3")
		}
		if tab := NewTable(layers, sensitive); tab.ix.root.hashed == nil || tab.ix.root.probe == 0 {
			t.Fatalf("sensitive=%v: literals that collide got no probes", sensitive)
		}
		checkCandidates(t, layers, sensitive, paths)
	}

	var layers []Layer[int]
	var paths []string
	for i := range 1000 {
		l := fmt.Sprintf("s%d", i*7919%100000)
		layers = append(layers, Layer[int]{Pattern: mustCompile(t, "/"+l, Options{End: true}), Handle: i, Route: true, Methods: 1})
		paths = append(paths, "/"+l, "/"+strings.ToUpper(l)+"/", "/"+l+"0")
	}
	checkCandidates(t, layers, false, paths)
}
