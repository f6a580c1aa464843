package fast

import (
	"io"
	"sync"

	"github.com/fwgo/fw/adaptor"
)

// drainMax is how much of a body the handlers left unread is read off
// after the response is made, so that the connection can be kept alive.
// Node reads off any amount; past drainMax the connection is closed after
// the response instead, so that an endless body costs no more than this.
const drainMax = 1 << 20

var drainBufs = sync.Pool{New: func() any { return new([16 << 10]byte) }}

// settleBody makes the connection safe for its next request when fasthttp
// streams request bodies: fasthttp reads the next request from where the
// handlers stopped reading, so the rest of an unread body is read off and
// discarded here when it is known to be small (a Content-Length up to
// drainMax, or a chunked body that ends within drainMax). Otherwise the
// connection is closed after the response: after a body parser refused a
// body as too large (Express reads it all off before answering; fast
// answers at once and reads no further), or when the Content-Length is
// over drainMax. A hijacked connection is left to its new owner.
func (c *state) settleBody() {
	if c.fctx.Request.IsBodyStream() {
		c.settleStream()
	}
}

// settleStream is settleBody for a streamed request body, out of line so
// that settleBody's check inlines.
func (c *state) settleStream() {
	fctx := c.fctx
	if fctx.Hijacked() {
		return
	}
	if c.bodyOver {
		fctx.SetConnectionClose()
		return
	}
	if adaptor.Request(fctx) != nil {
		// Served through net/http (App.ServeHTTP), which reads off or
		// closes after the handler itself: nothing to read here.
		return
	}
	budget := drainMax
	if c.framing() > drainMax {
		budget = 0 // only learn whether a parser read it to its end
	}
	s := fctx.RequestBodyStream()
	buf := drainBufs.Get().(*[16 << 10]byte)
	defer drainBufs.Put(buf)
	for n := 0; n <= budget; {
		m, err := s.Read(buf[:])
		n += m
		switch {
		case err == io.EOF:
			return
		case err != nil, m == 0:
			n = budget + 1
		}
	}
	fctx.SetConnectionClose()
}
