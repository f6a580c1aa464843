package router

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// randomGoCompatible returns a random regular expression that JavaScript
// and Go's regexp define identically on ASCII input without '\r' or '\v':
// no lookaheads, no backreferences, quantifiers only on atoms that cannot
// match empty and hold no capturing group (JavaScript resets captures at
// each iteration, RE2 keeps them), small counted repetitions.
func randomGoCompatible(r *rand.Rand, depth int) string {
	var alts []string
	for a := 0; a < 1+r.IntN(2); a++ {
		var b strings.Builder
		for i := 0; i < 1+r.IntN(4); i++ {
			b.WriteString(randomTerm(r, depth))
		}
		alts = append(alts, b.String())
	}
	return strings.Join(alts, "|")
}

var crossAtoms = []string{"a", "b", "-", `\/`, ".", `\d`, `\w`, `\W`, `\s`, "[ab]", "[^a]", "[a-c]", "x", "A", `\.`, "[/-]"}

func randomTerm(r *rand.Rand, depth int) string {
	switch p := r.IntN(10); {
	case p < 2 && depth > 0:
		return "(" + randomGoCompatible(r, depth-1) + ")"
	case p < 3 && depth > 0:
		inner := randomNonEmpty(r, depth-1)
		return "(?:" + inner + ")" + randomQuantifier(r)
	case p < 4:
		return []string{"^", "$", `\b`, `\B`}[r.IntN(4)]
	}
	t := crossAtoms[r.IntN(len(crossAtoms))]
	if r.IntN(3) == 0 {
		t += randomQuantifier(r)
	}
	return t
}

// randomNonEmpty returns an expression without captures that cannot match
// the empty string.
func randomNonEmpty(r *rand.Rand, depth int) string {
	var b strings.Builder
	for i := 0; i < 1+r.IntN(3); i++ {
		if depth > 0 && r.IntN(4) == 0 {
			b.WriteString("(?:" + randomNonEmpty(r, depth-1) + "|" + randomNonEmpty(r, depth-1) + ")")
			continue
		}
		b.WriteString(crossAtoms[r.IntN(len(crossAtoms))])
	}
	return b.String()
}

func randomQuantifier(r *rand.Rand) string {
	q := []string{"*", "+", "?", "{0,2}", "{1,3}", "{2}", "{1,}"}[r.IntN(7)]
	if r.IntN(3) == 0 {
		q += "?"
	}
	return q
}

func randomText(r *rand.Rand, alphabet string, maxLen int) string {
	n := r.IntN(maxLen + 1)
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}

// TestCrossGoRegexp compares the VM (backtracker and Pike VM) with Go's
// regexp on random expressions that both define identically.
func TestCrossGoRegexp(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() || raceEnabled {
		n = 300
	}
	var compared int
	for i := 0; i < n; i++ {
		src := randomGoCompatible(r, 2)
		ignoreCase := r.IntN(3) == 0
		goSrc := src
		if ignoreCase {
			goSrc = "(?i)" + src
		}
		want, err := regexp.Compile(goSrc)
		if err != nil {
			t.Fatalf("Go rejects %q: %v", goSrc, err)
		}
		for _, eo := range []engineOpts{{}, {pike: true}, {dfaAlways: true}} {
			re, err := compileRegexWith(toUnits(src), ignoreCase, eo)
			if err != nil {
				t.Fatalf("/%s/: %v", src, err)
			}
			for j := 0; j < 10; j++ {
				in := randomText(r, "ab-/.xA1 _", 10)
				loc := want.FindStringSubmatchIndex(in)
				exp := "no match"
				if loc != nil {
					exp = fmt.Sprint(loc)
				}
				if got := execAll(re, in); got != exp {
					t.Errorf("/%s/ (i=%v, %+v) on %q: %s, Go %s", src, ignoreCase, eo, in, got, exp)
				}
				compared++
			}
		}
	}
	t.Logf("%d comparisons", compared)
}

