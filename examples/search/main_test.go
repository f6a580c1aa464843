package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/fwgo/fw/examples/internal/extest"
)

// TestSearch checks the lookups (Express has no acceptance test for this
// example; its recorded answers are replayed below).
func TestSearch(t *testing.T) {
	t.Parallel()
	s := extest.Serve(t, newApp(".", extest.PinnedCopy(t, "public")))
	for _, tt := range []struct {
		target string
		want   []string
	}{
		{"/search/ferret", []string{"jane", "loki", "tobi"}},
		{"/search/cat", []string{"luna", "manny"}},
		{"/search/dog", []string{}},
		{"/search/", []string{}},
	} {
		t.Run(tt.target, func(t *testing.T) {
			r := s.Get(tt.target)
			extest.Expect(t, r, 200, "")
			extest.ExpectHeader(t, r, "Content-Type", "application/json; charset=utf-8")
			var got []string
			if err := json.Unmarshal(r.Body, &got); err != nil {
				t.Fatalf("body %q: %v", r.Body, err)
			}
			slices.Sort(got)
			if !slices.Equal(got, tt.want) || got == nil {
				t.Errorf("members %q, want %q", got, tt.want)
			}
		})
	}
	t.Run("page", func(t *testing.T) {
		extest.Expect(t, s.Get("/"), 200, "<title>Search example</title>")
		extest.Expect(t, s.Get("/client.js"), 200, "XMLHttpRequest")
	})
}

func TestSetStore(t *testing.T) {
	t.Parallel()
	db := newSetStore()
	if n := db.SAdd("a", "x", "y", "x"); n != 2 {
		t.Errorf("SAdd added %d, want 2", n)
	}
	if n := db.SAdd("a", "y"); n != 0 {
		t.Errorf("SAdd of a member added %d", n)
	}
	got := db.SMembers("a")
	got[0] = "changed"
	if m := db.SMembers("a"); !slices.Equal(m, []string{"x", "y"}) {
		t.Errorf("SMembers %q, want a copy of [x y]", m)
	}
	if m := db.SMembers("none"); m == nil || len(m) != 0 {
		t.Errorf("SMembers of a missing set %#v, want empty", m)
	}
}

// TestExpressGolden replays the original example's recorded answers.
func TestExpressGolden(t *testing.T) {
	t.Parallel()
	extest.Replay(t, newApp(".", extest.PinnedCopy(t, "public")))
}
