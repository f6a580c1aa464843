package pool

import (
	"sync"
	"sync/atomic"
	"testing"
)

// owned is a pooled value that knows whether someone holds it.
type owned struct {
	held atomic.Int32
	n    int // written only by the holder: the race detector sees a shared one
}

func (o *owned) Reset() { o.n = 0 }

// TestStackTryConcurrent takes and returns values from goroutines sharing
// a few keys, through every entry point (TryGet then Get, Get, TryPut then
// PutReset, Put): no value is ever held twice at once, a value comes back
// reset, and none is lost while fewer than maxPerShard are out (run with
// -race: the holder writes the value without synchronization).
func TestStackTryConcurrent(t *testing.T) {
	t.Parallel()
	var made atomic.Int32
	s := NewStack(func() *owned { made.Add(1); return &owned{} })
	const goroutines, rounds = 8, 2000
	var wg sync.WaitGroup
	var bad atomic.Int32
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < rounds; i++ {
				key := uint64(i % 3)
				var v *owned
				if i%2 == 0 {
					if v = s.TryGet(key); v == nil {
						v = s.Get(key)
					}
				} else {
					v = s.Get(key)
				}
				if !v.held.CompareAndSwap(0, 1) {
					bad.Add(1)
					continue
				}
				if v.n != 0 {
					bad.Add(1)
				}
				v.n = g*rounds + i + 1
				switch i % 3 {
				case 0:
					v.Reset()
					v.held.Store(0)
					if !s.TryPut(key, v) {
						s.PutReset(key, v)
					}
				case 1:
					v.held.Store(0)
					s.Put(key, v)
				default:
					v.Reset()
					v.held.Store(0)
					s.PutReset(key, v)
				}
			}
		}(g)
	}
	wg.Wait()
	if n := bad.Load(); n != 0 {
		t.Fatalf("%d values were handed out twice or not reset", n)
	}
	// A value goes back under the key it was taken with, so each of the
	// three keys' shards needs at most one value per goroutine: more made
	// means the pool lost some.
	if m := made.Load(); m > 3*goroutines {
		t.Fatalf("made %d values for %d goroutines on 3 keys: the pool lost some", m, goroutines)
	}
}
