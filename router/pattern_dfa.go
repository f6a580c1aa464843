package router

import "math/bits"

// This file decides, without captures, whether an anchored program can
// match a path, with a lazily built deterministic automaton: a few
// instructions per byte instead of a search. It runs before the capturing
// search on long paths, so that inputs which do not match (the ReDoS
// advisories' inputs are of this kind) are rejected at DFA speed; a match
// is then re-run for its captures. Programs with lookaheads or word
// boundaries (whose truth depends on more than the set of live
// instructions) have no DFA.
//
// A DFA state is the set of consuming instructions live at a position, plus
// whether the match is reachable from there without consuming: before the
// end of the path (mid) or at it (end, through $). The automaton is built
// per pooled matcher, at most maxDFAStates states; past that it gives up
// and the search runs alone.

// dfaMinLen is the path length from which the DFA pre-check runs.
const dfaMinLen = 64

// maxDFAStates bounds the states built per matcher.
const maxDFAStates = 128

// reDFAShape is what a program's automata share: its byte classes.
type reDFAShape struct {
	class  [256]uint8
	nclass int
	words  int // uint64 words of a state's instruction set
}

// dfaShape returns the shape of p's automaton, or nil when p cannot have
// one.
func dfaShape(p *reProgram) *reDFAShape {
	for _, in := range p.insts {
		switch in.op {
		case opLook, opWordB, opNotWordB:
			return nil
		}
	}
	sh := &reDFAShape{words: (len(p.insts) + 63) / 64}
	// Partition the bytes by membership in every set the program tests.
	split := func(s *reByteSet) {
		var remap [512]int16
		for i := range remap {
			remap[i] = -1
		}
		n := 0
		var next [256]uint8
		for b := 0; b < 256; b++ {
			k := int(sh.class[b]) * 2
			if s.has(byte(b)) {
				k++
			}
			if remap[k] < 0 {
				remap[k] = int16(n)
				n++
			}
			next[b] = uint8(remap[k])
		}
		sh.class, sh.nclass = next, n
	}
	sh.nclass = 1
	for _, in := range p.insts {
		var s reByteSet
		switch in.op {
		case opByte:
			s.add(in.a)
		case opByte2:
			s.add(in.a)
			s.add(in.b)
		case opSet, opLazySet, opGreedySet:
			s = p.sets[in.x]
		default:
			continue
		}
		split(&s)
	}
	return sh
}

// reDFA is the lazily built automaton of one matcher.
type reDFA struct {
	prog   *reProgram
	shape  *reDFAShape
	failed bool     // too many states: do not use
	sets   []uint64 // state i's instructions at [i*words, (i+1)*words)
	mid    []bool
	end    []bool
	dead   []bool  // no instruction live and no match reachable
	trans  []int32 // state i on class c at i*nclass+c: -1 unknown
	index  map[string]int32
	key    []byte
	seen   []uint32 // closure marks, per instruction and mode
	stamp  uint32
	stack  []int32
	start  int32
}

func newDFA(p *reProgram, sh *reDFAShape) *reDFA {
	return &reDFA{prog: p, shape: sh, index: map[string]int32{}, seen: make([]uint32, 2*len(p.insts)), start: -1}
}

// matches reports whether the program matches s (anchored at 0); ok is
// false when the automaton gave up.
func (d *reDFA) matches(s string) (match, ok bool) {
	if d.failed {
		return false, false
	}
	if d.start < 0 {
		if d.start = d.build(nil, true); d.start < 0 {
			return false, false
		}
	}
	st := d.start
	nc := int32(d.shape.nclass)
	for i := 0; i < len(s); i++ {
		if d.mid[st] {
			return true, true
		}
		c := int32(d.shape.class[s[i]])
		next := d.trans[st*nc+c]
		if next < 0 {
			if next = d.step(st, s[i]); next < 0 {
				return false, false
			}
			d.trans[st*nc+c] = next
		}
		st = next
		if d.dead[st] {
			return false, true
		}
	}
	return d.mid[st] || d.end[st], true
}

