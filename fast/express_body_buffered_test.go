package fast

import (
	"testing"

	"github.com/fwgo/fw/parsers/parserstest"
)

// TestExpressBodyBuffered runs the 215 tests of Express's
// test/express.json.js, express.raw.js, express.text.js and
// express.urlencoded.js through an app served by a fasthttp.Server that
// does not stream request bodies (a server built around App.Handler): the
// body parsers must answer the same when the whole body is in memory.
func TestExpressBodyBuffered(t *testing.T) {
	t.Parallel()
	runExpressBodyCasesOn(t, parserstest.All(), 215, serveTestBuffered)
}
