package fast

import (
	"testing"

	"github.com/fwgo/fw/parsers/parserstest"
)

// TestExpressURLEncoded runs the 69 tests of Express 4.22.3's
// test/express.urlencoded.js over HTTP through fast.URLEncoded.
func TestExpressURLEncoded(t *testing.T) {
	t.Parallel()
	runExpressBodyCases(t, parserstest.URLEncodedCases(), 69)
}