// step computes the state after st on byte b (of its class).
func (d *reDFA) step(st int32, b byte) int32 {
	insts := d.prog.insts
	var targets []int32
	w := d.shape.words
	for k := 0; k < w; k++ {
		word := d.sets[int(st)*w+k]
		for word != 0 {
			bit := word & -word
			word ^= bit
			pc := int32(k*64 + bits.TrailingZeros64(bit))
			in := &insts[pc]
			switch in.op {
			case opByte:
				if b == in.a {
					targets = append(targets, pc+1)
				}
			case opByte2:
				if b == in.a || b == in.b {
					targets = append(targets, pc+1)
				}
			case opSet:
				if d.prog.sets[in.x].has(b) {
					targets = append(targets, pc+1)
				}
			case opLazySet, opGreedySet:
				if d.prog.sets[in.x].has(b) {
					targets = append(targets, pc)
				}
			}
		}
	}
	return d.build(targets, false)
}

// build returns the state of the closure of pcs (of pc 0 at the start),
// adding it when new, or -1 when the automaton gives up.
func (d *reDFA) build(pcs []int32, atStart bool) int32 {
	w := d.shape.words
	base := len(d.sets)
	d.sets = append(d.sets, make([]uint64, w)...)
	set := d.sets[base : base+w]
	mid, end := false, false
	d.stamp += 2
	if d.stamp < 2 { // wrapped
		clear(d.seen)
		d.stamp = 2
	}
	if atStart {
		pcs = []int32{0}
	}
	insts := d.prog.insts
	// mode 0 explores before the end; mode 1 after passing $, where only
	// the match matters.
	for _, mode := range [2]int32{0, 1} {
		d.stack = d.stack[:0]
		if mode == 0 {
			d.stack = append(d.stack, pcs...)
		} else {
			d.stack = append(d.stack, d.endStarts()...)
		}
		for len(d.stack) > 0 {
			pc := d.stack[len(d.stack)-1]
			d.stack = d.stack[:len(d.stack)-1]
			if d.seen[2*pc+mode] == d.stamp {
				continue
			}
			d.seen[2*pc+mode] = d.stamp
			in := &insts[pc]
			switch in.op {
			case opMatch:
				if mode == 0 {
					mid = true
				} else {
					end = true
				}
			case opByte, opByte2, opSet:
				if mode == 0 {
					set[pc/64] |= 1 << (pc % 64)
				}
			case opLazySet, opGreedySet:
				if mode == 0 {
					set[pc/64] |= 1 << (pc % 64)
				}
				d.stack = append(d.stack, in.y)
			case opJmp:
				d.stack = append(d.stack, in.x)
			case opSplit:
				d.stack = append(d.stack, in.x, in.y)
			case opBegin:
				if atStart {
					d.stack = append(d.stack, pc+1)
				}
			case opEnd:
				if mode == 1 {
					d.stack = append(d.stack, pc+1)
				}
			default: // captures and registers change nothing here
				d.stack = append(d.stack, pc+1)
			}
		}
	}
	if end || mid {
		end = true // a match reachable without consuming is reachable at the end too
	}
	d.key = d.key[:0]
	for _, x := range set {
		for k := 0; k < 8; k++ {
			d.key = append(d.key, byte(x>>(8*k)))
		}
	}
	d.key = append(d.key, boolByte(mid), boolByte(end))
	if st, ok := d.index[string(d.key)]; ok {
		d.sets = d.sets[:base]
		return st
	}
	st := int32(len(d.mid))
	if st >= maxDFAStates {
		d.failed = true
		return -1
	}
	d.index[string(d.key)] = st
	d.mid = append(d.mid, mid)
	d.end = append(d.end, end)
	dead := !mid && !end
	for _, x := range set {
		dead = dead && x == 0
	}
	d.dead = append(d.dead, dead)
	for c := 0; c < d.shape.nclass; c++ {
		d.trans = append(d.trans, -1)
	}
	return st
}

// endStarts returns where mode 1 begins: the instructions after every $
// reachable without consuming from pcs.
func (d *reDFA) endStarts() []int32 {
	var out []int32
	insts := d.prog.insts
	for pc := range insts {
		if insts[pc].op == opEnd && d.seen[2*pc] == d.stamp {
			out = append(out, int32(pc)+1)
		}
	}
	return out
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
