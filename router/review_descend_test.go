package router

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// reviewLiterals are literal segments for TestFindAgainstMatch: lengths
// on both sides of the walks' word sizes (7, 8, 9, 15, 16, 17, 24, 25),
// letters in both cases, and the bytes case folding must not confuse
// ('@' and '`', '~' and '^' differ from each other by the case bit only
// where they are not letters).
var reviewLiterals = []string{"a", "Ab", "x@y", "x`y", "a~b", "a^b", "abcdefg", "abcdefgh", "abcdefghi",
	"abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnopqrstuvwx",
	"abcdefghijklmnopqrstuvwxy", "ABCDEFGHIJ", "user", "users"}

// reviewSegment returns a request segment: a literal as written, in
// another case or with one byte changed (to a non-ASCII byte, to the byte
// that differs by the case bit, to 0xAF, which is '/' with the high bit),
// a parameter value of any length, or an empty segment.
func reviewSegment(r *rand.Rand) string {
	return reviewVariant(r, reviewLiterals[r.IntN(len(reviewLiterals))])
}

// reviewVariant returns lit, or a segment made from it as reviewSegment
// describes.
func reviewVariant(r *rand.Rand, lit string) string {
	switch r.IntN(8) {
	case 0:
		return strings.ToUpper(lit)
	case 1, 2:
		b := []byte(lit)
		i := r.IntN(len(b))
		b[i] = []byte{0xAF, 0xC3, 0x80, 0xFF, b[i] ^ 0x20, b[i] ^ 0x80, '-', '.'}[r.IntN(8)]
		return string(b)
	case 3:
		return strings.Repeat("v", r.IntN(26))
	case 4:
		if r.IntN(3) == 0 {
			return ""
		}
	}
	return lit
}

// reviewPattern returns a pattern of literals and parameters; rarely one
// the trie does not hold (optional parameter, wildcard, more than
// maxParams parameters).
func reviewPattern(r *rand.Rand) string {
	var b strings.Builder
	n := r.IntN(5)
	if r.IntN(30) == 0 {
		n = maxParams + 1 + r.IntN(2)
	}
	for i := 0; i < n; i++ {
		b.WriteByte('/')
		if n > maxParams || r.IntN(3) == 0 {
			fmt.Fprintf(&b, ":p%d", i)
			continue
		}
		b.WriteString(reviewLiterals[r.IntN(len(reviewLiterals))])
	}
	switch r.IntN(12) {
	case 0:
		b.WriteString("/:opt?")
	case 1:
		b.WriteString("/*")
	case 2:
		b.WriteByte('/')
	}
	if b.Len() == 0 {
		return "/"
	}
	return b.String()
}

// reviewPath derives a request path from a pattern, each segment replaced
// by reviewSegment now and then, with a trailing slash added or dropped,
// or returns a random path.
func reviewPath(r *rand.Rand, pattern string) string {
	if r.IntN(5) == 0 {
		var b strings.Builder
		for i := r.IntN(6); i > 0; i-- {
			b.WriteByte('/')
			b.WriteString(reviewSegment(r))
		}
		if b.Len() == 0 || r.IntN(4) == 0 {
			b.WriteByte('/')
		}
		return b.String()
	}
	segs := strings.Split(pattern, "/")
	for i := 1; i < len(segs); i++ {
		switch {
		case strings.HasPrefix(segs[i], ":") || segs[i] == "*" || r.IntN(8) == 0:
			segs[i] = reviewSegment(r)
			for segs[i] == "" && r.IntN(2) == 0 {
				segs[i] = reviewSegment(r)
			}
		case segs[i] != "" && r.IntN(3) == 0:
			segs[i] = reviewVariant(r, segs[i])
		}
	}
	p := strings.Join(segs, "/")
	switch r.IntN(5) {
	case 0:
		p += "/"
	case 1:
		p = strings.TrimSuffix(p, "/")
	}
	if r.IntN(40) == 0 {
		p = ""
	}
	return p
}

