package fast

import (
	"strings"
	"testing"
)

// BenchmarkCVE202445296 times the advisories' worst input: a path of 4000
// "a-" pairs to a four-parameter route it does not match.
func BenchmarkCVE202445296(b *testing.B) {
	h := cveApp().Handler()
	ctx := newRequestCtx("GET", "/d/"+strings.Repeat("a-", 4000)+"/z")
	b.ReportAllocs()
	for b.Loop() {
		ctx.Response.Reset()
		h(ctx)
	}
}