// TestCrossSimpleMatcher compares the segment matcher with the VM on random
// patterns, paths and options.
func TestCrossSimpleMatcher(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(3, 4))
	segs := []string{"a", "B", "users", ":id", ":x_1", "v1.0", "-", "~x", ":n(\\d+)", ":c([a-c]+?)", ":w(\\w+)"}
	finals := []string{"", "", "/*", "/:opt?", "/"}
	var compared int
	n := 2000
	if testing.Short() || raceEnabled {
		n = 200
	}
	for i := 0; i < n; i++ {
		var b strings.Builder
		for j := 0; j < r.IntN(4); j++ {
			b.WriteString("/" + segs[r.IntN(len(segs))])
		}
		b.WriteString(finals[r.IntN(len(finals))])
		if b.Len() == 0 {
			b.WriteString("/")
		}
		pattern := b.String()
		o := Options{CaseSensitive: r.IntN(2) == 0, Strict: r.IntN(2) == 0, End: r.IntN(2) == 0}
		p := compilePattern(t, pattern, o)
		if p.kind != kindSimple && p.kind != kindSegments {
			if !p.FastSlash() {
				t.Fatalf("%q %+v is not a segment pattern", pattern, o)
			}
			continue
		}
		caps, vcaps := make([]int32, 2*len(p.Keys())), make([]int32, 2*len(p.Keys()))
		for j := 0; j < 20; j++ {
			in := randomText(r, "/aAbBusersUSERS1.0-~x9c\n", 14)
			if r.IntN(2) == 0 {
				in = "/" + in
			}
			s, e, ok := p.Match(in, caps)
			vs, ve, vok := p.re.match(in, vcaps, len(p.Keys()))
			if a, b := describeMatch(s, e, ok, caps), describeMatch(vs, ve, vok, vcaps); a != b {
				t.Errorf("%q %+v on %q: simple %s, VM %s", pattern, o, in, a, b)
			}
			compared++
		}
	}
	t.Logf("%d comparisons", compared)
}

// TestCrossGoRegexpPatterns runs every corpus path pattern whose generated
// source Go's regexp accepts and that has no lookahead through both Match
// and Go's regexp, on the corpus paths and random ones (ASCII without '\r'
// and '\v', where the two define '.' and '\s' alike).
func TestCrossGoRegexpPatterns(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	r := rand.New(rand.NewPCG(5, 6))
	var patterns, compared int
	for _, cp := range c.Patterns {
		path, ok := corpusPath(cp.Path).(string)
		if !ok {
			continue
		}
		for _, v := range cp.Variants {
			if v.Err != "" || strings.Contains(v.Src, "(?=") || strings.Contains(v.Src, "(?!") {
				continue
			}
			p, err := Compile(path, corpusOptions(v.O))
			if err != nil || p.FastSlash() || p.FastStar() {
				continue
			}
			goSrc := p.Source()
			if !p.opts.CaseSensitive {
				goSrc = "(?i)" + goSrc
			}
			want, err := regexp.Compile(goSrc)
			if err != nil || want.NumSubexp() != len(p.Keys()) {
				continue // JavaScript-only syntax, or keys that are not the groups
			}
			patterns++
			inputs := append([]string(nil), cp.Paths...)
			for j := 0; j < 20; j++ {
				inputs = append(inputs, "/"+randomText(r, "/aAbB1-._~x%", 12))
			}
			caps := make([]int32, 2*len(p.Keys()))
			for _, in := range inputs {
				if strings.ContainsAny(in, "\r\v") || strings.IndexFunc(in, func(r rune) bool { return r >= 0x80 }) >= 0 {
					continue
				}
				compared++
				start, end, ok := p.Match(in, caps)
				got := describeMatch(start, end, ok, caps)
				exp := "no match"
				if loc := want.FindStringSubmatchIndex(in); loc != nil {
					gc := make([]int32, len(loc)-2)
					for i := range gc {
						gc[i] = int32(loc[2+i])
					}
					exp = describeMatch(loc[0], loc[1], true, gc)
				}
				if got != exp {
					t.Errorf("%q %s (%s) on %q: Match %s, Go %s", path, v.O, p.Source(), in, got, exp)
				}
			}
		}
	}
	t.Logf("%d pattern variants, %d paths compared", patterns, compared)
}
