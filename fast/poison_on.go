//go:build fwpoison

package fast

// poison overwrites the memory a request lent to handlers (the request
// target, decoded parameters, the per-request arena) so that a value kept
// past its request shows up as garbage in tests instead of as another
// request's data.
func poison(c *state) {
	fill(c.uriCopy[:cap(c.uriCopy)])
	fill(c.decoded[:cap(c.decoded)])
	fill(c.scratch[:cap(c.scratch)])
}

func fill(b []byte) {
	for i := range b {
		b[i] = 0xA5
	}
}

// requestTarget copies the request target into the context's own buffer,
// so that poisoning it at the end of the request overwrites every view the
// request lent (params, req.url, req.baseUrl) without touching fasthttp's
// request, which a caller may serve again.
func requestTarget(c *state, b []byte) []byte {
	c.uriCopy = append(c.uriCopy[:0], b...)
	return c.uriCopy
}
