package fast

import (
	"github.com/fwgo/fw/parsers"
	"iter"
)

// Params is a view of req.params: the parameters of the matched layer in
// their JavaScript key order (integer-like names such as the "0" of a
// wildcard first, ascending, then the others in pattern order). It is valid
// until the request ends.
//
// A Params is had only from Request.Params. While the direct path has
// left req.params to fillDirect (c.dcaps >= 0), Get, Lookup and Has answer
// from the match itself (lookupParam); every other method completes
// req.params first (list, Set).
type Params struct {
	c *state
}

// list returns the current parameter set, completing it first.
func (p *Params) list() []param {
	c := p.c
	c.fill()
	return c.params[c.cur.start:c.cur.end]
}

// Get returns the value of name, or "" when it is absent or undefined.
// The value is valid until the request ends.
func (p *Params) Get(name string) string {
	v, _, _ := p.c.lookupParam(name)
	return v
}

// Lookup returns the value of name and whether it is defined. An optional
// parameter that did not match is present but undefined. The value is
// valid until the request ends.
func (p *Params) Lookup(name string) (string, bool) {
	v, set, _ := p.c.lookupParam(name)
	return v, set
}

// Has reports whether name is present, defined or not, as `name in
// req.params`.
func (p *Params) Has(name string) bool {
	_, _, found := p.c.lookupParam(name)
	return found
}

// lookupParam finds name in req.params: its value, whether it is defined,
// and whether it is present. While the direct path leaves req.params to
// fillDirect (c.dcaps >= 0), it answers from what fillDirect reads, writing
// nothing: the layer's keys in order, their captures, the pathname of the
// request target; the keys are distinct (computeDirect), so the first one
// named name is the entry the filled list has, and nothing is decoded
// (serve takes the direct path only for a path without '%').
// TestDirectMatchesGeneral compares both.
//
// The common case is written for registers: a name of four to eight
// bytes compared as two words in place, a target that is its own
// pathname. Anything else goes to directLookup, which starts over, so
// that no value is live across a call on the hot path (nothing spilled).
func (c *state) lookupParam(name string) (value string, set, found bool) {
	off := int(c.dcaps)
	if off < 0 {
		return c.lookupFilled(name)
	}
	// The captures are the bottom frame's ccaps, indexed from off.
	keys, caps := c.dent.keys, c.bottom.ccaps
	for j := 0; j < len(keys) && off+2*j+1 < len(caps); j++ {
		k := keys[j].Name
		n := len(k)
		if n != len(name) {
			continue
		}
		if n < 4 || n > 8 {
			return c.directLookup(name)
		}
		// name[len(name)-4:], not name[n-4:]: the compiler then loads
		// the word in place, without clamping the slice's pointer.
		if load32(k) != load32(name) || load32(k[n-4:]) != load32(name[len(name)-4:]) {
			continue
		}
		s, end := caps[off+2*j], caps[off+2*j+1]
		if s < 0 {
			return "", false, true
		}
		if !c.plain {
			return c.directLookup(name)
		}
		return c.uriStr[s:end], true, true
	}
	return "", false, false
}

// lookupFilled is lookupParam once req.params is filled.
func (c *state) lookupFilled(name string) (value string, set, found bool) {
	for _, e := range c.params[c.cur.start:c.cur.end] {
		if e.name == name {
			return e.value, e.set, true
		}
	}
	return "", false, false
}

// directLookup is lookupParam's answer while c.dcaps >= 0, for any
// name and target.
//
//go:noinline
func (c *state) directLookup(name string) (value string, set, found bool) {
	e, caps := c.directMatch()
	keys := e.keys
	for j := 0; j < len(keys) && 2*j+1 < len(caps); j++ {
		if keys[j].Name != name {
			continue
		}
		s, end := caps[2*j], caps[2*j+1]
		if s < 0 {
			return "", false, true
		}
		return c.directPath()[s:end], true, true
	}
	return "", false, false
}

// load32 is the first four bytes of s as a little-endian word.
func load32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// Set assigns a parameter for the rest of this layer, as assigning
// req.params[name] does. The next matched layer starts from its own match.
func (p *Params) Set(name, value string) {
	c := p.c
	c.fill()
	ps := c.params[c.cur.start:c.cur.end]
	for i := range ps {
		if ps[i].name == name {
			ps[i] = param{name, value, true}
			return
		}
	}
	if int(c.cur.end) != len(c.params) {
		// Move the set to the top so it can grow.
		start := len(c.params)
		c.params = append(c.params, ps...)
		c.cur = paramRange{int32(start), int32(len(c.params))}
	}
	c.params = append(c.params, param{name, value, true})
	c.cur.end++
}

// Len returns the number of parameters, undefined ones included.
func (p *Params) Len() int { return len(p.list()) }

// All iterates over the defined parameters in JavaScript key order. The
// names and values are valid until the request ends.
func (p *Params) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		p.each(func(e param) bool {
			if !e.set {
				return true
			}
			return yield(e.name, e.value)
		})
	}
}

// each visits every entry in JavaScript key order: integer-like names
// ascending first, then the rest in insertion order.
func (p *Params) each(fn func(param) bool) {
	ps := p.list()
	last := -1
	for {
		best, bestN := -1, 0
		for i, e := range ps {
			if n, ok := arrayIndex(e.name); ok && n > last && (best < 0 || n < bestN) {
				best, bestN = i, n
			}
		}
		if best < 0 {
			break
		}
		if !fn(ps[best]) {
			return
		}
		last = bestN
	}
	for _, e := range ps {
		if _, ok := arrayIndex(e.name); !ok {
			if !fn(e) {
				return
			}
		}
	}
}

// arrayIndex reports whether name is a canonical array index, the keys
// JavaScript orders first.
func arrayIndex(name string) (int, bool) {
	if name == "" || len(name) > 1 && name[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c < '0' || c > '9' || n > (1<<31)/10 {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// MarshalJSON encodes the parameters as JSON.stringify(req.params) does:
// undefined values are left out.
func (p *Params) MarshalJSON() ([]byte, error) {
	return p.AppendJSON(nil), nil
}

// AppendJSON appends the JSON of MarshalJSON to dst.
func (p *Params) AppendJSON(dst []byte) []byte {
	dst = append(dst, '{')
	first := true
	p.each(func(e param) bool {
		if !e.set {
			return true
		}
		if !first {
			dst = append(dst, ',')
		}
		first = false
		dst = parsers.AppendQuote(dst, e.name)
		dst = append(dst, ':')
		dst = parsers.AppendQuote(dst, e.value)
		return true
	})
	return append(dst, '}')
}
