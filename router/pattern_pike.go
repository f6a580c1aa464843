package router

// This file is the Pike VM: a Thompson NFA simulation whose threads are kept
// in priority order, so that the first thread to reach the match is the
// one JavaScript's backtracking would have found first, with the same
// captures. Each instruction runs at most once per position, which bounds a
// run by O(len(path) × len(program)) time with memory independent of the
// path. It runs matches too large for the backtracker, lookahead bodies
// (forward on demand, or backwards over the whole path for bitmaps).

// reQueue holds the threads waiting on consuming instructions (or on the
// match), in priority order, with their captures.
type reQueue struct {
	pcs  []int32
	caps []int32 // thread i's slots at i*nslots
}

func (q *reQueue) init(n, nslots int, capture bool) {
	q.pcs = make([]int32, 0, n)
	if capture {
		q.caps = make([]int32, n*nslots)
	}
}

type reMachine struct {
	mt        *reMatcher
	prog      *reProgram
	nslots    int
	capture   bool
	matched   bool
	q0, q1    reQueue
	reverse   bool     // runs a reversed program (runReverse)
	mark      []uint32 // mark[pc] == gen: pc already visited at this position
	gen       uint32
	stk       []reStackEntry
	visited   []uint64    // backtrack
	bt        []reBtEntry // backtrack
	tmp       []int32
	matchCaps []int32
}

func (m *reMachine) init(mt *reMatcher, p *reProgram, nslots int, capture bool) {
	nslots = slotStride(nslots)
	m.mt, m.prog, m.nslots = mt, p, nslots
	m.q0.init(len(p.insts), nslots, capture)
	m.q1.init(len(p.insts), nslots, capture)
	m.mark = make([]uint32, len(p.insts))
	m.stk = make([]reStackEntry, 0, 2*len(p.insts)+nslots)
	if capture {
		m.tmp = make([]int32, nslots)
		m.matchCaps = make([]int32, nslots)
	}
}

// nextGen starts the visited set of a new position.
func (m *reMachine) nextGen() {
	m.gen++
	if m.gen == 0 {
		clear(m.mark)
		m.gen = 1
	}
}

// find runs the program with captures from start (only there when
// anchored, else from each position on), by backtracking when the visited
// bitmap is small enough, else on the Pike VM; the match is in matchCaps.
func (m *reMachine) find(start int, anchored bool) bool {
	if !m.mt.re.pike && canBacktrack(len(m.prog.insts), len(m.mt.s)) {
		if matched, done := m.backtrack(start, anchored); done {
			return matched
		}
	}
	return m.run(start, anchored, true)
}

// run runs the program from start: only there when anchored, else from
// every position on, as RegExp.prototype.exec does. With capture it keeps
// the highest-priority match's slots in matchCaps; without, it stops at the
// first match found.
func (m *reMachine) run(start int, anchored, capture bool) bool {
	m.capture = capture
	m.reverse = false
	m.matched = false
	runq, nextq := &m.q0, &m.q1
	runq.pcs, nextq.pcs = runq.pcs[:0], nextq.pcs[:0]
	n := len(m.mt.s)
	m.nextGen()
	for pos := start; ; pos++ {
		if !m.matched && (pos == start || !anchored) {
			if capture {
				for i := range m.tmp {
					m.tmp[i] = -1
				}
			}
			m.add(runq, 0, pos, m.tmp)
		}
		if m.matched && !capture {
			return true
		}
		if len(runq.pcs) == 0 && (m.matched || anchored) {
			break
		}
		m.nextGen()
		m.step(runq, nextq, pos)
		if m.matched && !capture {
			return true
		}
		if pos >= n {
			break
		}
		runq, nextq = nextq, runq
	}
	return m.matched
}

// add follows the empty transitions from pc at pos in priority order and
// queues the threads that reach a consuming instruction or the match. It
// walks depth first with an explicit stack: an entry either explores a pc
// or (slot >= 0) restores a capture slot changed on the way down.
func (m *reMachine) add(q *reQueue, pc int32, pos int, caps []int32) {
	stk := m.stk[:0]
	p32 := int32(pos)
	mark, gen, insts := m.mark, m.gen, m.prog.insts
	capture := m.capture
	work := 0
	for {
		work++
		if mark[pc] != gen {
			mark[pc] = gen
			in := &insts[pc]
			switch in.op {
			case opMatch:
				if !capture {
					m.matched = true
					break
				}
				fallthrough
			case opByte, opByte2, opSet:
				m.queue(q, pc, caps)
			case opLazySet, opGreedySet:
				// A consuming thread here, and the exit: the exit first
				// when lazy. The thread is queued in priority order.
				if in.op == opGreedySet {
					m.queue(q, pc, caps)
					pc = in.y
					continue
				}
				stk = append(stk, reStackEntry{pc: pc, slot: -2})
				pc = in.y
				continue
			case opJmp:
				pc = in.x
				continue
			case opSplit:
				if v := m.prog.viable; v != nil && !m.reverse {
					okx, oky := v[in.x].canStart(m.mt.s, pos), v[in.y].canStart(m.mt.s, pos)
					switch {
					case okx && oky:
						stk = append(stk, reStackEntry{pc: in.y, slot: -1})
						pc = in.x
					case okx:
						pc = in.x
					case oky:
						pc = in.y
					default:
						break
					}
					if okx || oky {
						continue
					}
					break
				}
				stk = append(stk, reStackEntry{pc: in.y, slot: -1})
				pc = in.x
				continue
			case opSave, opMark:
				if capture {
					stk = append(stk, reStackEntry{slot: in.x, val: caps[in.x]})
					caps[in.x] = p32
				}
				pc++
				continue
			case opCheck:
				if !capture || caps[in.x] != p32 {
					pc++
					continue
				}
			case opReset:
				if capture {
					for i := in.x; i < in.y; i++ {
						stk = append(stk, reStackEntry{slot: i, val: caps[i]})
						caps[i] = -1
					}
				}
				pc++
				continue
			case opBegin:
				if pos == 0 {
					pc++
					continue
				}
			case opEnd:
				if pos == len(m.mt.s) {
					pc++
					continue
				}
			case opWordB, opNotWordB:
				s := m.mt.s
				a := pos > 0 && patIsWord(s[pos-1])
				b := pos < len(s) && patIsWord(s[pos])
				if (a != b) == (in.op == opWordB) {
					pc++
					continue
				}
			case opLook:
				if m.mt.look(int(in.x), pos) {
					if slot := m.mt.re.looks[in.x].slot; slot >= 0 && capture {
						stk = append(stk, reStackEntry{slot: int32(slot), val: caps[slot]})
						caps[slot] = p32
					}
					pc++
					continue
				}
			}
		}
		// this path ends: undo captures and take the next pending branch
		for {
			if len(stk) == 0 {
				m.stk = stk
				m.mt.work += work
				return
			}
			e := stk[len(stk)-1]
			stk = stk[:len(stk)-1]
			if e.slot == -2 {
				// the deferred thread of a lazy set loop
				m.queue(q, e.pc, caps)
				continue
			}
			if e.slot < 0 {
				pc = e.pc
				break
			}
			caps[e.slot] = e.val
		}
	}
}

