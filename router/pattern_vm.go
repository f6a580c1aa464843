package router

import "sync"

// This file compiles a JavaScript regular expression (regex) and runs a
// match (reMatcher): by backtracking with a visited bitmap
// (pattern_backtrack.go), or on the Pike VM (pattern_pike.go) when the path
// is too long for the bitmap. Both execute each instruction at most once
// per position: O(len(path) × len(program)).
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
	prefix   string // literal prefix of every match, when anchored
	fold     bool   // prefix is lower-cased (i flag)
	pike     bool   // never backtrack (tests)
	dfa      *reDFAShape
	dfaMin   int       // path length from which the DFA pre-check runs
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
	noDFA     bool // never pre-check with the DFA
	dfaAlways bool // pre-check with the DFA whatever the path length
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
	re := &regex{groups: groups, anchored: anchoredAtStart(tree), pike: eo.pike, dfaMin: dfaMinLen}
	if eo.dfaAlways {
		re.dfaMin = 0
	}
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
	if re.anchored && !eo.noDFA {
		re.dfa = dfaShape(re.main)
	}
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

// reUnwrap strips non-capturing groups and one-element sequences.
func reUnwrap(n *reNode) *reNode {
	for n.kind == astGroup && n.capture == 0 || n.kind == astConcat && len(n.subs) == 1 {
		n = n.subs[0]
	}
	return n
}

// reMatcher is the scratch memory of one match, pooled per regex.
type reMatcher struct {
	re      *regex
	work    int // instructions executed by the last exec, for tests of linearity
	s       string
	main    reMachine
	fwd     []reMachine
	rev     []reMachine
	dfa     *reDFA
	memoPos []int
	memoRes []bool
	bits    [][]uint64
	bitsOK  []bool
}

func newMatcher(re *regex) *reMatcher {
	mt := &reMatcher{re: re}
	mt.main.init(mt, re.main, re.nslots, true)
	if re.dfa != nil {
		mt.dfa = newDFA(re.main, re.dfa)
	}
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
	if mt.dfa != nil && len(s) >= mt.re.dfaMin {
		if match, ok := mt.dfa.matches(s); ok && !match {
			mt.s = ""
			return nil
		}
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
