package parsers

import (
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/fwgo/fw/internal/bytesconv"
	"github.com/fwgo/fw/internal/uri"
)

// QS holds the options of qs.parse (qs 6.16, the version Express 4.22.3
// installs) that Express and body-parser set. Other qs options keep their
// defaults: allowPrototypes is on (Express always turns it on; __proto__ is
// dropped all the same), allowDots, comma, charsetSentinel and
// strictNullHandling are off, and duplicates combine.
type QS struct {
	// ArrayLimit is the largest array index plus one that builds an array
	// (a[19]=x with 20); a larger index, or more values for one array,
	// builds an object keyed by index instead.
	ArrayLimit int
	// Depth is how many bracket groups of a key are nested; the rest of the
	// key becomes one last segment (or an error with StrictDepth). Zero or
	// less keeps keys whole.
	Depth int
	// StrictDepth makes a key deeper than Depth an error (ErrQSDepth).
	StrictDepth bool
	// ParameterLimit is the number of '&'-separated parts read; the rest is
	// ignored. Unlimited reads all.
	ParameterLimit int
}

// QueryQS is the configuration of Express 4.22.3's default "extended" query
// parser: qs.parse(str, {allowPrototypes: true, arrayLimit: 1000}), with
// qs's default depth 5 and parameterLimit 1000.
var QueryQS = QS{ArrayLimit: 1000, Depth: 5, ParameterLimit: 1000}

// ErrQSDepth is returned by QS.Parse with StrictDepth for a key nested
// deeper than Depth.
var ErrQSDepth = errors.New("parsers: input depth exceeded depth option and strictDepth is true")

// ParseQuery parses a query string as Express 4.22.3 does for req.query with
// the default "extended" query parser setting. It is QueryQS.Parse, which
// cannot fail without StrictDepth.
func ParseQuery(s []byte) *Object {
	o, _ := QueryQS.Parse(s)
	return o
}

// Parse parses s as qs.parse does: "a[b][c]=x" nests objects, "a[]=x" and
// "a[0]=x" build arrays (up to ArrayLimit, then objects keyed by index),
// repeated keys combine into arrays, '+' is a space and percent escapes are
// decoded (a malformed escape leaves its whole key or value undecoded).
// Keys named __proto__ are dropped. The result is never nil.
//
// The result's strings share one allocation and do not alias s, so s may be
// a view of pooled memory. Work and memory are linear in len(s): an index
// such as a[999999999] does not allocate an array.
func (q QS) Parse(s []byte) (*Object, error) {
	p := qsParser{opt: q}
	return p.parse(s)
}

// qsMarks is qs's bookkeeping about an object under construction, kept on
// the Object while a query string is parsed (qs keeps it in side channels).
type qsMarks struct {
	overflow    bool    // built from an array past arrayLimit
	maxIndex    float64 // its largest numeric key
	conflict    bool    // built by strictMerge from values that conflicted
	conflictMax float64 // its largest numeric key
}

// qsArray is a JavaScript array while qs builds it: it may have holes.
type qsArray struct {
	items       []qsItem // present elements, ascending by index
	length      int
	conflict    bool
	conflictMax float64
}

type qsItem struct {
	idx int
	v   any
}

func (a *qsArray) get(i int) (any, bool) {
	if n := len(a.items); n > 0 && a.items[n-1].idx == i {
		return a.items[n-1].v, true
	}
	for _, it := range a.items {
		if it.idx == i {
			return it.v, true
		}
	}
	return nil, false
}

func (a *qsArray) set(i int, v any) {
	n := len(a.items)
	if n == 0 || a.items[n-1].idx < i {
		a.items = append(a.items, qsItem{i, v})
	} else {
		k := 0
		for k < n && a.items[k].idx < i {
			k++
		}
		if k < n && a.items[k].idx == i {
			a.items[k].v = v
		} else {
			a.items = append(a.items, qsItem{})
			copy(a.items[k+1:], a.items[k:])
			a.items[k] = qsItem{i, v}
		}
	}
	if i >= a.length {
		a.length = i + 1
	}
}

func (a *qsArray) push(v any) { a.set(a.length, v) }

type qsParser struct {
	opt   QS
	arena arena
}

func (p *qsParser) parse(s []byte) (*Object, error) {
	obj := &Object{}
	if len(s) == 0 {
		return obj, nil
	}
	p.arena.init(len(s))
	temp, nested := p.parseValues(s)
	if !nested {
		// No key has a bracket: qs's result is the pairs themselves, less
		// the empty key and __proto__.
		temp.Delete("")
		temp.Delete("__proto__")
		return finish(temp).(*Object), nil
	}
	var target any = obj
	for k, v := range temp.All() {
		if k == "" {
			continue
		}
		chain, err := p.splitKey(k)
		if err != nil {
			return nil, err
		}
		target = p.merge(target, p.parseObject(chain, v))
	}
	out, _ := finish(target).(*Object)
	if out == nil {
		out = &Object{}
	}
	return out, nil
}

// parseValues splits s into decoded pairs, combining repeated keys. nested
// reports whether any key holds a '['.
func (p *qsParser) parseValues(s []byte) (*Object, bool) {
	temp := &Object{strs: make([]member, 0, min(bytes.Count(s, []byte{'&'})+1, p.opt.ParameterLimit, 1024))}
	nested := false
	limit := p.opt.ParameterLimit
	for part := range p.parts(s, limit) {
		pos := bracketEquals(part)
		if pos < 0 {
			pos = bytes.IndexByte(part, '=')
		}
		var key, val string
		if pos < 0 {
			key = p.decode(part)
		} else {
			key = p.decode(part[:pos])
			val = p.decode(part[pos+1:])
		}
		if !nested && strings.IndexByte(key, '[') >= 0 {
			nested = true
		}
		if cur, ok := temp.Get(key); ok {
			temp.Set(key, p.combine(cur, val))
		} else {
			temp.Set(key, val)
		}
	}
	return temp, nested
}

