package fast

import "testing"

// TestReqRange ports Express 4.22's test/req.range.js.
func TestReqRange(t *testing.T) {
	t.Parallel()
	ranges := func(size int64, combine bool) Handler {
		return sendJSONOf(func(req *Request) any {
			rs, res := req.Range(size, combine)
			if res != RangeOK {
				return float64(res)
			}
			return rs
		})
	}
	rangeType := sendJSONOf(func(req *Request) any { rs, _ := req.Range(120, false); return rs.Type })
	p := func(names ...string) []string { return append([]string{"req", ".range(size)"}, names...) }
	runExpress(t, []expressCase{
		{path: p("should return parsed ranges"),
			app: useApp(nil, ranges(120, false)), send: []string{"GET", "/", "Range", "bytes=0-50,51-100"}, status: 200, body: `[{"start":0,"end":50},{"start":51,"end":100}]`},
		{path: p("should cap to the given size"),
			app: useApp(nil, ranges(75, false)), send: []string{"GET", "/", "Range", "bytes=0-100"}, status: 200, body: `[{"start":0,"end":74}]`},
		{path: p("should cap to the given size when open-ended"),
			app: useApp(nil, ranges(75, false)), send: []string{"GET", "/", "Range", "bytes=0-"}, status: 200, body: `[{"start":0,"end":74}]`},
		{path: p("should have a .type"),
			app: useApp(nil, rangeType), send: []string{"GET", "/", "Range", "bytes=0-100"}, status: 200, body: `"bytes"`},
		{path: p("should accept any type"),
			app: useApp(nil, rangeType), send: []string{"GET", "/", "Range", "users=0-2"}, status: 200, body: `"users"`},
		{path: p("should return undefined if no range"),
			app: useApp(nil, endString(func(req *Request) string {
				if _, res := req.Range(120, false); res == RangeAbsent {
					return "undefined"
				}
				return "defined"
			})),
			send: []string{"GET", "/"}, status: 200, body: "undefined"},
		{path: []string{"req", ".range(size, options)", `with "combine: true" option`, "should return combined ranges"},
			app: useApp(nil, ranges(120, true)), send: []string{"GET", "/", "Range", "bytes=0-50,51-100"}, status: 200, body: `[{"start":0,"end":100}]`},
	})
}