// copySlots copies capture slots 4 at a time (one 16-byte move): slot
// arrays are allocated in multiples of 4 (slotStride).
func copySlots(dst, src []int32) {
	for k := 0; k+4 <= len(dst); k += 4 {
		*(*[4]int32)(dst[k:]) = *(*[4]int32)(src[k:])
	}
}

// slotStride rounds a slot count up to a multiple of 4.
func slotStride(n int) int { return (n + 3) &^ 3 }

// queue adds a thread waiting at pc with a copy of caps.
func (m *reMachine) queue(q *reQueue, pc int32, caps []int32) {
	if m.capture {
		j := len(q.pcs) * m.nslots
		copySlots(q.caps[j:j+m.nslots], caps)
	}
	q.pcs = append(q.pcs, pc)
}

// reStackEntry is a pending step of add: explore pc (slot -1), queue the
// thread of a lazy set loop at pc (slot -2), or restore caps[slot] = val.
type reStackEntry struct {
	pc, slot, val int32
}

// step advances the threads of runq over the byte at pos into nextq.
func (m *reMachine) step(runq, nextq *reQueue, pos int) {
	s := m.mt.s
	ns := m.nslots
	m.mt.work += len(runq.pcs)
	var c byte
	if pos < len(s) {
		c = s[pos]
	}
	for j, pc := range runq.pcs {
		in := &m.prog.insts[pc]
		var ok bool
		switch in.op {
		case opMatch:
			// Only queued with captures: lower-priority threads are cut.
			m.matched = true
			copy(m.matchCaps, runq.caps[j*ns:(j+1)*ns])
			runq.pcs = runq.pcs[:0]
			return
		case opByte:
			ok = pos < len(s) && c == in.a
		case opByte2:
			ok = pos < len(s) && (c == in.a || c == in.b)
		case opSet:
			ok = pos < len(s) && m.prog.sets[in.x].has(c)
		case opLazySet, opGreedySet:
			if pos < len(s) && m.prog.sets[in.x].has(c) {
				var caps []int32
				if m.capture {
					caps = runq.caps[j*ns : (j+1)*ns]
				}
				m.add(nextq, pc, pos+1, caps)
				if m.matched && !m.capture {
					return
				}
			}
			continue
		}
		if ok {
			var caps []int32
			if m.capture {
				caps = runq.caps[j*ns : (j+1)*ns]
			}
			m.add(nextq, pc+1, pos+1, caps)
			if m.matched && !m.capture {
				return
			}
		}
	}
	runq.pcs = runq.pcs[:0]
}

// runReverse runs a reversed program from the end of the path to its
// start, setting bit p of bits for every position p where the original
// program matches a substring starting at p.
func (m *reMachine) runReverse(bits []uint64) {
	m.capture = false
	m.reverse = true
	s := m.mt.s
	runq, nextq := &m.q0, &m.q1
	runq.pcs, nextq.pcs = runq.pcs[:0], nextq.pcs[:0]
	m.matched = false
	m.nextGen()
	m.add(runq, 0, len(s), nil)
	for pos := len(s); ; pos-- {
		if m.matched {
			bits[pos>>6] |= 1 << (pos & 63)
		}
		if pos == 0 {
			break
		}
		m.matched = false
		m.nextGen()
		c := s[pos-1]
		for _, pc := range runq.pcs {
			in := &m.prog.insts[pc]
			var ok bool
			switch in.op {
			case opByte:
				ok = c == in.a
			case opByte2:
				ok = c == in.a || c == in.b
			case opSet:
				ok = m.prog.sets[in.x].has(c)
			}
			if ok {
				m.add(nextq, pc+1, pos-1, nil)
			}
		}
		m.add(nextq, 0, pos-1, nil)
		runq.pcs = runq.pcs[:0]
		runq, nextq = nextq, runq
	}
}
