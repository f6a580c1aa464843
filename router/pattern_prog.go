package router

// This file compiles a syntax tree into a program for the Pike VM
// (pattern_vm.go): a list of instructions whose threads advance over the
// path in lock step, in JavaScript's backtracking priority order.

type reOpcode uint8

const (
	opMatch     reOpcode = iota
	opByte               // path byte == a
	opByte2              // path byte == a or b
	opSet                // path byte in sets[x]
	opSplit              // continue at x, then (lower priority) at y
	opJmp                // continue at x
	opSave               // slot x = position
	opReset              // slots [x, y) = -1 (captures of a repeated atom)
	opBegin              // ^
	opEnd                // $
	opWordB              // \b
	opNotWordB           // \B
	opLook               // lookahead number x holds here
	opMark               // slot x = position (start of an optional iteration)
	opCheck              // fail when slot x == position (the iteration was empty)
	opLazySet            // set* lazily: continue at y, then (lower) consume a sets[x] byte and come back
	opGreedySet          // set* greedily: consume a sets[x] byte and come back, then (lower) continue at y
)

type reInst struct {
	op   reOpcode
	a, b byte
	join bool // reached in more than one way (see markJoins)
	x, y int32
}

type reProgram struct {
	insts  []reInst
	sets   []reByteSet
	join   []bool     // join[pc]: pc has several ways in (see markJoins)
	viable []reViable // per split target, when computed (see markViable)
}

// reViable tells, for the target of a split, what the next byte must be for
// a thread there to have any chance: a byte of first, or none when the
// target can reach the match without consuming (mid: before the end of the
// path, end: at it). It over-approximates (every assertion but $ is taken
// to hold), so pruning with it never loses a match.
type reViable struct {
	first    reByteSet
	mid, end bool
}

// maxViableInsts bounds the programs whose split targets get reViable
// (computing it is quadratic in the program size).
const maxViableInsts = 2000

// markViable computes viable for the targets of splits.
func (p *reProgram) markViable() {
	if len(p.insts) > maxViableInsts {
		return
	}
	p.viable = make([]reViable, len(p.insts))
	seen := make([]int, len(p.insts))
	stamp := 0
	var stack []int32
	walk := func(from int32, endPasses bool, v *reViable) {
		stamp++
		stack = append(stack[:0], from)
		for len(stack) > 0 {
			pc := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[pc] == stamp {
				continue
			}
			seen[pc] = stamp
			in := &p.insts[pc]
			switch in.op {
			case opMatch:
				if endPasses {
					v.end = true
				} else {
					v.mid = true
				}
			case opByte:
				v.first.add(in.a)
			case opByte2:
				v.first.add(in.a)
				v.first.add(in.b)
			case opSet:
				for k := range v.first {
					v.first[k] |= p.sets[in.x][k]
				}
			case opLazySet, opGreedySet:
				for k := range v.first {
					v.first[k] |= p.sets[in.x][k]
				}
				stack = append(stack, in.y)
			case opJmp:
				stack = append(stack, in.x)
			case opSplit:
				stack = append(stack, in.x, in.y)
			case opEnd:
				if endPasses {
					stack = append(stack, pc+1)
				}
			default: // captures, registers, other assertions, lookaheads
				stack = append(stack, pc+1)
			}
		}
	}
	done := make([]bool, len(p.insts))
	for _, in := range p.insts {
		var targets [2]int32
		switch in.op {
		case opSplit:
			targets = [2]int32{in.x, in.y}
		case opLazySet, opGreedySet:
			targets = [2]int32{in.y, in.y}
		default:
			continue
		}
		for _, t := range targets {
			if !done[t] {
				done[t] = true
				walk(t, false, &p.viable[t])
				walk(t, true, &p.viable[t])
			}
		}
	}
}

// canStart reports whether a thread at split target pc may match, given
// the byte at pos.
func (v *reViable) canStart(s string, pos int) bool {
	if pos < len(s) {
		return v.mid || v.first.has(s[pos])
	}
	return v.end
}

// markJoins marks the instructions a search can reach in more than one way:
// the start and every jump or split target. An instruction reached only by
// falling through from the one before it is explored at most once per
// position when that one is, so the backtracker checks visits only at joins.
func (p *reProgram) markJoins() {
	p.join = make([]bool, len(p.insts))
	if len(p.join) > 0 {
		p.join[0] = true
	}
	for _, in := range p.insts {
		switch in.op {
		case opJmp:
			p.join[in.x] = true
		case opSplit:
			p.join[in.x] = true
			p.join[in.y] = true
		}
	}
	for pc, in := range p.insts {
		if in.op == opLazySet || in.op == opGreedySet {
			p.join[pc] = true // it loops on itself
			p.join[in.y] = true
		}
	}
	for pc := range p.insts {
		p.insts[pc].join = p.join[pc]
	}
}

