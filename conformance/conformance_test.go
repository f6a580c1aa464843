package conformance_test

import (
	"strings"
	"testing"

	"github.com/fwgo/fw/conformance"
)

// TestConformance replays every case against the Go scenarios and compares
// with Express's recorded answers (golden mode: no node needed). It fails
// on a difference not listed in pending.json or divergences.json, on a
// listed case that now matches, and on a list entry that matches nothing.
func TestConformance(t *testing.T) {
	t.Parallel()
	rep, data, err := conformance.Run(conformance.Options{Root: "."})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	rep.WriteText(&b, false)
	t.Log("\n" + b.String())
	if !rep.OK() {
		t.Errorf("conformance run failed (fix fast, or list the case with its reason; `go run ./conformance/cmd/conformance -prune` takes fixed cases off the lists):\n%s", b.String())
	}

	if rep.Requests < 400 {
		t.Errorf("the suite has %d requests; the issue asks for at least 400", rep.Requests)
	}

	cov, err := conformance.CoverageFrom(".", rep, data)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range cov.Errors {
		t.Errorf("Express test map: %s", e)
	}
}
