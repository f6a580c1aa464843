package router

// This file runs a program by bounded backtracking: a depth-first search in
// JavaScript's own priority order (split x before y), so the first path to
// reach the match is the match RegExp.prototype.exec returns, with captures
// kept on the search stack instead of copied between threads. A bitmap of
// visited (instruction, position) states cuts every state explored before:
// its future does not depend on how it was reached (the same argument as the
// Pike VM's one thread per instruction and position), so the search is
// O(len(program) × len(path)) time, with len(program) × (len(path)+1) bits
// of memory. Above maxBacktrackBits the Pike VM runs instead.

// maxBacktrackBits bounds the visited bitmap (128 KiB); maxBacktrackStack
// bounds the search stack (1 MiB of entries): a search that needs more
// gives up and the Pike VM, whose memory does not grow with the path, runs.
const (
	maxBacktrackBits  = 1 << 20
	maxBacktrackStack = 1 << 16
)

func canBacktrack(insts, n int) bool { return insts*(n+1) <= maxBacktrackBits }

type reBtEntry struct {
	pc, pos   int32
	slot, val int32 // slot >= 0: undo caps[slot] = val
}

// backtrack runs the program from start (only there when anchored, else
// from each position on) and leaves the match's slots in matchCaps. It
// reports false, false when the search stack would exceed its bound.
func (m *reMachine) backtrack(start int, anchored bool) (matched, done bool) {
	n := len(m.mt.s)
	words := (len(m.prog.insts)*(n+1) + 63) / 64
	if cap(m.visited) < words {
		m.visited = make([]uint64, words)
	}
	m.visited = m.visited[:words]
	clear(m.visited)
	m.matched = false
	for st := start; st <= n; st++ {
		if anchored && st > start {
			break
		}
		caps := m.tmp
		for i := range caps {
			caps[i] = -1
		}
		switch m.try(st, caps) {
		case trySuccess:
			copy(m.matchCaps, caps)
			m.matched = true
			return true, true
		case tryOverflow:
			return false, false
		}
	}
	return false, true
}

type reTryResult uint8

const (
	tryFail reTryResult = iota
	trySuccess
	tryOverflow
)

func (m *reMachine) try(start int, caps []int32) reTryResult {
	s := m.mt.s
	n := len(s)
	insts := m.prog.insts
	viable := m.prog.viable
	visited := m.visited
	stride := n + 1
	stk := append(m.bt[:0], reBtEntry{pc: 0, pos: int32(start), slot: -1})
	work := 0
	for len(stk) > 0 {
		e := stk[len(stk)-1]
		stk = stk[:len(stk)-1]
		if e.slot >= 0 {
			caps[e.slot] = e.val
			continue
		}
		pc, pos := e.pc, int(e.pos)
	path:
		for {
			if len(stk) > maxBacktrackStack {
				m.bt = stk[:0]
				m.mt.work += work
				return tryOverflow
			}
			in := &insts[pc]
			if in.join {
				// Only joins are counted: between two joins a path runs
				// straight, so the work is within a constant of this count.
				work++
				bit := int(pc)*stride + pos
				if visited[bit>>6]&(1<<(bit&63)) != 0 {
					break
				}
				visited[bit>>6] |= 1 << (bit & 63)
			}
			switch in.op {
			case opMatch:
				m.bt = stk[:0]
				m.mt.work += work
				return trySuccess
			case opByte:
				if pos >= n || s[pos] != in.a {
					break path
				}
				pc++
				pos++
			case opByte2:
				if pos >= n || s[pos] != in.a && s[pos] != in.b {
					break path
				}
				pc++
				pos++
			case opSet:
				if pos >= n || !m.prog.sets[in.x].has(s[pos]) {
					break path
				}
				pc++
				pos++
			case opLazySet:
				// exit first; consuming a byte comes back here at pos+1
				if pos < n && m.prog.sets[in.x].has(s[pos]) {
					stk = append(stk, reBtEntry{pc: pc, pos: int32(pos + 1), slot: -1})
				}
				if viable != nil && !viable[in.y].canStart(s, pos) {
					break path
				}
				pc = in.y
			case opGreedySet:
				if viable == nil || viable[in.y].canStart(s, pos) {
					stk = append(stk, reBtEntry{pc: in.y, pos: int32(pos), slot: -1})
				}
				if pos >= n || !m.prog.sets[in.x].has(s[pos]) {
					break path
				}
				pos++
			case opJmp:
				pc = in.x
			case opSplit:
				if viable != nil {
					okx, oky := viable[in.x].canStart(s, pos), viable[in.y].canStart(s, pos)
					switch {
					case okx && oky:
						stk = append(stk, reBtEntry{pc: in.y, pos: int32(pos), slot: -1})
						pc = in.x
					case okx:
						pc = in.x
					case oky:
						pc = in.y
					default:
						break path
					}
					continue
				}
				stk = append(stk, reBtEntry{pc: in.y, pos: int32(pos), slot: -1})
				pc = in.x
			case opSave, opMark:
				stk = append(stk, reBtEntry{slot: in.x, val: caps[in.x]})
				caps[in.x] = int32(pos)
				pc++
			case opCheck:
				if caps[in.x] == int32(pos) {
					break path
				}
				pc++
			case opReset:
				for i := in.x; i < in.y; i++ {
					stk = append(stk, reBtEntry{slot: i, val: caps[i]})
					caps[i] = -1
				}
				pc++
			case opBegin:
				if pos != 0 {
					break path
				}
				pc++
			case opEnd:
				if pos != n {
					break path
				}
				pc++
			case opWordB, opNotWordB:
				a := pos > 0 && patIsWord(s[pos-1])
				b := pos < n && patIsWord(s[pos])
				if (a != b) != (in.op == opWordB) {
					break path
				}
				pc++
			case opLook:
				if !m.mt.look(int(in.x), pos) {
					break path
				}
				if slot := m.mt.re.looks[in.x].slot; slot >= 0 {
					stk = append(stk, reBtEntry{slot: int32(slot), val: caps[slot]})
					caps[slot] = int32(pos)
				}
				pc++
			}
		}
	}
	m.bt = stk[:0]
	m.mt.work += work
	return tryFail
}
