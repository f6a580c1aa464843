package parsers

import (
	"strconv"

	"github.com/fwgo/fw/internal/ecma"
)

// qs's combine and merge, and the bookkeeping they rely on: which objects
// came from an array past the limit (overflow) or from values that
// conflicted (strictMerge), and their largest numeric key.

func numberKey(f float64) string {
	var buf [32]byte
	return string(AppendNumber(buf[:0], f))
}

func (o *Object) isOverflow() bool { return o.qs != nil && o.qs.overflow }
func (o *Object) isConflict() bool { return o.qs != nil && o.qs.conflict }

func (o *Object) marks() *qsMarks {
	if o.qs == nil {
		o.qs = &qsMarks{}
	}
	return o.qs
}

func (o *Object) markOverflow(maxIndex float64) {
	m := o.marks()
	m.overflow, m.maxIndex = true, maxIndex
}

func (o *Object) markConflict(maxIndex float64) {
	m := o.marks()
	m.conflict, m.conflictMax = true, maxIndex
}

// elements returns the values of a JavaScript array or single value as
// [].concat spreads them: an array's elements with its holes (nil items
// with present=false), anything else as one element.
func concatInto(dst *qsArray, v any) {
	if a, ok := v.(*qsArray); ok {
		base := dst.length
		for _, it := range a.items {
			dst.items = append(dst.items, qsItem{base + it.idx, it.v})
		}
		dst.length = base + a.length
		return
	}
	dst.items = append(dst.items, qsItem{dst.length, v})
	dst.length++
}

// arrayToObject is qs's arrayToObject: the present elements keyed by index.
func arrayToObject(a *qsArray) *Object {
	o := &Object{}
	for _, it := range a.items {
		o.Set(strconv.Itoa(it.idx), it.v)
	}
	return o
}

// combine is qs's utils.combine(a, b).
func (p *qsParser) combine(a, b any) any {
	if o, ok := a.(*Object); ok && o.isOverflow() {
		m := o.qs
		if arr, ok := b.(*qsArray); ok {
			// Spread b's elements, holes included (they stay absent).
			for i := 0; i < arr.length; i++ {
				m.maxIndex++
				if v, ok := arr.get(i); ok {
					o.Set(numberKey(m.maxIndex), v)
				}
			}
		} else {
			m.maxIndex++
			o.Set(numberKey(m.maxIndex), b)
		}
		return o
	}
	// [].concat(a, b). Both call sites pass an array a that nothing else
	// refers to (a value being combined in the pairs, or a fresh one), so it
	// grows in place: n repeated keys cost O(n), not O(n²).
	res, ok := a.(*qsArray)
	if !ok {
		res = &qsArray{}
		concatInto(res, a)
	}
	concatInto(res, b)
	if res.length > p.opt.ArrayLimit {
		o := arrayToObject(res)
		o.markOverflow(float64(res.length - 1))
		return o
	}
	return res
}

// limitedPair is qs's limitedPair(first, second).
func (p *qsParser) limitedPair(first, second any) any {
	pair := &qsArray{items: []qsItem{{0, first}, {1, second}}, length: 2}
	if 2 > p.opt.ArrayLimit {
		o := arrayToObject(pair)
		o.markOverflow(1)
		return o
	}
	return pair
}

// truthy reports whether v is truthy in JavaScript, for qs's "if (!source)".
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case string:
		return x != ""
	}
	return true
}

func isContainer(v any) bool {
	switch v.(type) {
	case *Object, *qsArray:
		return true
	}
	return false
}

