package router

import (
	"fmt"
	"slices"
	"testing"
)

// TestFindEndWithAndWithoutRoom checks the descent's two ways of
// appending the route layers where the path ends (index.find): the
// common end, one layer the filter keeps with room for it in the
// candidates, is appended straight; any other end takes the loop, which
// grows the candidates. With every filter, with candidates that have room
// and with candidates that have none, Find must give the same candidates
// and captures, and the same layers as the general walk.
func TestFindEndWithAndWithoutRoom(t *testing.T) {
	t.Parallel()
	routes := []struct {
		pattern string
		methods uint64
		strict  bool
	}{
		{"/", 1, false},
		{"/user/:name", 1, false},
		{"/user/:name/posts", 2, false},
		{"/two", 1, false},
		{"/two", 2, false},
		{"/strict/:s/", 3, true},
		{"/a/:b/:c/:d", 3, false},
	}
	var layers []Layer[int]
	for i, rt := range routes {
		pat, err := Compile(rt.pattern, Options{Strict: rt.strict, End: true})
		if err != nil {
			t.Fatal(err)
		}
		layers = append(layers, Layer[int]{Pattern: pat, Handle: i, Route: true, Strict: rt.strict, Methods: rt.methods})
	}
	tab := NewTable(layers, false)
	if tab.ix.mode == byLookup {
		t.Fatal("the table is not linear: the test would not run the descent")
	}
	paths := []string{
		"/", "//", "/user/gopher", "/user/gopher/", "/User/Gopher", "/user/gopher/posts",
		"/user/gopher/posts/", "/user/", "/two", "/two/", "/strict/x/", "/strict/x",
		"/a/1/2/3", "/a/1/2/3/", "/a/1/2", "/nowhere", "/user/a-rather-long-name-of-many-bytes",
	}
	for _, path := range paths {
		for filter := uint64(0); filter < 4; filter++ {
			// No room: the candidates are full (a nil slice, then one
			// entry at capacity).
			var none []Candidate
			noneCaps := []int32(nil)
			tab.Find(path, filter, &none, &noneCaps)
			full := make([]Candidate, 1)
			full[0] = Candidate{Index: 1 << 20}
			fullCaps := []int32{5}
			tab.Find(path, filter, &full, &fullCaps)
			// Room: spare capacity, with an entry in front.
			room := make([]Candidate, 1, 16)
			room[0] = Candidate{Index: 1 << 20}
			roomCaps := make([]int32, 1, 64)
			roomCaps[0] = 5
			tab.Find(path, filter, &room, &roomCaps)

			want := describe(none, noneCaps, layers)
			for _, got := range []string{describe(full[1:], fullCaps, layers), describe(room[1:], roomCaps, layers)} {
				if got != want {
					t.Errorf("%q filter %d: %s, want %s", path, filter, got, want)
				}
			}
			if full[0].Index != 1<<20 || room[0].Index != 1<<20 || fullCaps[0] != 5 || roomCaps[0] != 5 {
				t.Errorf("%q filter %d: Find overwrote what the slices held", path, filter)
			}
			walked, _ := tab.ix.walkCandidates(path, filter, nil, nil)
			if got, want := indexes(none), indexes(walked); !slices.Equal(got, want) {
				t.Errorf("%q filter %d: Find gives layers %v, the walk %v", path, filter, got, want)
			}
		}
	}
}

// describe renders candidates with the captures they point at.
func describe(cands []Candidate, caps []int32, layers []Layer[int]) string {
	s := ""
	for _, c := range cands {
		s += fmt.Sprintf("[%d end %d", c.Index, c.End)
		if c.Caps >= 0 {
			n := len(layers[c.Index].Pattern.Keys())
			s += fmt.Sprint(" caps ", caps[c.Caps:int(c.Caps)+2*n])
		}
		s += "]"
	}
	return s
}

func indexes(cands []Candidate) []int32 {
	var out []int32
	for _, c := range cands {
		out = append(out, c.Index)
	}
	return out
}
