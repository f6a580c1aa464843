package pool_test

import (
	"fmt"

	"github.com/fwgo/fw/pool"
)

// scratch is a per-request value: Reset clears what refers to request data.
type scratch struct {
	buf []byte
}

func (s *scratch) Reset() { s.buf = s.buf[:0] }

func ExampleNew() {
	p := pool.New(func() *scratch { return &scratch{buf: make([]byte, 0, 64)} })
	s := p.Get()
	s.buf = append(s.buf, "GET /"...)
	fmt.Println(string(s.buf))
	p.Put(s) // reset, then pooled: s must not be used again
	// Output:
	// GET /
}

func ExampleNewStack() {
	// A Stack keeps values per shard; fast keys it by connection ID, so a
	// connection tends to get back the value it warmed up.
	st := pool.NewStack(func() *scratch { return &scratch{} })
	const connID = 7
	s := st.Get(connID)
	s.buf = append(s.buf, "warm"...)
	st.Put(connID, s)
	again := st.Get(connID)
	fmt.Println(again == s, len(again.buf), cap(again.buf) >= 4)
	// Output:
	// true 0 true
}

func ExampleShard() {
	// A request handler finds its connection's shard once, tries the
	// shard's lock-free slot, and falls back to the mutex-guarded stack.
	st := pool.NewStack(func() *scratch { return &scratch{} })
	const connID = 7
	sh := st.Shard(connID)
	s := sh.TryGet() // nil: nothing was put yet
	if s == nil {
		s = st.Get(connID)
	}
	s.buf = append(s.buf, "GET /"...)
	s.Reset() // TryPut and PutReset take a value already reset
	if !sh.TryPut(s) {
		st.PutReset(connID, s)
	}
	again := sh.TryGet()
	fmt.Println(again == s, len(again.buf))
	// Output:
	// true 0
}
