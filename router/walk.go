package router

import "math/bits"

// maxParams bounds the parameters of a pattern the trie holds; a pattern
// with more is left to Match.
const maxParams = 8

// alt is a branch of the walk left for later: a param node and the span
// of the parameter's value.
type alt struct {
	n          *trie
	start, end int32
}

// walker holds what a walk appends to, apart from the loop's own state.
type walker struct {
	// dst and caps are the caller's slices, appended to in place.
	dst    *[]Candidate
	caps   *[]int32
	filter uint64
	spans  [2 * maxParams]int32 // start, end of each parameter on the branch
}

// walk appends the layers ending at the nodes below t (reached at pos,
// where the path ends or has a '/') that the path reaches, and their
// captures; w.spans holds the values of the parameters on the way to t.
// It is a depth-first search with an explicit stack: a segment that
// selects both a static child and the param child leaves the param child
// for later.
//
// The loop keeps its state in registers: around a call (rare) it keeps
// t, pos and sp (and s) in the stack's last two entries, so that they are
// not live across the call and need no spill on the hot path. Positions are
// unsigned, which lets the compiler drop the bounds checks of the
// eight-byte loads.
func (w *walker) walk(t *trie, pos uint, path string) {
	var stack [6]alt
	const keep = len(stack) - 2
	sp := 0
	n := uint(len(path))
	for {
		if t.uses != nil {
			stack[keep] = alt{t, int32(sp), int32(pos)}
			w.uses(t, path, int(pos))
			t, sp, pos = stack[keep].n, int(stack[keep].start), uint(stack[keep].end)
		}
		s := pos + 1
		if s < n {
			// path[pos] is '/': the next segment, path[s:e], selects the
			// children. x is its first eight bytes (fewer for a shorter
			// one, the rest zero). descend.go's find reads a segment the
			// same way: the reading is written out in both loops, because
			// a call there spills the loop's registers (measured in
			// ef04403 and ff0e9ee); a change to one belongs in the other.
			var e uint
			var x uint64
			if s+8 <= n {
				x = load8(path[s : s+8])
				y := x ^ vSlashes
				if z := (y - vOnes) &^ y & vHighs; z != 0 {
					k := uint(bits.TrailingZeros64(z)) >> 3
					e, x = s+k, x&lenMask[k]
				} else if q := s + 8; q+8 <= n {
					// A longer segment: its next eight bytes.
					y := load8(path[q:q+8]) ^ vSlashes
					if z := (y - vOnes) &^ y & vHighs; z != 0 {
						e = q + uint(bits.TrailingZeros64(z))>>3
					} else {
						stack[keep] = alt{t, int32(sp), int32(pos)}
						e = uint(segEnd(path, int(s)+8))
						t, sp, pos = stack[keep].n, int(stack[keep].start), uint(stack[keep].end)
						s = pos + 1
					}
				} else if q < n {
					// The word that ends the path, from q on.
					y := load8(path[n-8:n])>>((8*(q-(n-8)))&63) ^ vSlashes
					e = n
					if z := (y - vOnes) &^ y & vHighs; z != 0 {
						e = q + uint(bits.TrailingZeros64(z))>>3
					}
				} else {
					e = n
				}
			} else if n >= 8 {
				// The word that ends the path, the bytes before s shifted
				// out (the zeros shifted in are not '/').
				x = load8(path[n-8:n]) >> ((8 * (s - (n - 8))) & 63)
				y := x ^ vSlashes
				e = n
				if z := (y - vOnes) &^ y & vHighs; z != 0 {
					k := uint(bits.TrailingZeros64(z)) >> 3
					e, x = s+k, x&lenMask[k]
				}
			} else {
				stack[keep] = alt{t, int32(sp), int32(pos)}
				_, _, _, e, x = shortSegment(path, t, pos)
				t, sp, pos = stack[keep].n, int(stack[keep].start), uint(stack[keep].end)
				s = pos + 1
			}
			var next *trie
			if h := t.hashed; h != nil {
				j := ((x | vCase) ^ uint64(e-s)) * t.seed >> (t.shift & 63)
				if k := &h[j]; x|k.m == k.w && k.n == int(e-s) {
					next = k.node
				} else if more := k.node; x|k.m == k.w && k.n == int(e-s)|long && e-s <= 16 &&
					load8(path[e-8:e])|more.more[0].m == more.more[0].w {
					// Nine to sixteen bytes: the last eight are the
					// node's one chunk.
					next = more
				} else {
					stack[keep] = alt{t, int32(sp), int32(e)}
					stack[keep+1] = alt{end: int32(s)}
					next = t.child(j, x, path, int(s), int(e))
					t, sp, e = stack[keep].n, int(stack[keep].start), uint(stack[keep].end)
					s = uint(stack[keep+1].end)
				}
			}
			if p := t.param; p != nil && e > s {
				if next == nil {
					i := uint(p.span)
					w.spans[i&(2*maxParams-1)] = int32(s)
					w.spans[(i+1)&(2*maxParams-1)] = int32(e)
					t, pos = p, e
					continue
				}
				if sp < keep {
					stack[sp] = alt{p, int32(s), int32(e)}
					sp++
				} else {
					stack[keep] = alt{next, int32(sp), int32(e)}
					w.branch(p, s, e, path)
					next, sp, e = stack[keep].n, int(stack[keep].start), uint(stack[keep].end)
				}
			}
			if next != nil {
				t, pos = next, e
				continue
			}
		} else {
			// The path ends here (s == n+1): the exact routes; or one
			// '/' is left: the slash routes.
			ends, mask := t.exact, t.exactMask
			if s == n {
				ends, mask = t.slash, t.slashMask
			}
			if mask&w.filter != 0 || w.filter == 0 && ends != nil {
				stack[keep] = alt{t, int32(sp), int32(pos)}
				w.ends(ends, t.depth, int(n))
				sp = int(stack[keep].start)
			}
		}
		if sp == 0 {
			return
		}
		sp--
		a := &stack[sp]
		t, pos = a.n, uint(a.end)
		i := uint(t.span)
		w.spans[i&(2*maxParams-1)] = a.start
		w.spans[(i+1)&(2*maxParams-1)] = a.end
	}
}