// reMaxInsts bounds the size of a compiled program (counted repetitions are
// expanded): larger patterns are rejected at compile time.
const reMaxInsts = 20000

// reSlotLayout places every capture and register of a regular expression in
// one slot array shared by all its programs: slots 2k and 2k+1 hold group
// k's start and end (group 0 is the whole match), then one slot per
// positive lookahead with captures (the position it was last tested at),
// then one register per optional iteration that can match empty.
type reSlotLayout struct {
	groups   int   // capturing groups, not counting group 0
	lookSlot []int // per lookahead: its slot, or -1
	nslots   int
}

type reCompiler struct {
	prog    *reProgram
	layout  *reSlotLayout
	reverse bool // compile the reversed language, without captures
	err     bool
	iters   int // repetition bodies generated, bounded like the program
}

func (c *reCompiler) emit(i reInst) int32 {
	if len(c.prog.insts) >= reMaxInsts {
		c.err = true
		return int32(len(c.prog.insts) - 1)
	}
	c.prog.insts = append(c.prog.insts, i)
	return int32(len(c.prog.insts) - 1)
}

func (c *reCompiler) pc() int32 { return int32(len(c.prog.insts)) }

func (c *reCompiler) newReg() int32 {
	c.layout.nslots++
	return int32(c.layout.nslots - 1)
}

func (c *reCompiler) gen(n *reNode) {
	if c.err {
		return
	}
	switch n.kind {
	case astEmpty:
	case astSet:
		c.genSet(&n.set)
	case astConcat:
		if c.reverse {
			for i := len(n.subs) - 1; i >= 0; i-- {
				c.gen(n.subs[i])
			}
			return
		}
		for _, s := range n.subs {
			c.gen(s)
		}
	case astAlt:
		var jumps []int32
		for i, s := range n.subs {
			if i == len(n.subs)-1 {
				c.gen(s)
				break
			}
			split := c.emit(reInst{op: opSplit})
			c.prog.insts[split].x = c.pc()
			c.gen(s)
			jumps = append(jumps, c.emit(reInst{op: opJmp}))
			c.prog.insts[split].y = c.pc()
		}
		for _, j := range jumps {
			c.prog.insts[j].x = c.pc()
		}
	case astGroup:
		if n.capture > 0 && !c.reverse {
			c.emit(reInst{op: opSave, x: int32(2 * n.capture)})
			c.gen(n.subs[0])
			c.emit(reInst{op: opSave, x: int32(2*n.capture + 1)})
			return
		}
		c.gen(n.subs[0])
	case astBegin:
		c.emit(reInst{op: opBegin})
	case astEnd:
		c.emit(reInst{op: opEnd})
	case astWordB:
		c.emit(reInst{op: opWordB})
	case astNotWordB:
		c.emit(reInst{op: opNotWordB})
	case astLook:
		c.emit(reInst{op: opLook, x: int32(n.look)})
	case astRepeat:
		c.genRepeat(n)
	}
}

func (c *reCompiler) genSet(s *reByteSet) {
	if b, ok := s.single(); ok {
		c.emit(reInst{op: opByte, a: b})
		return
	}
	if a, b, ok := s.pair(); ok {
		c.emit(reInst{op: opByte2, a: a, b: b})
		return
	}
	c.emit(reInst{op: opSet, x: c.setIndex(s)})
}

// setIndex returns the index of s in the program's sets, adding it.
func (c *reCompiler) setIndex(s *reByteSet) int32 {
	for i := range c.prog.sets {
		if c.prog.sets[i] == *s {
			return int32(i)
		}
	}
	c.prog.sets = append(c.prog.sets, *s)
	return int32(len(c.prog.sets) - 1)
}

