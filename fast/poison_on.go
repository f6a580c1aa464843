//go:build fwpoison

package fast

// poison overwrites the memory a request lent to handlers (the request
// target, decoded parameters, the per-request arena) so that a value kept
// past its request shows up as garbage in tests instead of as another
// request's data.
func poison(c *state) {
	fill(c.uri) // fasthttp's buffer: it is done with it once the handler returns
	fill(c.decoded[:cap(c.decoded)])
	fill(c.scratch[:cap(c.scratch)])
}

func fill(b []byte) {
	for i := range b {
		b[i] = 0xA5
	}
}
