package router

import "sync"

// This file runs compiled programs on a Pike VM: a Thompson NFA simulation
// whose threads are kept in priority order, so that the first thread to
// reach the match is the one JavaScript's backtracking would have found
// first, with the same captures. Each instruction runs at most once per
// position, which bounds a match by O(len(path) × len(program)).
//
// Lookaheads are position assertions evaluated on demand:
//   - a body that is a set of fixed-length byte sequences (and $), as
//     path-to-regexp generates them, is tested directly;
//   - a body whose matches are at most maxForwardLook bytes long is run
//     forward from the position (constant cost per position), memoised;
//   - an unbounded body is run once backwards over the whole path, which
//     marks every position where it matches (linear time overall).
//
// Captures inside a positive lookahead are recovered after the match by
// running the lookahead's body again, forward, at the position it last
// held on the winning thread.

// regex is a compiled JavaScript regular expression.
type regex struct {
	main     *reProgram
	looks    []*lookDef
	groups   int
	nslots   int
	anchored bool
	prefix   string    // literal prefix of every match, when anchored
	fold     bool      // prefix is lower-cased (i flag)
	pike     bool      // never backtrack (tests)
	pool     sync.Pool // *matcher
}

type lookDef struct {
	neg            bool
	fwd            *reProgram // the body, forward, with its captures
	rev            *reProgram // the body reversed, language only
	bounded        bool
	lits           bool // the body is litAlts/litEnd, tested directly
	litAlts        [][]reByteSet
	litEnd         bool
	slot           int // position slot of a positive lookahead with captures, or -1
	capLo, capHi   int // its groups
	lookLo, lookHi int // itself and the lookaheads inside it
}

// engineOpts select strategies, so that tests can check each against the
// others; the zero value is what Compile uses.
type engineOpts struct {
	noFuse    bool // keep (?!x|y). lookaheads as lookaheads
	noLits    bool // evaluate literal lookaheads as programs
	noBounded bool // evaluate every lookahead program backwards (bitmaps)
	pike      bool // match on the Pike VM only, never backtrack
}

func compileRegex(src []uint16, ignoreCase bool) (*regex, error) {
	return compileRegexWith(src, ignoreCase, engineOpts{})
}

func compileRegexWith(src []uint16, ignoreCase bool, eo engineOpts) (*regex, error) {
	tree, groups, nlooks, err := parseRegex(src, ignoreCase)
	if err != nil {
		return nil, err
	}
	if !eo.noFuse {
		fuseLooks(tree)
	}
	looks := make([]*reNode, nlooks)
	collectLooks(tree, looks)
	layout := &reSlotLayout{groups: groups, nslots: 2 * (groups + 1), lookSlot: make([]int, nlooks)}
	for k, n := range looks {
		layout.lookSlot[k] = -1
		if n != nil && !n.neg && n.capHi > n.capLo {
			layout.lookSlot[k] = layout.nslots
			layout.nslots++
		}
	}
	re := &regex{groups: groups, anchored: anchoredAtStart(tree), pike: eo.pike}
	if re.anchored {
		pre, _ := reLiteralPrefix(tree, ignoreCase)
		re.prefix, re.fold = string(pre), ignoreCase
	}
	c := &reCompiler{prog: &reProgram{}, layout: layout}
	c.emit(reInst{op: opSave, x: 0})
	c.gen(tree)
	c.emit(reInst{op: opSave, x: 1})
	c.emit(reInst{op: opMatch})
	if c.err {
		return nil, errTooLarge
	}
	re.main = c.prog
	re.main.markJoins()
	re.main.markViable()
	for k, n := range looks {
		if n == nil {
			// fused into a byte set by fuseLooks: never referenced
			re.looks = append(re.looks, &lookDef{lits: true, slot: -1})
			continue
		}
		d := &lookDef{neg: n.neg, slot: layout.lookSlot[k], capLo: n.capLo, capHi: n.capHi,
			lookLo: n.lookLo, lookHi: n.lookHi}
		body := n.subs[0]
		// A short body is run forward where it is tested (at most
		// maxForwardLook bytes, so O(len(body)) per position); a longer or
		// unbounded one once backwards over the path.
		ml := reMaxLen(body)
		d.bounded = ml >= 0 && ml <= maxForwardLook && !eo.noBounded
		if !eo.noLits {
			d.litAlts, d.litEnd, d.lits = literalAlternatives(body)
		}
		fc := &reCompiler{prog: &reProgram{}, layout: layout}
		fc.gen(body)
		fc.emit(reInst{op: opMatch})
		rc := &reCompiler{prog: &reProgram{}, layout: layout, reverse: true}
		rc.gen(body)
		rc.emit(reInst{op: opMatch})
		if fc.err || rc.err {
			return nil, errTooLarge
		}
		fc.prog.markJoins()
		fc.prog.markViable()
		rc.prog.markJoins()
		d.fwd, d.rev = fc.prog, rc.prog
		re.looks = append(re.looks, d)
	}
	re.nslots = layout.nslots
	re.pool.New = func() any { return newMatcher(re) }
	return re, nil
}

// maxForwardLook is the longest lookahead body run forward on demand.
const maxForwardLook = 16

var errTooLarge = &regexSyntaxError{msg: "pattern too large: its compiled program exceeds the size limit (expanded {n,m} repetitions)", unsupported: true}