// genIter emits one iteration of a repeated atom. JavaScript clears the
// captures inside the atom at the start of every iteration (RepeatMatcher);
// on the first iteration that is a no-op (only the atom sets them, and an
// enclosing repetition clears them at its own iterations), so first skips it.
func (c *reCompiler) genIter(n *reNode, first bool) {
	// Bodies that emit nothing (x{0}, (?:)) still cost time to expand.
	if c.iters++; c.iters > 4*reMaxInsts {
		c.err = true
		return
	}
	if !c.reverse && !first {
		if n.capHi > n.capLo {
			c.emit(reInst{op: opReset, x: int32(2 * n.capLo), y: int32(2 * n.capHi)})
		}
		lo, hi := -1, -1
		for k := n.lookLo; k < n.lookHi; k++ {
			if s := c.layout.lookSlot[k]; s >= 0 {
				if lo < 0 {
					lo = s
				}
				hi = s + 1
			}
		}
		if lo >= 0 {
			c.emit(reInst{op: opReset, x: int32(lo), y: int32(hi)})
		}
	}
	c.gen(n.subs[0])
}

func (c *reCompiler) genRepeat(n *reNode) {
	body := n.subs[0]
	for i := 0; i < n.min; i++ {
		c.genIter(n, i == 0)
		if c.err {
			return
		}
	}
	if n.max < 0 && !c.reverse {
		if b := reUnwrap(body); b.kind == astSet {
			// A loop over one byte set is a single self-looping
			// instruction (no captures inside, no empty iteration).
			op := opGreedySet
			if !n.greedy {
				op = opLazySet
			}
			pc := c.emit(reInst{op: op, x: c.setIndex(&b.set)})
			c.prog.insts[pc].y = c.pc()
			return
		}
	}
	if n.max < 0 {
		// L: split body, exit; body; jmp L. An iteration that consumes
		// nothing comes back to L at the same position, where the thread
		// dies (each pc runs once per position): JavaScript's rule that an
		// empty iteration beyond the minimum fails.
		loop := c.emit(reInst{op: opSplit})
		start := c.pc()
		c.genIter(n, false)
		c.emit(reInst{op: opJmp, x: loop})
		c.setSplit(loop, start, c.pc(), n.greedy)
		return
	}
	// Optional iterations nest: x{0,2} is (?:x(?:x)?)?. An optional
	// iteration that matched empty fails (opCheck), as in JavaScript.
	nullable := reCanBeEmpty(body)
	var splits []int32
	for i := n.min; i < n.max; i++ {
		split := c.emit(reInst{op: opSplit})
		splits = append(splits, split)
		c.prog.insts[split].x = c.pc()
		var reg int32 = -1
		if nullable && !c.reverse {
			reg = c.newReg()
			c.emit(reInst{op: opMark, x: reg})
		}
		c.genIter(n, i == 0)
		if reg >= 0 {
			c.emit(reInst{op: opCheck, x: reg})
		}
		if c.err {
			return
		}
	}
	end := c.pc()
	for _, s := range splits {
		c.setSplit(s, c.prog.insts[s].x, end, n.greedy)
	}
}

func (c *reCompiler) setSplit(pc, body, exit int32, greedy bool) {
	if greedy {
		c.prog.insts[pc].x, c.prog.insts[pc].y = body, exit
	} else {
		c.prog.insts[pc].x, c.prog.insts[pc].y = exit, body
	}
}

// fuseLooks rewrites a lookahead of single-byte alternatives followed by a
// one-byte set, as path-to-regexp emits them ((?!\/|-).), into one set:
// the lookahead tests the byte the set consumes. Lookaheads with captures are
// left alone.
func fuseLooks(n *reNode) {
	for _, s := range n.subs {
		fuseLooks(s)
	}
	if n.kind != astConcat {
		return
	}
	out := n.subs[:0]
	for i := 0; i < len(n.subs); i++ {
		s := n.subs[i]
		if s.kind == astLook && s.capHi == s.capLo && i+1 < len(n.subs) && n.subs[i+1].kind == astSet {
			if set, ok := fusedSet(s, &n.subs[i+1].set); ok {
				out = append(out, &reNode{kind: astSet, set: set})
				i++
				continue
			}
		}
		out = append(out, s)
	}
	n.subs = out
}

func fusedSet(look *reNode, next *reByteSet) (reByteSet, bool) {
	alts, _, ok := literalAlternatives(look.subs[0])
	if !ok {
		return reByteSet{}, false
	}
	var union reByteSet
	always := false // an empty alternative: the lookahead body always matches
	for _, a := range alts {
		switch len(a) {
		case 0:
			always = true
		case 1:
			for k := range union {
				union[k] |= a[0][k]
			}
		default:
			return reByteSet{}, false
		}
	}
	out := *next
	for k := range out {
		switch {
		case look.neg && always:
			out[k] = 0
		case look.neg:
			out[k] &^= union[k]
		case !always:
			out[k] &= union[k]
		}
	}
	return out, true
}

