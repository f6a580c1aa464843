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
