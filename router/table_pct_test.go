package router

import (
	"slices"
	"strings"
	"testing"
)

// TestFindPct checks what Find reports against a scan of the path, with a '%' put
// at each position of paths the walk follows to their end, stops in, or
// never enters, on the GitHub table and on tables whose literals have
// '%' (memo hits) or are longer than eight bytes; and that Find lists what
// Candidates lists.
func TestFindPct(t *testing.T) {
	t.Parallel()
	github := githubRoutes(t)
	var long []Layer[int]
	for _, p := range []string{"/abcdefghijklmnopqrstu/:x", "/a%20b", "/abcdefgh%/:y/z", "/:p/abcdefghijklmnopq", "/api", "/"} {
		long = append(long, Layer[int]{Pattern: mustCompile(t, p, routeOptions), Route: p != "/api", Methods: 1})
	}
	tables := []struct {
		tab   *Table[int]
		paths []string
	}{
		{benchTable(t, github), []string{"/", "", "*", "/user/repos", "/repos/julienschmidt/httprouter/stargazers",
			"/authorizations/12/", "/nothing/here/at/all", "/users/x/received_events/public", "//user", "/user//repos"}},
		{NewTable(long, false), []string{"/abcdefghijklmnopqrstu/value", "/a%20b", "/A%20B/", "/abcdefgh%/v/z", "/x/abcdefghijklmnopq",
			"/api/and/more/segments/than/any/route", "/abcdefghijklmnopqrstu/", "/a"}},
	}
	for _, r := range github {
		tables[0].paths = append(tables[0].paths, r[1])
	}
	for _, tc := range tables {
		for _, path := range tc.paths {
			variants := []string{path}
			for i := range len(path) + 1 {
				variants = append(variants, path[:i]+"%"+path[i:])
				if i < len(path) && path[i] != '/' {
					variants = append(variants, path[:i]+"%"+path[i+1:])
				}
			}
			for _, v := range variants {
				for _, filter := range []uint64{0, 1, 1<<benchMethods["GET"] | benchAllBit} {
					cands, caps := tc.tab.Candidates(v, filter, nil, nil)
					var fc []Candidate
					var fcaps []int32
					if pct := tc.tab.Find(v, filter, &fc, &fcaps); pct != strings.Contains(v, "%") {
						t.Fatalf("%q filter %x: pct %v", v, filter, pct)
					}
					if !slices.Equal(fc, cands) || !slices.Equal(fcaps, caps) {
						t.Fatalf("%q filter %x: Find gave %v %v, Candidates %v %v", v, filter, fc, fcaps, cands, caps)
					}
				}
			}
		}
	}
}
