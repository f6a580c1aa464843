package vhost

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// pattern is a compiled vhost host name pattern: literals separated by
// '*' wildcards, matched against a whole host name as vhost's regular
// expression ^lit0([^.]+)lit1...$ with the i flag matches it.
//
// The host name is read as Node reads header bytes: each byte is one
// character (Latin-1). Letters compare as JavaScript's case-insensitive
// regular expressions (without the u flag) compare them: both sides
// upper-cased, except that a character above U+007F never matches an ASCII
// one (so neither U+212A KELVIN SIGN nor U+017F LONG S matches a Latin
// letter, as they would with Go's (?i)).
type pattern struct {
	lits [][]rune // len(lits) == stars + 1; runes already canonicalized
}

// compilePattern splits a vhost host name pattern at its '*'s.
func compilePattern(s string) *pattern {
	parts := strings.Split(s, "*")
	p := &pattern{lits: make([][]rune, len(parts))}
	for i, part := range parts {
		lit := make([]rune, 0, len(part))
		for _, r := range part {
			if r == utf8.RuneError {
				r = unicode.ReplacementChar
			}
			lit = append(lit, canonicalize(r))
		}
		p.lits[i] = lit
	}
	return p
}

// canonicalize is the Canonicalize operation of JavaScript regular
// expressions with the i flag and without the u flag, for one character.
func canonicalize(r rune) rune {
	u := unicode.ToUpper(r)
	if r >= 0x80 && u < 0x80 {
		return r
	}
	return u
}

// latin1Canon is canonicalize for each byte read as a Latin-1 character.
var latin1Canon = func() (t [256]rune) {
	for i := range t {
		t[i] = canonicalize(rune(i))
	}
	return t
}()

// litAt reports whether the literal matches host at byte offset at, each
// host byte being one Latin-1 character.
func litAt(lit []rune, host string, at int) bool {
	if len(host)-at < len(lit) {
		return false
	}
	for i, r := range lit {
		if latin1Canon[host[at+i]] != r {
			return false
		}
	}
	return true
}

// match matches host against the pattern and returns what each '*'
// matched, choosing, as a backtracking regular expression engine does,
// the longest match for the first wildcard that lets the rest match, then
// for the second, and so on. ok is false when host does not match.
//
// It runs in O(len(host) × len(pattern)) time: ok[i][q] records whether
// literal i and everything after it can match from q, computed from the
// end; a wildcard cannot pass a '.', so the wildcard before literal i,
// starting at p, can end anywhere up to the next '.'.
func (p *pattern) match(host string) (values []string, ok bool) {
	k := len(p.lits) - 1 // number of wildcards
	n := len(host)
	first := p.lits[0]
	if !litAt(first, host, 0) {
		return nil, false
	}
	if k == 0 {
		return nil, len(first) == n
	}
	// nextDot[q] is the index of the first '.' at or after q, or n.
	nextDot := make([]int, n+1)
	nextDot[n] = n
	for q := n - 1; q >= 0; q-- {
		if host[q] == '.' {
			nextDot[q] = q
		} else {
			nextDot[q] = nextDot[q+1]
		}
	}
	// can[i][q]: literal i (i >= 1) starts at q and the rest matches.
	// last[i][x]: the largest q <= x with can[i][q], or -1.
	can := make([][]bool, k+1)
	last := make([][]int, k+1)
	for i := k; i >= 1; i-- {
		lit := p.lits[i]
		can[i] = make([]bool, n+1)
		last[i] = make([]int, n+1)
		for q := 0; q <= n; q++ {
			if !litAt(lit, host, q) {
				continue
			}
			end := q + len(lit)
			if i == k {
				can[i][q] = end == n
			} else {
				// The next wildcard starts at end and takes at least one
				// character, ending before the next '.'.
				if end < n && host[end] != '.' {
					hi := nextDot[end]
					can[i][q] = last[i+1][hi] > end
				}
			}
		}
		l := -1
		for q := 0; q <= n; q++ {
			if can[i][q] {
				l = q
			}
			last[i][q] = l
		}
	}
	values = make([]string, k)
	pos := len(first)
	for i := 1; i <= k; i++ {
		if pos >= n || host[pos] == '.' {
			return nil, false
		}
		q := last[i][nextDot[pos]]
		if q <= pos {
			return nil, false
		}
		values[i-1] = host[pos:q]
		pos = q + len(p.lits[i])
	}
	return values, true
}
