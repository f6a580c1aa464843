//go:build !fwpoison

package fast

// poison is a no-op unless the fwpoison build tag is set.
func poison(*state) {}