// branch walks the param child p of a segment path[s:e] that also
// selected a static child, when the walk's stack is full.
func (w *walker) branch(p *trie, s, e uint, path string) {
	i := uint(p.span)
	w.spans[i&(2*maxParams-1)] = int32(s)
	w.spans[(i+1)&(2*maxParams-1)] = int32(e)
	w.walk(p, e, path)
}

// terminals appends the layers ending at t, reached at pos.
func (w *walker) terminals(t *trie, path string, pos int) {
	if t.uses != nil {
		w.uses(t, path, pos)
	}
	switch len(path) - pos {
	case 0:
		w.ends(t.exact, t.depth, len(path))
	case 1:
		if path[pos] == '/' {
			w.ends(t.slash, t.depth, len(path))
		}
	}
}

// uses appends the use layers ending at t, reached at pos, when the path
// ends or continues with '/' there; their match ends as path-to-regexp
// 0.1's `\/?(?=\/|$)` makes it: a slash after the prefix is part of the
// match only when another slash or the end follows it.
func (w *walker) uses(t *trie, path string, pos int) {
	rest := path[pos:]
	if rest != "" && rest[0] != '/' {
		return
	}
	end := pos
	if len(rest) == 1 || len(rest) > 1 && rest[1] == '/' {
		end++
	}
	for _, u := range t.uses {
		w.add(u, t.depth, end)
	}
}

// ends appends the route layers of ends (a node's exact or slash list, at
// a node with depth parameters) that the filter keeps, with the captures
// of the branch; their match ends at end, the end of the path. When caps
// has room it copies all the spans at once (a fixed-size copy, no
// memmove) and keeps those of the branch.
func (w *walker) ends(ends []routeEnd, depth, end int) {
	dst, caps := *w.dst, *w.caps
	for i := range ends {
		r := &ends[i]
		if w.filter != 0 && r.methods&w.filter == 0 {
			continue
		}
		n := len(caps)
		dst = append(dst, Candidate{Index: r.index, Caps: int32(n), End: int32(end)})
		if depth == 0 {
			continue
		}
		if cap(caps)-n >= len(w.spans) {
			*(*[2 * maxParams]int32)(caps[n : n+len(w.spans)]) = w.spans
			caps = caps[:n+2*depth]
		} else {
			caps = append(caps, w.spans[:2*depth]...)
		}
	}
	*w.dst, *w.caps = dst, caps
}

// add appends layer index with the captures of the depth parameters on
// the branch, its match ending at end.
func (w *walker) add(index int32, depth, end int) {
	*w.dst = append(*w.dst, Candidate{Index: index, Caps: int32(len(*w.caps)), End: int32(end)})
	*w.caps = append(*w.caps, w.spans[:2*depth]...)
}