// reCanBeEmpty reports whether n can match the empty string.
func reCanBeEmpty(n *reNode) bool {
	switch n.kind {
	case astSet:
		return false
	case astConcat:
		for _, s := range n.subs {
			if !reCanBeEmpty(s) {
				return false
			}
		}
		return true
	case astAlt:
		for _, s := range n.subs {
			if reCanBeEmpty(s) {
				return true
			}
		}
		return false
	case astRepeat:
		return n.min == 0 || reCanBeEmpty(n.subs[0])
	case astGroup:
		return reCanBeEmpty(n.subs[0])
	}
	return true
}

// reMaxLen returns the longest match of n in bytes, or -1 when unbounded.
func reMaxLen(n *reNode) int {
	switch n.kind {
	case astSet:
		return 1
	case astConcat:
		t := 0
		for _, s := range n.subs {
			m := reMaxLen(s)
			if m < 0 {
				return -1
			}
			t += m
		}
		return t
	case astAlt:
		t := 0
		for _, s := range n.subs {
			m := reMaxLen(s)
			if m < 0 {
				return -1
			}
			t = max(t, m)
		}
		return t
	case astRepeat:
		m := reMaxLen(n.subs[0])
		if m < 0 || n.max < 0 && m > 0 {
			return -1
		}
		if n.max < 0 {
			return 0
		}
		return m * n.max
	case astGroup:
		return reMaxLen(n.subs[0])
	}
	return 0
}

// anchoredAtStart reports whether every match of n must begin at offset 0
// (it passes ^ before consuming anything).
func anchoredAtStart(n *reNode) bool {
	switch n.kind {
	case astBegin:
		return true
	case astConcat:
		for _, s := range n.subs {
			if anchoredAtStart(s) {
				return true
			}
			if !reZeroWidth(s) {
				return false
			}
		}
	case astAlt:
		for _, s := range n.subs {
			if !anchoredAtStart(s) {
				return false
			}
		}
		return true
	case astGroup:
		return anchoredAtStart(n.subs[0])
	case astRepeat:
		return n.min > 0 && anchoredAtStart(n.subs[0])
	}
	return false
}

// reZeroWidth reports whether n never consumes input.
func reZeroWidth(n *reNode) bool {
	switch n.kind {
	case astEmpty, astBegin, astEnd, astWordB, astNotWordB, astLook:
		return true
	case astGroup:
		return reZeroWidth(n.subs[0])
	case astConcat:
		for _, s := range n.subs {
			if !reZeroWidth(s) {
				return false
			}
		}
		return true
	}
	return false
}

// reLiteralPrefix returns the bytes every match of n starts with, lower-cased
// for a case-insensitive pattern (only ASCII letters are kept then), and
// whether n is exactly that literal (so what follows n extends it).
func reLiteralPrefix(n *reNode, ignoreCase bool) ([]byte, bool) {
	switch n.kind {
	case astEmpty, astBegin, astEnd, astWordB, astNotWordB, astLook:
		return nil, true
	case astSet:
		if b, ok := n.set.single(); ok && (!ignoreCase || b < 0x80 && !patIsLetter(b)) {
			return []byte{b}, true
		}
		if a, b, ok := n.set.pair(); ok && ignoreCase && patIsLetter(a) && b == a+32 {
			return []byte{b}, true
		}
		return nil, false
	case astConcat:
		var out []byte
		for _, s := range n.subs {
			p, whole := reLiteralPrefix(s, ignoreCase)
			out = append(out, p...)
			if !whole {
				return out, false
			}
		}
		return out, true
	case astGroup:
		return reLiteralPrefix(n.subs[0], ignoreCase)
	case astRepeat:
		if n.min == 0 {
			return nil, false
		}
		p, whole := reLiteralPrefix(n.subs[0], ignoreCase)
		if n.min == 1 && n.max == 1 {
			return p, whole
		}
		return p, false
	case astAlt:
		var common []byte
		for i, s := range n.subs {
			p, _ := reLiteralPrefix(s, ignoreCase)
			if i == 0 {
				common = p
				continue
			}
			k := 0
			for k < len(common) && k < len(p) && common[k] == p[k] {
				k++
			}
			common = common[:k]
		}
		return common, false
	}
	return nil, false
}

func patIsLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
