package pool

import "testing"

type item struct {
	n    int
	data []byte
}

func (it *item) Reset() {
	it.n = 0
	it.data = it.data[:0]
}

func TestPoolResetsOnPut(t *testing.T) {
	t.Parallel()
	made := 0
	p := New(func() *item { made++; return &item{} })
	it := p.Get()
	it.n = 7
	it.data = append(it.data, "secret"...)
	p.Put(it)
	got := p.Get()
	if got.n != 0 || len(got.data) != 0 {
		t.Fatalf("pooled value was not reset: %+v", got)
	}
	if made == 0 {
		t.Fatal("New was never called")
	}
}

func TestStackReusesAndResets(t *testing.T) {
	t.Parallel()
	made := 0
	s := NewStack(func() *item { made++; return &item{} })
	a := s.Get(3)
	a.n = 9
	s.Put(3, a)
	b := s.Get(3)
	if b != a {
		t.Fatal("Get did not reuse the value put on the same shard")
	}
	if b.n != 0 {
		t.Fatal("value was not reset")
	}
	if made != 1 {
		t.Fatalf("made %d values, want 1", made)
	}
}

func TestStackBoundsShard(t *testing.T) {
	t.Parallel()
	s := NewStack(func() *item { return &item{} })
	for i := 0; i < maxPerShard+10; i++ {
		s.Put(0, &item{})
	}
	if n := len(s.shards[0].items); n != maxPerShard {
		t.Fatalf("shard holds %d values, want %d", n, maxPerShard)
	}
}

func TestStackConcurrent(t *testing.T) {
	t.Parallel()
	s := NewStack(func() *item { return &item{} })
	done := make(chan bool)
	for g := 0; g < 8; g++ {
		go func(g int) {
			for i := 0; i < 1000; i++ {
				v := s.Get(uint64(g))
				v.n = g
				s.Put(uint64(g), v)
			}
			done <- true
		}(g)
	}
	for g := 0; g < 8; g++ {
		<-done
	}
}

func TestStackTryGetTryPut(t *testing.T) {
	t.Parallel()
	s := NewStack(func() *item { return &item{} })
	if v := s.TryGet(5); v != nil {
		t.Fatalf("TryGet on an empty shard = %p, want nil", v)
	}
	a, b := &item{}, &item{}
	if !s.TryPut(5, a) {
		t.Fatal("TryPut into an empty slot failed")
	}
	if s.TryPut(5, b) {
		t.Fatal("TryPut into a full slot succeeded")
	}
	s.PutReset(5, b) // onto the stack
	if v := s.TryGet(5); v != a {
		t.Fatalf("TryGet = %p, want the value in the slot %p", v, a)
	}
	if v := s.TryGet(5); v != nil {
		t.Fatalf("TryGet on an empty slot = %p, want nil", v)
	}
	if v := s.Get(5); v != b {
		t.Fatalf("Get = %p, want the value on the stack %p", v, b)
	}
}

// TestShardTryGetTryPut checks that a Shard's TryGet and TryPut are the
// Stack's for the keys that reach it, and that keys of other shards do not
// see its slot.
func TestShardTryGetTryPut(t *testing.T) {
	t.Parallel()
	s := NewStack(func() *item { return &item{} })
	n := uint64(len(s.shards))
	sh := s.Shard(3)
	if sh != s.Shard(3+n) || sh == s.Shard(4) {
		t.Fatal("Shard does not map keys by their low bits")
	}
	a := &item{}
	if !sh.TryPut(a) {
		t.Fatal("Shard.TryPut into an empty slot failed")
	}
	if v := s.TryGet(4); v != nil {
		t.Fatalf("TryGet of another shard = %p, want nil", v)
	}
	if s.TryPut(3+n, &item{}) {
		t.Fatal("Stack.TryPut into the slot Shard.TryPut filled succeeded")
	}
	if v := s.TryGet(3 + n); v != a {
		t.Fatalf("Stack.TryGet = %p, want %p", v, a)
	}
	if !s.TryPut(3, a) {
		t.Fatal("Stack.TryPut into an empty slot failed")
	}
	if v := sh.TryGet(); v != a {
		t.Fatalf("Shard.TryGet = %p, want %p", v, a)
	}
	if v := sh.TryGet(); v != nil {
		t.Fatalf("Shard.TryGet on an empty slot = %p, want nil", v)
	}
}
