//go:build !fwpoison

package fast

// poison is a no-op unless the fwpoison build tag is set. Allocation tests
// do not run under that tag: the poison build copies the request target.
func poison(*state) {}

// requestTarget returns the request target the context works on: fasthttp's
// own buffer, which lives as long as the request.
func requestTarget(_ *state, b []byte) []byte { return b }
