package fast

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Helpers shared by the ports of Express 4.22's res.* test suites
// (res_*_test.go). Each port names its subtests with the describe/it
// sentences of the Express file; what cannot be ported is listed, with the
// reason, in testdata/express-response-skips.md.

// values returns every value of a header, in order, matched
// case-insensitively: supertest's res.headers[name] for Set-Cookie.
func (r *testResponse) values(name string) []string {
	var out []string
	for _, h := range r.headers {
		if strings.EqualFold(h[0], name) {
			out = append(out, h[1])
		}
	}
	return out
}

// joined returns a header as supertest shows a repeated one: the values
// joined with ", " (Set-Cookie with ",").
func (r *testResponse) joined(name string) string {
	sep := ", "
	if strings.EqualFold(name, "Set-Cookie") {
		sep = ","
	}
	return strings.Join(r.values(name), sep)
}

// expectValues checks every value of a header, as Express's
// shouldHaveHeaderValues.
func (r *testResponse) expectValues(t testing.TB, name string, want ...string) {
	t.Helper()
	if got := r.values(name); !slices.Equal(got, want) {
		t.Errorf("header %s = %q, want %q", name, got, want)
	}
}

// expectJoined checks a header as supertest's .expect(name, value) sees it.
func (r *testResponse) expectJoined(t testing.TB, name, want string) {
	t.Helper()
	if got := r.joined(name); got != want {
		t.Errorf("header %s = %q, want %q", name, got, want)
	}
}

// expectHeaderMatch checks a header against a regular expression.
func (r *testResponse) expectHeaderMatch(t testing.TB, name, re string) {
	t.Helper()
	if got := r.joined(name); !regexp.MustCompile(re).MatchString(got) {
		t.Errorf("header %s = %q, want a match of /%s/", name, got, re)
	}
}

// expectMatch checks status and that the body matches re.
func (r *testResponse) expectMatch(t testing.TB, status int, re string) {
	t.Helper()
	if r.status != status || !regexp.MustCompile(re).MatchString(r.body) {
		t.Errorf("got %d %q, want %d and a body matching /%s/", r.status, r.body, status, re)
	}
}

// expectBody checks the body only.
func (r *testResponse) expectBody(t testing.TB, body string) {
	t.Helper()
	if r.body != body {
		t.Errorf("body %q, want %q", r.body, body)
	}
}

// use returns an app whose only middleware is h, as the tests'
// app.use(function (req, res) { ... }).
func use(h Handler) *App {
	app := New()
	app.Use(h)
	return app
}

// smallUser is the small struct of the JSON benchmarks.
var smallUser = benchUser{ID: 42, Name: "Tobi", Email: "tobi@example.com", Admin: true, Score: 9.5, Tags: []string{"a", "b"}}

type benchUser struct {
	ID    int      `json:"id"`
	Name  string   `json:"name"`
	Email string   `json:"email"`
	Admin bool     `json:"admin"`
	Score float64  `json:"score"`
	Tags  []string `json:"tags"`
}
