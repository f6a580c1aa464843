package etag

import "testing"

// TestFreshDifferential replays fresh(reqHeaders, resHeaders) as recorded
// from fresh 0.5.2 (testdata/gen.js); an absent header is "".
func TestFreshDifferential(t *testing.T) {
	t.Parallel()
	var cases []struct {
		Req   map[string]string `json:"req"`
		Res   map[string]string `json:"res"`
		Fresh bool              `json:"fresh"`
	}
	loadJSON(t, "fresh.json", &cases)
	if len(cases) < 500 {
		t.Fatalf("only %d cases", len(cases))
	}
	for i, c := range cases {
		h := func(m map[string]string, k string) string { return latin1(m[k]) }
		got := Fresh(h(c.Req, "if-none-match"), h(c.Req, "if-modified-since"), h(c.Req, "cache-control"),
			h(c.Res, "etag"), h(c.Res, "last-modified"))
		if got != c.Fresh {
			t.Errorf("case %d: Fresh(req %q, res %q) = %v, fresh: %v", i, c.Req, c.Res, got, c.Fresh)
		}
	}
}

// TestReqFresh ports Express's test/req.fresh.js and test/req.stale.js at
// the level this package owns (req.stale is !req.fresh).
func TestReqFresh(t *testing.T) {
	t.Parallel()
	const tag = `W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"`
	tests := []struct {
		name             string
		ifNoneMatch, res string
		fresh            bool
	}{
		{"should return true when the resource is not modified", tag, tag, true},
		{"should return false when the resource is modified", `"12345"`, `"123"`, false},
		{"should return false without response headers", "", "", false},
		{"should return false when the resource is not modified (stale)", tag, tag, true},
		{"should return true when the resource is modified (stale)", `"12345"`, `"123"`, false},
		{"should return true without response headers (stale)", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Fresh(tt.ifNoneMatch, "", "", tt.res, ""); got != tt.fresh {
				t.Fatalf("Fresh = %v, want %v", got, tt.fresh)
			}
		})
	}
}

func TestFreshRules(t *testing.T) {
	t.Parallel()
	const lm = "Sat, 01 Jan 2000 00:00:00 GMT"
	tests := []struct {
		name                             string
		inm, ims, cc, etag, lastModified string
		want                             bool
	}{
		{"unconditional request is stale", "", "", "", `"a"`, lm, false},
		{"star matches without an etag", "*", "", "", "", "", true},
		{"weak on the request side", `W/"a"`, "", "", `"a"`, "", true},
		{"weak on the response side", `"a"`, "", "", `W/"a"`, "", true},
		{"list with spaces", ` "x" , "a" `, "", "", `"a"`, "", true},
		{"tab is not trimmed", "\"a\"\t", "", "", `"a"`, "", false},
		{"no-cache wins", `"a"`, "", "max-age=0, no-cache", `"a"`, "", false},
		{"no-cache is case-sensitive", `"a"`, "", "NO-CACHE", `"a"`, "", true},
		{"modified since is stale", "", lm, "", "", "Sun, 02 Jan 2000 00:00:00 GMT", false},
		{"not modified since is fresh", "", "Sun, 02 Jan 2000 00:00:00 GMT", "", "", lm, true},
		{"unparsable dates are stale", "", "yesterday", "", "", lm, false},
		{"both validators must pass", `"a"`, lm, "", `"a"`, "Sun, 02 Jan 2000 00:00:00 GMT", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Fresh(tt.inm, tt.ims, tt.cc, tt.etag, tt.lastModified); got != tt.want {
				t.Fatalf("Fresh = %v, want %v", got, tt.want)
			}
		})
	}
}
