package parsers

import (
	"errors"
	"iter"
	"sort"
)

// Object is a JavaScript object as Express's parsers build it: a set of
// string keys with values, iterated in V8's order. Keys that are array
// indices (the canonical decimal form of an integer from 0 to 4294967294)
// come first in ascending numeric order; all other keys follow in the order
// they were first set. Setting an existing key keeps its place; deleting a
// key and setting it again moves it to the end, as in JavaScript.
//
// Values are those of the package's value model: string, float64, bool,
// nil, []any and *Object. Other Go values may be stored and are marshalled
// with encoding/json.
//
// The zero value is an empty object ready to use. An Object is not safe for
// concurrent use when one goroutine writes; concurrent reads are safe.
type Object struct {
	ints  []member         // array-index keys, ascending by num
	strs  []member         // other keys, insertion order
	index map[string]int32 // position in strs, built once strs grows past indexMin
	qs    *qsMarks         // qs bookkeeping while a query string is parsed; nil after

}

type member struct {
	key string
	num uint32 // numeric value of an array-index key
	val any
}

// indexMin is the number of string keys past which lookups use a map rather
// than a linear scan.
const indexMin = 32

// maxArrayIndex is the largest array index: 2^32 - 2.
const maxArrayIndex = 1<<32 - 2

// arrayIndex reports whether key is an array index in V8's sense and returns
// its value.
func arrayIndex(key string) (uint32, bool) {
	n := len(key)
	if n == 0 || n > 10 {
		return 0, false
	}
	if key[0] == '0' {
		return 0, n == 1
	}
	var v uint64
	for i := 0; i < n; i++ {
		c := key[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint64(c-'0')
	}
	if v > maxArrayIndex {
		return 0, false
	}
	return uint32(v), true
}

// Len returns the number of keys.
func (o *Object) Len() int {
	if o == nil {
		return 0
	}
	return len(o.ints) + len(o.strs)
}

// Get returns the value stored under key and whether the key exists.
func (o *Object) Get(key string) (any, bool) {
	if o == nil {
		return nil, false
	}
	if n, ok := arrayIndex(key); ok {
		if i, found := o.findInt(n); found {
			return o.ints[i].val, true
		}
		return nil, false
	}
	if i := o.findStr(key); i >= 0 {
		return o.strs[i].val, true
	}
	return nil, false
}

// Has reports whether key exists.
func (o *Object) Has(key string) bool {
	_, ok := o.Get(key)
	return ok
}

// Set stores v under key. A new key takes its place in V8's order; an
// existing key keeps its place and gets the new value.
func (o *Object) Set(key string, v any) {
	if n, ok := arrayIndex(key); ok {
		i, found := o.findInt(n)
		if found {
			o.ints[i].val = v
			return
		}
		o.ints = append(o.ints, member{})
		copy(o.ints[i+1:], o.ints[i:])
		o.ints[i] = member{key: key, num: n, val: v}
		return
	}
	if i := o.findStr(key); i >= 0 {
		o.strs[i].val = v
		return
	}
	o.strs = append(o.strs, member{key: key, val: v})
	if o.index != nil {
		o.index[key] = int32(len(o.strs) - 1)
	} else if len(o.strs) > indexMin {
		o.buildIndex()
	}
}

// Delete removes key and reports whether it existed.
func (o *Object) Delete(key string) bool {
	if o == nil {
		return false
	}
	if n, ok := arrayIndex(key); ok {
		i, found := o.findInt(n)
		if !found {
			return false
		}
		o.ints = append(o.ints[:i], o.ints[i+1:]...)
		return true
	}
	i := o.findStr(key)
	if i < 0 {
		return false
	}
	o.strs = append(o.strs[:i], o.strs[i+1:]...)
	if o.index != nil {
		o.buildIndex()
	}
	return true
}

// Keys returns the keys in V8's order, as JavaScript's Object.keys does. The
// slice is newly allocated.
func (o *Object) Keys() []string {
	keys := make([]string, 0, o.Len())
	for k := range o.All() {
		keys = append(keys, k)
	}
	return keys
}

// All iterates over the keys and values in V8's order. The object must not
// be modified during the iteration.
func (o *Object) All() iter.Seq2[string, any] {
	return func(yield func(string, any) bool) {
		if o == nil {
			return
		}
		for i := range o.ints {
			if !yield(o.ints[i].key, o.ints[i].val) {
				return
			}
		}
		for i := range o.strs {
			if !yield(o.strs[i].key, o.strs[i].val) {
				return
			}
		}
	}
}

// at returns the i-th member in V8's order.
func (o *Object) at(i int) *member {
	if i < len(o.ints) {
		return &o.ints[i]
	}
	return &o.strs[i-len(o.ints)]
}

func (o *Object) findInt(n uint32) (int, bool) {
	// Members are usually appended in ascending order: check the end first.
	if l := len(o.ints); l == 0 || o.ints[l-1].num < n {
		return l, false
	} else if o.ints[l-1].num == n {
		return l - 1, true
	}
	i := sort.Search(len(o.ints), func(i int) bool { return o.ints[i].num >= n })
	return i, i < len(o.ints) && o.ints[i].num == n
}

func (o *Object) findStr(key string) int {
	if o.index != nil {
		if i, ok := o.index[key]; ok {
			return int(i)
		}
		return -1
	}
	for i := range o.strs {
		if o.strs[i].key == key {
			return i
		}
	}
	return -1
}

func (o *Object) buildIndex() {
	if o.index == nil {
		o.index = make(map[string]int32, len(o.strs)*2)
	} else {
		clear(o.index)
	}
	for i := range o.strs {
		o.index[o.strs[i].key] = int32(i)
	}
}

// UnmarshalJSON replaces the object's contents with the JSON object in b,
// parsed as JSON.parse parses it (see ParseJSON).
func (o *Object) UnmarshalJSON(b []byte) error {
	v, err := ParseJSON(b)
	if err != nil {
		return err
	}
	obj, ok := v.(*Object)
	if !ok {
		return errNotObject
	}
	*o = *obj
	return nil
}

var errNotObject = errors.New("parsers: JSON value is not an object")