// bracketEquals returns the position of the '=' of the first "]=" in b,
// or -1.
func bracketEquals(b []byte) int {
	for i := 0; i+1 < len(b); i++ {
		if b[i] == ']' && b[i+1] == '=' {
			return i + 1
		}
	}
	return -1
}

// parts yields the '&'-separated parts of s, as s.split('&', limit) does:
// at most limit of them, a trailing '&' giving a last empty part. %5B and
// %5D (any case) are turned into brackets first, as qs does before
// splitting.
func (p *qsParser) parts(s []byte, limit int) func(func([]byte) bool) {
	return func(yield func([]byte) bool) {
		start, n := 0, 0
		for i := 0; i <= len(s); i++ {
			if i < len(s) && s[i] != '&' {
				continue
			}
			if n >= limit {
				return
			}
			n++
			if !yield(p.brackets(s[start:i])) {
				return
			}
			start = i + 1
		}
	}
}

// brackets replaces %5B/%5D (case-insensitive) with '[' and ']'. It returns
// part itself when there is nothing to replace, else a copy in the arena
// scratch space.
func (p *qsParser) brackets(part []byte) []byte {
	i := 0
	for ; i+2 < len(part); i++ {
		if part[i] == '%' && part[i+1] == '5' && (part[i+2]|0x20 == 'b' || part[i+2]|0x20 == 'd') {
			break
		}
	}
	if i+2 >= len(part) {
		return part
	}
	out := make([]byte, 0, len(part))
	for j := 0; j < len(part); j++ {
		if part[j] == '%' && j+2 < len(part) && part[j+1] == '5' {
			switch part[j+2] | 0x20 {
			case 'b':
				out = append(out, '[')
				j += 2
				continue
			case 'd':
				out = append(out, ']')
				j += 2
				continue
			}
		}
		out = append(out, part[j])
	}
	return out
}

// decode is qs's utils.decode for utf-8: '+' becomes ' ', then
// decodeURIComponent; if that throws, the string with spaces is kept.
func (p *qsParser) decode(b []byte) string {
	a := &p.arena
	if len(b) == 0 {
		return ""
	}
	m := a.mark()
	for _, c := range b {
		if c == '+' {
			c = ' '
		}
		a.b = append(a.b, c)
	}
	if bytes.IndexByte(b, '%') < 0 {
		return a.since(m)
	}
	spaced := bytesconv.B2S(a.b[m:])
	m2 := a.mark()
	var ok bool
	a.b, ok = uri.AppendDecodeComponent(a.b, spaced)
	if !ok {
		a.b = a.b[:m2]
		return spaced
	}
	return a.since(m2)
}

// splitKey splits a key into qs's segments: the parent before the first
// '[' and up to Depth balanced bracket groups, then the rest as one group.
func (p *qsParser) splitKey(key string) ([]string, error) {
	if p.opt.Depth <= 0 {
		return []string{key}, nil
	}
	var segs []string
	first := indexByte(key, '[', 0)
	parent := key
	if first >= 0 {
		parent = key[:first]
	}
	if parent != "" {
		segs = append(segs, parent)
	}
	open := first
	for collected := 0; open >= 0 && collected < p.opt.Depth; collected++ {
		level := 1
		closing := -1
		for i := open + 1; i < len(key) && closing < 0; i++ {
			switch key[i] {
			case '[':
				level++
			case ']':
				level--
				if level == 0 {
					closing = i
				}
			}
		}
		if closing < 0 {
			return append(segs, "["+key[open:]+"]"), nil
		}
		segs = append(segs, key[open:closing+1])
		open = indexByte(key, '[', closing+1)
	}
	if open >= 0 {
		if p.opt.StrictDepth {
			return nil, ErrQSDepth
		}
		segs = append(segs, "["+key[open:]+"]")
	}
	return segs, nil
}

func indexByte(s string, c byte, from int) int {
	for i := from; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// arrayIndexOf is qs's test for a bracketed array index: parseInt of the
// content, which must print back as the same string and be non-negative.
func arrayIndexOf(content string) (float64, bool) {
	if content == "" {
		return 0, false
	}
	if content[0] == '0' {
		return 0, len(content) == 1
	}
	for i := 0; i < len(content); i++ {
		if content[i] < '0' || content[i] > '9' {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(content, 64)
	if err != nil {
		return 0, false
	}
	var buf [32]byte
	return f, string(AppendNumber(buf[:0], f)) == content
}

// parseObject builds the value for one key chain, innermost first.
func (p *qsParser) parseObject(chain []string, val any) any {
	leaf := val
	for i := len(chain) - 1; i >= 0; i-- {
		root := chain[i]
		if root == "[]" {
			if o, ok := leaf.(*Object); ok && o.isOverflow() {
				continue // leaf stays
			}
			leaf = p.combine(&qsArray{}, leaf)
			continue
		}
		clean := root
		if len(root) >= 2 && root[0] == '[' && root[len(root)-1] == ']' {
			clean = root[1 : len(root)-1]
		}
		obj := &Object{}
		if idx, ok := arrayIndexOf(clean); ok && root != clean {
			if idx < float64(p.opt.ArrayLimit) {
				arr := &qsArray{}
				arr.set(int(idx), leaf)
				leaf = arr
				continue
			}
			obj.Set(numberKey(idx), leaf)
			obj.markOverflow(idx)
		} else if clean != "__proto__" {
			obj.Set(clean, leaf)
		}
		leaf = obj
	}
	return leaf
}
