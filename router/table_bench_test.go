package router

import (
	"testing"
)

// benchMethods numbers methods as fast does (Node's order); the top bit is
// fast's "all" bit, which a method filter always includes.
var benchMethods = map[string]uint{"DELETE": 5, "GET": 6, "HEAD": 7, "PATCH": 18, "POST": 19, "PUT": 23}

const benchAllBit = uint64(1) << 63

// benchTable builds the table fast builds for app.METHOD(path, h) per
// route: one non-strict, case-insensitive route layer each (a use layer,
// as app.use(path, fn) makes, for the method "USE").
func benchTable(tb testing.TB, routes [][2]string) *Table[int] {
	tb.Helper()
	layers := make([]Layer[int], len(routes))
	for i, r := range routes {
		layers[i] = Layer[int]{Pattern: mustCompile(tb, r[1], routeOptions), Handle: i, Route: true, Methods: 1 << benchMethods[r[0]]}
		if r[0] == "USE" {
			layers[i] = Layer[int]{Pattern: mustCompile(tb, r[1], Options{}), Handle: i}
		}
	}
	return NewTable(layers, false)
}

// benchRequest is a request path with the method filter fast passes; the
// GitHub requests are the patterns themselves, as bench's are.
type benchRequest struct {
	path   string
	filter uint64
}

func benchRequests(routes [][2]string) []benchRequest {
	reqs := make([]benchRequest, len(routes))
	for i, r := range routes {
		reqs[i] = benchRequest{r[1], 1<<benchMethods[r[0]] | benchAllBit}
	}
	return reqs
}

// BenchmarkCandidates measures Table.Find (Candidates as fast calls it)
// alone: "param" and "root"
// are the two requests of bench's handler app (routes "/" and
// "/user/:name"), GithubAll asks once for each of the 203 GitHub API routes
// per op, GithubParam and GithubStatic for one each, on the GitHub table.
func BenchmarkCandidates(b *testing.B) {
	small := benchTable(b, [][2]string{{"GET", "/"}, {"GET", "/user/:name"}})
	github := githubRoutes(b)
	gh := benchTable(b, github)
	get := uint64(1)<<benchMethods["GET"] | benchAllBit
	cases := []struct {
		name string
		tab  *Table[int]
		reqs []benchRequest
	}{
		{"param", small, []benchRequest{{"/user/gopher", get}}},
		{"root", small, []benchRequest{{"/", get}}},
		{"GithubAll", gh, benchRequests(github)},
		{"GithubParam", gh, []benchRequest{{"/repos/julienschmidt/httprouter/stargazers", get}}},
		{"GithubStatic", gh, []benchRequest{{"/user/repos", get}}},
		// GithubWalk is GithubAll on the GitHub table with a use layer
		// ("/repos"): not linear, the general walk answers.
		{"GithubWalk", benchTable(b, append([][2]string{{"USE", "/repos"}}, github...)), benchRequests(github)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			cands := make([]Candidate, 0, 16)
			caps := make([]int32, 0, 64)
			for _, r := range c.reqs {
				if got, _ := c.tab.Candidates(r.path, r.filter, cands, caps); len(got) == 0 {
					b.Fatalf("%q: no candidate", r.path)
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, r := range c.reqs {
					cands, caps = cands[:0], caps[:0]
					c.tab.Find(r.path, r.filter, &cands, &caps)
				}
			}
		})
	}
}
