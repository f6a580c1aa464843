package router

// INTERIM: a minimal pattern compiler (plain segments, full-segment params,
// '/' and '*' and Go regexps) that lets the index and dispatch be built
// while the full path-to-regexp compiler is written in pattern*.go. It is
// deleted when that lands.

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Options are the path-to-regexp options of a layer.
type Options struct{ CaseSensitive, Strict, End bool }

// Key names one capture of a pattern.
type Key struct {
	Name     string
	Optional bool
}

// Segment is one '/'-separated piece of a simple pattern.
type Segment struct {
	Literal string
	Param   bool
}

// Pattern is a compiled layer path.
type Pattern struct {
	src       string
	opts      Options
	keys      []Key
	segs      []Segment
	trailing  bool
	simple    bool
	fastSlash bool
	fastStar  bool
	re        *regexp.Regexp
}

// Compile compiles a layer path.
func Compile(path any, opts Options) (*Pattern, error) {
	switch p := path.(type) {
	case *regexp.Regexp:
		pt := &Pattern{src: p.String(), opts: opts, re: p}
		for i := 0; i < p.NumSubexp(); i++ {
			pt.keys = append(pt.keys, Key{Name: strconv.Itoa(i)})
		}
		return pt, nil
	case string:
		return compileString(p, opts)
	}
	return nil, fmt.Errorf("router: path must be a string, array of strings, or regular expression, got %T", path)
}

func compileString(s string, opts Options) (*Pattern, error) {
	p := &Pattern{src: s, opts: opts}
	if s == "/" && !opts.End {
		p.fastSlash = true
		return p, nil
	}
	if s == "*" {
		p.fastStar = true
		p.keys = []Key{{Name: "0"}}
		return p, nil
	}
	if !strings.HasPrefix(s, "/") {
		return nil, errors.New("router: interim compiler: path must start with /: " + s)
	}
	body := s[1:]
	if strings.HasSuffix(body, "/") {
		p.trailing = true
		body = body[:len(body)-1]
	}
	if body != "" || p.trailing && s != "/" {
		for _, seg := range strings.Split(body, "/") {
			if strings.HasPrefix(seg, ":") && isWord(seg[1:]) {
				p.segs = append(p.segs, Segment{Param: true})
				p.keys = append(p.keys, Key{Name: seg[1:]})
				continue
			}
			if strings.ContainsAny(seg, ":*?()+[]\\{}|^$") {
				return nil, errors.New("router: interim compiler: unsupported path " + s)
			}
			if !opts.CaseSensitive {
				seg = strings.ToLower(seg)
			}
			p.segs = append(p.segs, Segment{Literal: seg})
		}
	}
	if s == "/" {
		p.trailing = true
	}
	p.simple = true
	return p, nil
}

func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// Keys returns the pattern's capture names.
func (p *Pattern) Keys() []Key { return p.keys }

// Simple returns the segments of a plain pattern.
func (p *Pattern) Simple() ([]Segment, bool, bool) { return p.segs, p.trailing, p.simple }

// LiteralPrefix returns a prefix every match starts with.
func (p *Pattern) LiteralPrefix() string { return "" }

// FastSlash reports the use('/') fast path.
func (p *Pattern) FastSlash() bool { return p.fastSlash }

// FastStar reports the '*' fast path.
func (p *Pattern) FastStar() bool { return p.fastStar }

// String returns the pattern as given.
func (p *Pattern) String() string { return p.src }

// Match matches path.
func (p *Pattern) Match(path string, caps []int32) (start, end int, ok bool) {
	switch {
	case p.fastSlash:
		return 0, 0, true
	case p.fastStar:
		caps[0], caps[1] = 0, int32(len(path))
		return 0, len(path), true
	case p.re != nil:
		m := p.re.FindStringSubmatchIndex(path)
		if m == nil {
			return 0, 0, false
		}
		for i := range p.keys {
			caps[2*i], caps[2*i+1] = int32(m[2*i+2]), int32(m[2*i+3])
		}
		return m[0], m[1], true
	}
	pos, k := 0, 0
	for _, seg := range p.segs {
		if pos >= len(path) || path[pos] != '/' {
			return 0, 0, false
		}
		pos++
		if seg.Param {
			e := pos
			for e < len(path) && path[e] != '/' {
				e++
			}
			if e == pos {
				return 0, 0, false
			}
			caps[2*k], caps[2*k+1] = int32(pos), int32(e)
			k++
			pos = e
			continue
		}
		if len(path)-pos < len(seg.Literal) || !equalFold(path[pos:pos+len(seg.Literal)], seg.Literal, p.opts.CaseSensitive) {
			return 0, 0, false
		}
		pos += len(seg.Literal)
	}
	rest := path[pos:]
	if !p.opts.End {
		switch {
		case rest == "":
			return 0, pos, true
		case rest == "/":
			return 0, pos + 1, true
		case rest[0] == '/' && rest[1] == '/':
			return 0, pos + 1, true
		case rest[0] == '/':
			return 0, pos, true
		}
		return 0, 0, false
	}
	if p.opts.Strict {
		if p.trailing && rest == "/" || !p.trailing && rest == "" {
			return 0, len(path), true
		}
		return 0, 0, false
	}
	if rest == "" || rest == "/" {
		return 0, len(path), true
	}
	return 0, 0, false
}

func equalFold(a, lowered string, sensitive bool) bool {
	if sensitive {
		return a == lowered
	}
	for i := 0; i < len(a); i++ {
		c := a[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lowered[i] {
			return false
		}
	}
	return true
}
