package fast

import (
	"testing"

	"github.com/fwgo/fw/parsers/parserstest"
)

// TestExpressRaw runs the 39 tests of Express 4.22.3's
// test/express.raw.js over HTTP through fast.Raw.
func TestExpressRaw(t *testing.T) {
	t.Parallel()
	runExpressBodyCases(t, parserstest.RawCases(), 39)
}
