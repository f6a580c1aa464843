package router

import (
	"strings"
	"testing"
)

// fuzzSeeds are the patterns of Express's tests and the advisories.
func fuzzSeeds(f *testing.F) []string {
	c := loadCorpus(f)
	var seeds []string
	for _, cp := range c.Patterns {
		if s, ok := corpusPath(cp.Path).(string); ok {
			seeds = append(seeds, s)
		}
	}
	for _, r := range redosCases {
		seeds = append(seeds, r.pattern)
	}
	return seeds
}

// checkCaps verifies that every capture is -1,-1 or a span of path.
func checkCaps(t *testing.T, name, path string, caps []int32) {
	t.Helper()
	for i := 0; i+1 < len(caps); i += 2 {
		s, e := caps[i], caps[i+1]
		if s == -1 && e == -1 {
			continue
		}
		if s < 0 || e < s || int(e) > len(path) {
			t.Fatalf("%s on %q: capture %d is [%d %d]", name, path, i/2, s, e)
		}
	}
}

// tooBigToFuzz skips inputs that are linear but slow (a {n} expansion of
// thousands of instructions times a long path): seconds per execution
// would stall the fuzzer without testing anything new.
func tooBigToFuzz(re *regex, path string) bool {
	return len(re.main.insts)*(len(path)+1) > 1<<20
}

// checkEngines runs re with the backtracker and the Pike VM (with
// lookahead programs run backwards) and requires the same result, within
// the linear work bound.
func checkEngines(t *testing.T, src []uint16, ignoreCase bool, path string) {
	t.Helper()
	var results []string
	for _, eo := range []engineOpts{{dfaAlways: true}, {pike: true, noFuse: true, noLits: true, noBounded: true, noDFA: true}} {
		re, err := compileRegexWith(src, ignoreCase, eo)
		if err != nil {
			t.Fatalf("/%s/: compiles once, not with %+v: %v", fromUnits(src), eo, err)
		}
		mt := re.pool.Get().(*reMatcher)
		slots := mt.exec(path)
		res := "no match"
		if slots != nil {
			checkCaps(t, "/"+fromUnits(src)+"/", path, slots[:2*(re.groups+1)])
			res = describeMatch(0, 0, true, slots[:2*(re.groups+1)])
		}
		size := len(re.main.insts)
		for _, d := range re.looks {
			if d.fwd != nil {
				size += len(d.fwd.insts) + len(d.rev.insts)
			}
		}
		if bound := 2*size*(len(path)+1) + 64; mt.work > bound {
			t.Fatalf("/%s/ %+v on %d bytes: %d instructions, bound %d", fromUnits(src), eo, len(path), mt.work, bound)
		}
		re.pool.Put(mt)
		results = append(results, res)
	}
	if results[0] != results[1] {
		t.Fatalf("/%s/ (i=%v) on %q: backtracker %s, Pike VM %s", fromUnits(src), ignoreCase, path, results[0], results[1])
	}
}

// FuzzCompile compiles random path patterns with random options (errors
// are fine, panics are not) and matches random paths: captures must be
// spans of the path, the simple matcher must agree with the VM, the engines
// must agree with each other, and the work must stay linear.
func FuzzCompile(f *testing.F) {
	for i, s := range fuzzSeeds(f) {
		f.Add(s, uint8(i), "/user/42/edit")
		f.Add(s, uint8(i+3), "/"+strings.Repeat("a-", 20)+"/z")
	}
	f.Fuzz(func(t *testing.T, pattern string, o uint8, path string) {
		if len(pattern) > 256 || len(path) > 4096 {
			return
		}
		opts := Options{CaseSensitive: o&1 != 0, Strict: o&2 != 0, End: o&4 != 0}
		p, err := Compile(pattern, opts)
		if err != nil {
			if _, ok := err.(*PatternError); !ok {
				t.Fatalf("%q: error %T", pattern, err)
			}
			return
		}
		if p.re != nil && tooBigToFuzz(p.re, path) {
			return
		}
		caps := make([]int32, 2*len(p.Keys()))
		start, end, ok := p.Match(path, caps)
		if ok {
			if start < 0 || end < start || end > len(path) {
				t.Fatalf("%q on %q: match [%d %d]", pattern, path, start, end)
			}
			checkCaps(t, pattern, path, caps)
			if pre := p.LiteralPrefix(); pre != "" {
				got := path[:min(len(path), len(pre))]
				if !opts.CaseSensitive {
					got = lowerASCIIString(got)
				}
				if got != pre {
					t.Fatalf("%q on %q: match does not start with LiteralPrefix %q", pattern, path, pre)
				}
			}
		}
		if p.kind == kindSimple || p.kind == kindSegments {
			vcaps := make([]int32, len(caps))
			vs, ve, vok := p.re.match(path, vcaps, len(p.Keys()))
			if a, b := describeMatch(start, end, ok, caps), describeMatch(vs, ve, vok, vcaps); a != b {
				t.Fatalf("%q %+v on %q: simple %s, VM %s", pattern, opts, path, a, b)
			}
		}
		if p.re != nil {
			checkEngines(t, toUnits(p.Source()), !opts.CaseSensitive, path)
		}
	})
}

// FuzzJSRegExp compiles random JavaScript regular expressions and runs them
// on random input with every engine.
func FuzzJSRegExp(f *testing.F) {
	c := loadCorpus(f)
	for i, r := range c.Regexes {
		in := "ab-a/A1"
		if len(r.Inputs) > 0 {
			in = r.Inputs[0]
		}
		f.Add(r.Src, i%3 == 0, in)
	}
	f.Fuzz(func(t *testing.T, src string, ignoreCase bool, input string) {
		if len(src) > 256 || len(input) > 4096 {
			return
		}
		u := toUnits(src)
		re, err := compileRegex(u, ignoreCase)
		if err != nil {
			if _, ok := err.(*regexSyntaxError); !ok {
				t.Fatalf("/%s/: error %T", src, err)
			}
			return
		}
		if tooBigToFuzz(re, input) {
			return
		}
		checkEngines(t, u, ignoreCase, input)
	})
}
