// Package pool holds typed object pools for per-request state.
//
// A pooled object is lent to one request at a time: it is acquired when the
// request starts and released when it ends, and nothing may keep a reference
// to it, or to memory it lends out, after release. Types that are pooled
// implement Reset, which must clear every field that refers to request data;
// a NOTE on each pooled type reminds whoever adds a reference field.
package pool

import "sync"

// Resetter is implemented by pooled values. Reset must clear every field
// that refers to request data.
type Resetter interface {
	Reset()
}

// Pool is a typed sync.Pool of *T. The zero value is not usable; call New.
type Pool[T any, P interface {
	*T
	Resetter
}] struct {
	p sync.Pool
}

// New returns a Pool that makes new values with newValue when it is empty.
func New[T any, P interface {
	*T
	Resetter
}](newValue func() P) *Pool[T, P] {
	pl := &Pool[T, P]{}
	pl.p.New = func() any { return newValue() }
	return pl
}

// Get returns a value from the pool, or a new one.
func (pl *Pool[T, P]) Get() P {
	return pl.p.Get().(P)
}

// Put resets v and returns it to the pool. v must not be used afterwards.
func (pl *Pool[T, P]) Put(v P) {
	v.Reset()
	pl.p.Put(v)
}
