package fast

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/fwgo/fw/router"
)

// TestSetParamsMatchesSlowPath checks setParams's call-free common case
// against setParamsSlow, the general path, on random keys, captures
// (unmatched ones included), parameter bases and parent sets.
func TestSetParamsMatchesSlowPath(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(5, 6))
	names := []string{"a", "b", "id", "0", "1", "name"}
	const path = "/users/42/repos/fw%20go/x"
	for i := 0; i < 20000; i++ {
		nk := r.IntN(5)
		keys := make([]router.Key, nk)
		caps := make([]int32, 2*nk+r.IntN(3))
		for k := range keys {
			keys[k].Name = names[r.IntN(len(names))]
			if r.IntN(4) == 0 {
				caps[2*k], caps[2*k+1] = -1, -1
			} else {
				s := r.IntN(len(path))
				caps[2*k], caps[2*k+1] = int32(s), int32(s+r.IntN(len(path)-s+1))
			}
		}
		e := &entry{keys: keys, uniqueKeys: uniqueNames(keys)}
		parent := r.IntN(3)
		base := parent + r.IntN(2)
		pct, merge := r.IntN(4) == 0, r.IntN(2) == 0
		run := func(slow bool) ([]param, paramRange, error) {
			c := newContext()
			if r := r.IntN(2); r == 0 {
				c.params = make([]param, 0, base+nk) // exactly enough room
			}
			for p := 0; p < base; p++ {
				c.params = append(c.params, param{name: names[p], value: "v", set: true})
			}
			f := &frame{paramBase: base, pct: pct, parentParams: paramRange{0, int32(parent)}}
			var err error
			if slow {
				err = c.setParamsSlow(f, e, path, caps, merge)
			} else {
				err = c.setParams(f, e, path, caps, merge)
			}
			return c.params, c.cur, err
		}
		seed := r.Uint64()
		r = rand.New(rand.NewPCG(seed, 0))
		fastPs, fastCur, fastErr := run(false)
		r = rand.New(rand.NewPCG(seed, 0))
		slowPs, slowCur, slowErr := run(true)
		if !reflect.DeepEqual(fastPs, slowPs) || fastCur != slowCur || (fastErr == nil) != (slowErr == nil) {
			t.Fatalf("keys %v caps %v base %d parent %d pct %v merge %v:\nfast %v %v %v\nslow %v %v %v",
				keys, caps, base, parent, pct, merge, fastPs, fastCur, fastErr, slowPs, slowCur, slowErr)
		}
	}
}
