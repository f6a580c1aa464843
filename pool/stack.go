package pool

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Stack is a pool of values kept on mutex-guarded stacks, sharded by a key
// the caller chooses (a connection id spreads connections over shards and
// keeps one connection on one shard). Its Get and Put cost a few dozen
// instructions, a fraction of sync.Pool's, which matters on a request path
// of a few hundred. Unlike sync.Pool it keeps values across garbage
// collections, up to a bound per shard, beyond which Put drops them.
//
// Each shard also has one slot guarded by a three-state word (empty, full,
// busy): a Get takes it and a Put fills it with one compare-and-swap on
// that word and one store, without taking the mutex. A shard's connections
// rarely overlap, so a Get usually finds the value the last Put left there.
// The word is a uint32 rather than an atomic pointer because pointer
// atomics are runtime calls (write barriers) while uint32 ones are single
// instructions; a Get or Put that finds the slot busy uses the stack.
type Stack[T any, P interface {
	*T
	Resetter
}] struct {
	shards   []Shard[T, P]
	mask     uint64
	newValue func() P
}

// Shard is the part of a Stack that the keys with the same low bits reach
// (Stack.Shard). Its TryGet and TryPut are the Stack's for any of those
// keys: a caller that gets and puts with one key finds the shard once.
// A value got with a key comes from that key's shard, and goes back there
// when put with it, so a caller that always does so may keep the shard
// with the value and put it back through the Shard it kept.
type Shard[T any, P interface{ *T }] struct {
	slot  atomic.Uint32 // slotEmpty, slotFull or slotBusy: who may touch hot
	hot   P             // the last value put, when the slot was free
	mu    sync.Mutex
	items []P
	_     [64]byte // keep shards on separate cache lines
}

// The states of a shard's slot. Only the goroutine that moved it to
// slotBusy reads or writes hot, until it stores slotEmpty or slotFull.
const (
	slotEmpty uint32 = iota
	slotFull
	slotBusy
)

// maxPerShard bounds what a shard keeps: enough for bursts of concurrent
// requests on its connections.
const maxPerShard = 256

// NewStack returns a Stack that makes values with newValue when a shard is
// empty. It has a power of two of shards, at least four per CPU.
func NewStack[T any, P interface {
	*T
	Resetter
}](newValue func() P) *Stack[T, P] {
	n := 1
	for n < 4*runtime.GOMAXPROCS(0) {
		n <<= 1
	}
	return &Stack[T, P]{shards: make([]Shard[T, P], n), mask: uint64(n - 1), newValue: newValue}
}

// Get returns a value from key's shard, or a new one.
func (s *Stack[T, P]) Get(key uint64) P {
	if v := s.TryGet(key); v != nil {
		return v
	}
	sh := &s.shards[key&s.mask]
	sh.mu.Lock()
	if n := len(sh.items); n > 0 {
		v := sh.items[n-1]
		sh.items[n-1] = nil
		sh.items = sh.items[:n-1]
		sh.mu.Unlock()
		return v
	}
	sh.mu.Unlock()
	return s.newValue()
}

// Shard returns key's shard.
func (s *Stack[T, P]) Shard(key uint64) *Shard[T, P] {
	return &s.shards[key&s.mask]
}

// TryGet returns the value in key's shard's slot, or nil when the slot is
// empty or busy: Get's common case, without calls, so that it inlines into
// the caller, which calls Get when it returns nil.
func (s *Stack[T, P]) TryGet(key uint64) P {
	return s.Shard(key).TryGet()
}

// TryGet is Stack.TryGet for a key of this shard.
func (sh *Shard[T, P]) TryGet() P {
	if sh.slot.CompareAndSwap(slotFull, slotBusy) {
		// hot keeps its pointer: only the holder of the slot reads it,
		// and the next Put into the slot overwrites it.
		v := sh.hot
		sh.slot.Store(slotEmpty)
		return v
	}
	return nil
}

// Put resets v and returns it to key's shard. v must not be used afterwards.
func (s *Stack[T, P]) Put(key uint64, v P) {
	v.Reset()
	s.PutReset(key, v)
}

// PutReset is Put for a value the caller has reset.
func (s *Stack[T, P]) PutReset(key uint64, v P) {
	if s.TryPut(key, v) {
		return
	}
	sh := &s.shards[key&s.mask]
	sh.mu.Lock()
	if len(sh.items) < maxPerShard {
		sh.items = append(sh.items, v)
	}
	sh.mu.Unlock()
}

// TryPut puts v, which the caller has reset, into key's shard's slot and
// reports whether the slot was free: PutReset's common case, without calls,
// so that it inlines into the caller, which calls PutReset when it returns
// false. v must not be used after a true answer.
func (s *Stack[T, P]) TryPut(key uint64, v P) bool {
	return s.Shard(key).TryPut(v)
}

// TryPut is Stack.TryPut for a key of this shard.
func (sh *Shard[T, P]) TryPut(v P) bool {
	if sh.slot.CompareAndSwap(slotEmpty, slotBusy) {
		sh.hot = v
		sh.slot.Store(slotFull)
		return true
	}
	return false
}
