package methodoverride_test

import (
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/methodoverride"
)

// TestMethodOverride ports the behaviour method-override 3.0's README and
// test/methodOverride.js document, for the forms the differential test
// does not record (getter functions).
func TestMethodOverride(t *testing.T) {
	t.Parallel()
	fromHeader := func(name string) methodoverride.Getter {
		return func(req *fast.Request, res *fast.Response) string { return req.Get(name) }
	}
	tests := []struct {
		name    string
		mw      fast.Handler
		method  string
		headers []string
		want    string
	}{
		{"should not touch the method by default", methodoverride.New(""), "GET", nil, "GET GET"},
		{"should use X-HTTP-Method-Override by default", methodoverride.New(""), "POST", []string{"X-HTTP-Method-Override: DELETE"}, "DELETE POST"},
		{"should be case in-sensitive", methodoverride.New(""), "POST", []string{"X-HTTP-Method-Override: DeLeTe"}, "DELETE POST"},
		{"should ignore invalid methods", methodoverride.New(""), "POST", []string{"X-HTTP-Method-Override: POST%20DELETE"}, "POST POST"},
		{"should use the given function", methodoverride.Func(fromHeader("X-Tunnel")), "POST", []string{"X-Tunnel: PATCH"}, "PATCH POST"},
		{"should handle undefined", methodoverride.Func(fromHeader("X-Missing")), "POST", nil, "POST POST"},
		{"should not allow GET by default", methodoverride.Func(fromHeader("X-Tunnel")), "GET", []string{"X-Tunnel: PATCH"}, "GET GET"},
		{"should allow any method when methods is null", methodoverride.Func(fromHeader("X-Tunnel"), methodoverride.Config{AnyMethod: true}), "GET", []string{"X-Tunnel: PATCH"}, "PATCH GET"},
		{"should allow only the listed methods", methodoverride.Func(fromHeader("X-Tunnel"), methodoverride.Config{Methods: []string{"PUT"}}), "POST", []string{"X-Tunnel: PATCH"}, "POST POST"},
		{"should refuse a non-ASCII method name", methodoverride.New("_method"), "POST", nil, "POST POST"},
		{"should accept an empty methods list as none", methodoverride.Func(fromHeader("X-Tunnel"), methodoverride.Config{Methods: []string{}}), "POST", []string{"X-Tunnel: PATCH"}, "POST POST"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			app := fast.New()
			app.Use(tt.mw)
			app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.SendString(req.Method() + " " + methodoverride.OriginalMethod(req))
			})
			target := "/"
			if tt.name == "should refuse a non-ASCII method name" {
				target = "/?_method=LOC%E2%84%AA" // "LOC" + KELVIN SIGN
			}
			resp := testserver.New(t, app).Do(testserver.Request(tt.method, target, "", tt.headers...))
			if resp.Body != tt.want {
				t.Errorf("got %q, want %q", resp.Body, tt.want)
			}
		})
	}
}

func TestNilGetterPanics(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	methodoverride.Func(nil)
}