// merge is qs's utils.merge(target, source) with allowPrototypes and
// strictMerge on.
func (p *qsParser) merge(target, source any) any {
	if !truthy(source) {
		return target
	}
	if !isContainer(source) {
		switch t := target.(type) {
		case *qsArray:
			next := t.length
			if next >= p.opt.ArrayLimit {
				c := &qsArray{}
				concatInto(c, t)
				concatInto(c, source)
				o := arrayToObject(c)
				o.markOverflow(float64(next))
				return o
			}
			t.set(next, source)
		case *Object:
			switch {
			case t.isOverflow():
				t.qs.maxIndex++
				t.Set(numberKey(t.qs.maxIndex), source)
			case t.isConflict():
				t.qs.conflictMax++
				t.Set(numberKey(t.qs.conflictMax), source)
			default:
				c := p.limitedPair(t, source)
				if arr, ok := c.(*qsArray); ok {
					arr.conflict, arr.conflictMax = true, 1
				}
				return c
			}
		default:
			return p.limitedPair(target, source)
		}
		return target
	}
	if !truthy(target) || !isContainer(target) {
		if so, ok := source.(*Object); ok && so.isOverflow() {
			res := &Object{}
			res.Set("0", target)
			for k, v := range so.All() {
				res.Set(numberKey(ecma.ParseInt(k)+1), v)
			}
			res.markOverflow(so.qs.maxIndex + 1)
			return res
		}
		c := &qsArray{}
		concatInto(c, target)
		concatInto(c, source)
		if c.length > p.opt.ArrayLimit {
			o := arrayToObject(c)
			o.markOverflow(float64(c.length - 1))
			return o
		}
		return c
	}
	tArr, tIsArr := target.(*qsArray)
	sArr, sIsArr := source.(*qsArray)
	if tIsArr && sIsArr {
		for _, it := range sArr.items {
			if cur, ok := tArr.get(it.idx); ok {
				if isContainer(cur) && isContainer(it.v) {
					tArr.set(it.idx, p.merge(cur, it.v))
				} else {
					tArr.push(it.v)
				}
			} else {
				tArr.set(it.idx, it.v)
			}
		}
		if tArr.length > p.opt.ArrayLimit {
			o := arrayToObject(tArr)
			o.markOverflow(float64(tArr.length - 1))
			return o
		}
		return tArr
	}
	var acc *Object
	if tIsArr {
		acc = arrayToObject(tArr)
		if tArr.conflict {
			acc.markConflict(float64(tArr.length - 1))
		}
	} else {
		acc = target.(*Object)
	}
	p.mergeKeys(acc, source)
	return acc
}

// mergeKeys is the reduce over Object.keys(source) at the end of merge.
func (p *qsParser) mergeKeys(acc *Object, source any) {
	var srcOverflow bool
	var srcMax float64
	visit := func(key string, value any) {
		if cur, ok := acc.Get(key); ok {
			acc.Set(key, p.merge(cur, value))
		} else {
			acc.Set(key, value)
		}
		if srcOverflow && !acc.isOverflow() {
			acc.markOverflow(maxNumericIndex(acc, srcMax))
		}
		if n, ok := canonicalInt(key); ok {
			if acc.isOverflow() && n >= 0 && n > acc.qs.maxIndex {
				acc.qs.maxIndex = n
			}
			if acc.isConflict() && n > acc.qs.conflictMax {
				acc.qs.conflictMax = n
			}
		}
	}
	switch s := source.(type) {
	case *qsArray:
		for _, it := range s.items {
			visit(strconv.Itoa(it.idx), it.v)
		}
	case *Object:
		srcOverflow = s.isOverflow()
		if srcOverflow {
			srcMax = s.qs.maxIndex
		}
		// Object.keys order is fixed before the reduce runs.
		n := s.Len()
		for i := 0; i < n; i++ {
			m := s.at(i)
			visit(m.key, m.val)
		}
	}
}

// canonicalInt reports whether key is String(parseInt(key, 10)): an integer
// in canonical decimal form (negative allowed).
func canonicalInt(key string) (float64, bool) {
	s := key
	if len(s) > 0 && s[0] == '-' {
		s = s[1:]
		if s == "0" {
			return 0, false // String(-0) is "0"
		}
	}
	f, ok := arrayIndexOf(s)
	if !ok {
		return 0, false
	}
	if s != key {
		f = -f
	}
	return f, true
}

// maxNumericIndex is qs's maxNumericIndex(obj, min).
func maxNumericIndex(o *Object, min float64) float64 {
	m := min
	for k := range o.All() {
		if n, ok := canonicalInt(k); ok && n > m {
			m = n
		}
	}
	return m
}

// finish is qs's compact, applied to the finished value: arrays lose their
// holes and become []any, and the bookkeeping marks are dropped.
func finish(v any) any {
	switch x := v.(type) {
	case *qsArray:
		out := make([]any, len(x.items))
		for i, it := range x.items {
			out[i] = finish(it.v)
		}
		return out
	case *Object:
		x.qs = nil
		for i := range x.ints {
			x.ints[i].val = finish(x.ints[i].val)
		}
		for i := range x.strs {
			x.strs[i].val = finish(x.strs[i].val)
		}
		return x
	}
	return v
}