// TestFindAgainstMatch checks Find, on linear tables (the descent) and on
// others (the general walk), with layers the trie does not hold (optional
// parameters, wildcards, a regexp, an array of paths, more than maxParams
// parameters) among them, against each layer's own Match: every layer
// that matches is a candidate, in stack order, and a candidate with
// captures has Match's end and captures. The paths have the bytes the
// random tables of table_fuzz_test.go do not: non-ASCII bytes, '/' with
// the high bit, bytes that differ from a literal's by the case bit,
// empty segments, segments of 0 to 25 bytes, and the empty path. Find
// also runs with caps holding entries already and with fewer than
// 2*maxParams spare entries, which it may grow but must not overwrite.
func TestFindAgainstMatch(t *testing.T) {
	t.Parallel()
	linear, general, matched := 0, 0, 0
	for seed := uint64(0); seed < 1500; seed++ {
		r := rand.New(rand.NewPCG(seed, 0x7e71e3))
		sensitive := r.IntN(3) == 0
		var layers []Layer[int]
		var patterns []string
		uses := r.IntN(3) == 0
		for i := r.IntN(10) + 1; i > 0; i-- {
			p := reviewPattern(r)
			route := !uses || r.IntN(3) != 0
			strict := route && r.IntN(3) == 0
			pat, err := Compile(p, Options{CaseSensitive: sensitive, Strict: strict, End: route})
			if err != nil {
				continue
			}
			patterns = append(patterns, p)
			layers = append(layers, Layer[int]{Pattern: pat, Handle: len(layers), Route: route, Strict: strict, Methods: uint64(1 + r.IntN(3))})
		}
		// Layers outside the trie anywhere in the stack: a Go regexp (with
		// a literal prefix and a capture) and an array of paths.
		if r.IntN(4) == 0 {
			var path any = regexp.MustCompile(`^/ab(c+)`)
			if r.IntN(2) == 0 {
				path = []string{"/user/:p", "/x@y"}
			}
			route := !uses || r.IntN(2) == 0
			if pat, err := Compile(path, Options{CaseSensitive: sensitive, End: route}); err == nil {
				at := r.IntN(len(layers) + 1)
				layers = slices.Insert(layers, at, Layer[int]{Pattern: pat, Route: route, Methods: uint64(1 + r.IntN(3))})
				patterns = slices.Insert(patterns, at, fmt.Sprint(path))
			}
		}
		if len(layers) == 0 {
			continue
		}
		tab := NewTable(layers, sensitive)
		if tab.ix.mode != byLookup {
			linear++
		} else {
			general++
		}
		for k := 0; k < 30; k++ {
			path := reviewPath(r, patterns[r.IntN(len(patterns))])
			filter := uint64(r.IntN(4))
			pre := []Candidate{{Index: 1 << 20, Caps: 0, End: 1}}
			fc := slices.Clone(pre)
			// Two entries in front, and spare room of 0 to 20 entries.
			fcaps := make([]int32, 2, 2+r.IntN(21))
			fcaps[0], fcaps[1] = 7, 8
			tab.Find(path, filter, &fc, &fcaps)
			if fc[0] != pre[0] || fcaps[0] != 7 || fcaps[1] != 8 {
				t.Fatalf("seed %d %q: Find overwrote what dst and caps held: %v %v", seed, path, fc, fcaps)
			}
			msg, m := agreeWithMatch(layers, patterns, path, filter, fc[1:], fcaps)
			if msg != "" {
				t.Fatalf("seed %d sensitive=%v linear=%v %q: %s", seed, sensitive, tab.ix.mode != byLookup, path, msg)
			}
			matched += m
		}
	}
	t.Logf("%d linear tables, %d others, %d matches with captures checked", linear, general, matched)
	if linear < 100 || general < 100 || matched < 1000 {
		t.Fatalf("%d linear and %d other tables, %d matches: want at least 100, 100 and 1000", linear, general, matched)
	}
}
