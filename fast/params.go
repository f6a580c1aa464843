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
// A Params is had only from Request.Params, which completes req.params
// first when the direct path left it to fillDirect: its methods read the
// state as it is.
type Params struct {
	c *state
}

func (p *Params) list() []param { return p.c.params[p.c.cur.start:p.c.cur.end] }

// Get returns the value of name, or "" when it is absent or undefined.
// The value is valid until the request ends.
func (p *Params) Get(name string) string {
	v, _ := p.Lookup(name)
	return v
}

// Lookup returns the value of name and whether it is defined. An optional
// parameter that did not match is present but undefined. The value is
// valid until the request ends.
func (p *Params) Lookup(name string) (string, bool) {
	for _, e := range p.list() {
		if e.name == name {
			return e.value, e.set
		}
	}
	return "", false
}

// Has reports whether name is present, defined or not, as `name in
// req.params`.
func (p *Params) Has(name string) bool {
	for _, e := range p.list() {
		if e.name == name {
			return true
		}
	}
	return false
}

// Set assigns a parameter for the rest of this layer, as assigning
// req.params[name] does. The next matched layer starts from its own match.
func (p *Params) Set(name, value string) {
	c := p.c
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
