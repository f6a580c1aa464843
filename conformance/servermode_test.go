package conformance_test

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/conformance"
	"github.com/fwgo/fw/conformance/runner"
)

// TestConformanceNetHTTP replays every case with the Go scenarios served
// through net/http (App.ServeHTTP): over HTTP/1.1, and over HTTP/2 with TLS
// and the standard library's client. The answers must match Express's as
// they do under fasthttp (TestConformance), with the rules of
// runner.ServerMode and the entries of divergences-nethttp.json.
func TestConformanceNetHTTP(t *testing.T) {
	t.Parallel()
	for _, mode := range []runner.ServerMode{runner.ModeNetHTTP, runner.ModeHTTP2} {
		t.Run(string(mode), func(t *testing.T) {
			rep, _, err := conformance.Run(conformance.Options{Root: ".", Server: mode})
			if err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			rep.WriteText(&b, false)
			t.Log("\n" + b.String())
			if !rep.OK() {
				t.Errorf("conformance through net/http (%s) failed:\n%s", mode, b.String())
			}
			if rep.Requests < 400 {
				t.Errorf("%d requests", rep.Requests)
			}
		})
	}
}
