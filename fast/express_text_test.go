package fast

import (
	"testing"

	"github.com/fwgo/fw/parsers/parserstest"
)

// TestExpressText runs the 46 tests of Express 4.22.3's
// test/express.text.js over HTTP through fast.Text.
func TestExpressText(t *testing.T) {
	t.Parallel()
	runExpressBodyCases(t, parserstest.TextCases(), 46)
}
