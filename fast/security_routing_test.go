package fast

import (
	"strings"
	"testing"
)

// cveApp serves the route patterns of the path-to-regexp 0.1.x ReDoS
// advisories, served by one app: CVE-2024-45296 (two parameters in a
// segment, fixed in 0.1.10), CVE-2024-52798 (three, 0.1.12) and
// CVE-2026-4867 (four, 0.1.13), for routes and for a mount path.
func cveApp() *App {
	app := New()
	sendParams := func(req *Request, res *Response, next Next) { sendParams(req, res) }
	app.Get("/:a-:b", sendParams)
	app.Get("/:a-:b-:c/x", sendParams)
	app.Get("/flights/:from-:to", sendParams)
	app.Get("/d/:a-:b-:c-:d", sendParams)
	app.Use("/m/:a-:b", func(req *Request, res *Response, next Next) {
		b, _ := req.Params().MarshalJSON()
		res.Send(string(b) + " " + req.URL())
	})
	return app
}

// TestCVE202445296 sends the advisories' inputs, a path of 4000 "a-" pairs,
// to routes with several parameters in one segment. A backtracking matcher
// takes polynomial time on them (path-to-regexp before 0.1.13 hangs on the
// four-parameter route); fast must answer, and answer what Express 4.22.3
// (path-to-regexp 0.1.13) answers, recorded with a probe. The in-memory
// client's 10 s deadline is only a hang guard: the time is not asserted
// (BenchmarkCVE202445296 gives it).
func TestCVE202445296(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("a-", 4000)
	tests := []struct {
		name   string
		target string
		status int
		body   string
	}{
		{"two parameters, no match", "/" + long + "/z", 404, ""},
		{"two parameters, match", "/" + long + "a", 200, `{"a":"` + strings.Repeat("a-", 3999) + `a","b":"a"}`},
		{"two parameters, short", "/x-y-z-w", 200, `{"a":"x-y-z","b":"w"}`},
		{"three parameters, no match", "/" + long + "/x", 404, ""},
		{"three parameters, short", "/x-y-z/x", 200, `{"a":"x","b":"y","c":"z"}`},
		{"flights, no match", "/flights/" + long + "/z", 404, ""},
		{"four parameters, no match", "/d/" + long + "/z", 404, ""},
		{"four parameters, match", "/d/" + long + "a", 200, `{"a":"` + strings.Repeat("a-", 3997) + `a","b":"a","c":"a","d":"a"}`},
		{"mount path, no match", "/m/" + long + "/z", 404, ""},
		{"mount path, match", "/m/" + long + "a/z", 200, `{"a":"` + strings.Repeat("a-", 3999) + `a","b":"a"} /z`},
		{"mount path, short", "/m/x-y-z/w", 200, `{"a":"x-y","b":"z"} /w`},
	}
	s := serveTest(t, cveApp())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := s.do("GET", tt.target)
			r.expectStatus(t, tt.status)
			if tt.status == 200 && r.body != tt.body {
				t.Errorf("body %.80q..., want %.80q...", r.body, tt.body)
			}
		})
	}
}
