package fast

import (
	"testing"

	"github.com/fwgo/fw/parsers/parserstest"
)

// TestExpressJSON runs the 61 tests of Express 4.22.3's
// test/express.json.js over HTTP through fast.JSON.
func TestExpressJSON(t *testing.T) {
	t.Parallel()
	runExpressBodyCases(t, parserstest.JSONCases(), 61)
}