func collectLooks(n *reNode, out []*reNode) {
	if n.kind == astLook {
		out[n.look] = n
	}
	for _, s := range n.subs {
		collectLooks(s, out)
	}
}

// literalAlternatives recognises a lookahead body made of alternatives that
// are each a fixed sequence of byte sets, or $.
func literalAlternatives(n *reNode) (alts [][]reByteSet, end, ok bool) {
	n = reUnwrap(n)
	subs := []*reNode{n}
	if n.kind == astAlt {
		subs = n.subs
	}
	for _, a := range subs {
		a = reUnwrap(a)
		var seq []reByteSet
		switch a.kind {
		case astEnd:
			end = true
			continue
		case astEmpty:
		case astSet:
			seq = append(seq, a.set)
		case astConcat:
			for _, s := range a.subs {
				s = reUnwrap(s)
				if s.kind != astSet {
					return nil, false, false
				}
				seq = append(seq, s.set)
			}
		default:
			return nil, false, false
		}
		alts = append(alts, seq)
	}
	return alts, end, true
}

// unwrap strips non-capturing groups.
func reUnwrap(n *reNode) *reNode {
	for n.kind == astGroup && n.capture == 0 {
		n = n.subs[0]
	}
	return n
}

// matcher is the scratch memory of one match, pooled per regex.
type reMatcher struct {
	re      *regex
	work    int // instructions executed by the last exec, for tests of linearity
	s       string
	main    reMachine
	fwd     []reMachine
	rev     []reMachine
	memoPos []int
	memoRes []bool
	bits    [][]uint64
	bitsOK  []bool
}

func newMatcher(re *regex) *reMatcher {
	mt := &reMatcher{re: re}
	mt.main.init(mt, re.main, re.nslots, true)
	n := len(re.looks)
	mt.fwd = make([]reMachine, n)
	mt.rev = make([]reMachine, n)
	mt.memoPos = make([]int, n)
	mt.memoRes = make([]bool, n)
	mt.bits = make([][]uint64, n)
	mt.bitsOK = make([]bool, n)
	for k, d := range re.looks {
		if d.lits {
			continue
		}
		mt.fwd[k].init(mt, d.fwd, re.nslots, d.slot >= 0)
		if !d.bounded {
			mt.rev[k].init(mt, d.rev, 0, false)
		}
	}
	return mt
}

// hasPrefix reports whether path starts with the literal prefix every match
// starts with (true when there is none): a cheap rejection before running.
func (re *regex) hasPrefix(path string) bool {
	if len(path) < len(re.prefix) {
		return false
	}
	if !re.fold {
		return path[:len(re.prefix)] == re.prefix
	}
	for i := 0; i < len(re.prefix); i++ {
		if patLower(path[i]) != re.prefix[i] {
			return false
		}
	}
	return true
}

// exec runs the regex on s and returns the slots of the match (valid until
// the matcher is released) or nil.
func (mt *reMatcher) exec(s string) []int32 {
	mt.s = s
	mt.work = 0
	for k := range mt.memoPos {
		mt.memoPos[k] = -1
		mt.bitsOK[k] = false
	}
	if !mt.main.find(0, mt.re.anchored) {
		mt.s = ""
		return nil
	}
	caps := mt.main.matchCaps
	for k, d := range mt.re.looks {
		if d.slot < 0 || caps[d.slot] < 0 {
			continue
		}
		m := &mt.fwd[k]
		m.find(int(caps[d.slot]), true)
		copy(caps[2*d.capLo:2*d.capHi], m.matchCaps[2*d.capLo:2*d.capHi])
		for j := k + 1; j < d.lookHi; j++ {
			if sl := mt.re.looks[j].slot; sl >= 0 {
				caps[sl] = m.matchCaps[sl]
			}
		}
	}
	mt.s = ""
	return caps
}

// look reports whether lookahead k holds at pos.
func (mt *reMatcher) look(k, pos int) bool {
	d := mt.re.looks[k]
	mt.work++
	var r bool
	switch {
	case d.lits:
		r = d.matchLits(mt.s, pos)
	case d.bounded:
		if mt.memoPos[k] == pos {
			r = mt.memoRes[k]
		} else {
			r = mt.fwd[k].run(pos, true, false)
			mt.memoPos[k], mt.memoRes[k] = pos, r
		}
	default:
		if !mt.bitsOK[k] {
			words := len(mt.s)/64 + 1
			if cap(mt.bits[k]) < words {
				mt.bits[k] = make([]uint64, words)
			}
			mt.bits[k] = mt.bits[k][:words]
			clear(mt.bits[k])
			mt.rev[k].runReverse(mt.bits[k])
			mt.bitsOK[k] = true
		}
		r = mt.bits[k][pos>>6]&(1<<(pos&63)) != 0
	}
	return r != d.neg
}

func (d *lookDef) matchLits(s string, pos int) bool {
	if d.litEnd && pos == len(s) {
		return true
	}
next:
	for _, seq := range d.litAlts {
		if pos+len(seq) > len(s) {
			continue
		}
		for i := range seq {
			if !seq[i].has(s[pos+i]) {
				continue next
			}
		}
		return true
	}
	return false
}

// queue holds the threads waiting on consuming instructions (or on the
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
				if capture {
					j := len(q.pcs) * m.nslots
					copySlots(q.caps[j:j+m.nslots], caps)
				}
				q.pcs = append(q.pcs, pc)
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
