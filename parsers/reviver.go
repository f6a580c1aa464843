package parsers

// Reviver is JSON.parse's reviver, in Go: it is called for every value,
// innermost first, with the object or array holding it (an *Object or a
// []any; for the top-level value a fresh *Object holding it under ""), its
// key (an array index in decimal for array elements) and the value, and
// returns the value to keep. Returning false for keep is returning
// undefined: the key is deleted from an object, an array element becomes
// nil (JSON.stringify writes the hole as null), and at the top level the
// result is nil.
type Reviver func(holder any, key string, value any) (result any, keep bool)

// maxReviveDepth bounds the nesting a reviver walks. V8 recurses and fails
// with "Maximum call stack size exceeded" at a depth that depends on its
// stack (about 2,700 in a standalone Node 20); this is a fixed bound below.
const maxReviveDepth = 2500

// revive applies r to v as JSON.parse's InternalizeJSONProperty does. It
// fails with ErrStackDepth past maxReviveDepth; JSON.Parse reports that as
// V8's RangeError.
func revive(r Reviver, v any) (any, error) {
	root := &Object{}
	root.Set("", v)
	out, keep, err := reviveProperty(r, root, "", v, 0)
	if err != nil || !keep {
		return nil, err
	}
	return out, nil
}

func reviveProperty(r Reviver, holder any, key string, val any, depth int) (any, bool, error) {
	switch x := val.(type) {
	case []any:
		if depth >= maxReviveDepth {
			return nil, false, ErrStackDepth
		}
		for i, el := range x {
			nv, keep, err := reviveProperty(r, x, itoa(i), el, depth+1)
			if err != nil {
				return nil, false, err
			}
			if !keep {
				nv = nil
			}
			x[i] = nv
		}
	case *Object:
		if depth >= maxReviveDepth {
			return nil, false, ErrStackDepth
		}
		for _, k := range x.Keys() {
			el, _ := x.Get(k)
			nv, keep, err := reviveProperty(r, x, k, el, depth+1)
			if err != nil {
				return nil, false, err
			}
			if keep {
				x.Set(k, nv)
			} else {
				x.Delete(k)
			}
		}
	}
	res, keep := r(holder, key, val)
	return res, keep, nil
}

func itoa(i int) string {
	if i < len(smallInts) {
		return smallIntStrings[i]
	}
	return string(AppendNumber(nil, float64(i)))
}

var smallIntStrings = func() (t [1024]string) {
	for i := range t {
		t[i] = string(AppendNumber(nil, float64(i)))
	}
	return t
}()
