package rangeparser

import "slices"

// combineRanges merges overlapping and adjacent ranges in place, as
// range-parser's combineRanges does, and returns how many remain. The merged
// ranges keep the smallest index of the ranges that extended them and are
// returned in index order. Both sorts are stable, like V8's Array sort, and
// allocate nothing.
func combineRanges(rs []Range) int {
	if len(rs) < 2 {
		return len(rs)
	}
	slices.SortStableFunc(rs, func(a, b Range) int { return cmpInt64(a.Start, b.Start) })
	j := 0
	for i := 1; i < len(rs); i++ {
		r, cur := rs[i], &rs[j]
		if r.Start > cur.End+1 {
			j++
			rs[j] = r
		} else if r.End > cur.End {
			cur.End = r.End
			cur.index = min(cur.index, r.index)
		}
	}
	rs = rs[:j+1]
	slices.SortStableFunc(rs, func(a, b Range) int { return a.index - b.index })
	for i := range rs {
		rs[i].index = i
	}
	return len(rs)
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
