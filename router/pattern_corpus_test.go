package router

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
)

// The corpus is recorded by testdata/gen/gen.js with Express 4.22.3 and
// path-to-regexp 0.1.13 on Node 20 (see that file to regenerate it).

type patCorpus struct {
	Generator map[string]string `json:"generator"`
	Fold      map[string][]int  `json:"fold"`
	Patterns  []corpusPattern   `json:"patterns"`
	Regexes   []corpusRegex     `json:"regexes"`
}

type corpusPattern struct {
	Path     json.RawMessage `json:"path"`
	Paths    []string        `json:"paths"`
	Variants []struct {
		O     string  `json:"o"`
		Src   string  `json:"src"`
		Flags string  `json:"flags"`
		Keys  [][]any `json:"keys"`
		Fast  string  `json:"fast"`
		Err   string  `json:"err"`
		Res   [][]int `json:"res"`
	} `json:"variants"`
}

type corpusRegex struct {
	Src    string   `json:"src"`
	Flags  string   `json:"flags"`
	Inputs []string `json:"inputs"`
	Err    string   `json:"err"`
	Res    [][]int  `json:"res"`
}

var (
	corpusOnce sync.Once
	corpusData *patCorpus
	corpusErr  error
)

func loadCorpus(t testing.TB) *patCorpus {
	corpusOnce.Do(func() {
		b, err := os.ReadFile(filepath.Join("testdata", "pattern_corpus.json"))
		if err != nil {
			corpusErr = err
			return
		}
		corpusData = &patCorpus{}
		corpusErr = json.Unmarshal(b, corpusData)
	})
	if corpusErr != nil {
		t.Fatal(corpusErr)
	}
	return corpusData
}

// latin1 turns a JavaScript string of code units <= 0xFF into the bytes a
// request target holds.
func latin1Bytes(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF {
			panic(fmt.Sprintf("corpus path %q has a code unit above 0xFF", s))
		}
		b = append(b, byte(r))
	}
	return string(b)
}

// corpusPath decodes a corpus path: a string, an array, or {re, flags}.
func corpusPath(raw json.RawMessage) any {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var arr []json.RawMessage
	if json.Unmarshal(raw, &arr) == nil {
		out := make([]any, len(arr))
		for i, e := range arr {
			out[i] = corpusPath(e)
		}
		return out
	}
	var re struct{ Re, Flags string }
	if err := json.Unmarshal(raw, &re); err != nil {
		panic(err)
	}
	return JSRegExp{Source: re.Re, Flags: re.Flags}
}

func corpusOptions(o string) Options {
	return Options{CaseSensitive: o[0] == 'S', Strict: o[1] == 'T', End: o[2] == 'E'}
}

// TestCorpusPatterns replays every pattern, option set and path of the
// corpus: the generated source, the keys, Express's fast paths, compile
// errors, and each match with the offsets of every capture.
func TestCorpusPatterns(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	var variants, matches, unsupported, dfaChecked int
	for _, cp := range c.Patterns {
		path := corpusPath(cp.Path)
		for _, v := range cp.Variants {
			name := string(cp.Path) + " " + v.O
			variants++
			p, err := Compile(path, corpusOptions(v.O))
			if v.Err != "" {
				if err == nil {
					t.Errorf("%s: Express throws %q, Compile succeeded", name, v.Err)
				}
				continue
			}
			if err != nil {
				if pe, ok := err.(*PatternError); ok && pe.Unsupported {
					unsupported++
					t.Logf("%s: unsupported (Express accepts): %v", name, err)
					continue
				}
				t.Errorf("%s: %v", name, err)
				continue
			}
			if p.Source() != v.Src {
				t.Errorf("%s: source\n got %s\nwant %s", name, p.Source(), v.Src)
			}
			var keys [][]any
			for _, k := range p.Keys() {
				keys = append(keys, []any{k.Name, k.Optional})
			}
			if fmt.Sprint(keys) != fmt.Sprint(v.Keys) {
				t.Errorf("%s: keys %v, want %v", name, keys, v.Keys)
			}
			if p.FastSlash() != (v.Fast == "slash") || p.FastStar() != (v.Fast == "star") {
				t.Errorf("%s: fast slash %v star %v, want %q", name, p.FastSlash(), p.FastStar(), v.Fast)
			}
			var alts []*regex
			if p.re != nil && !raceEnabled {
				ignoreCase := !p.opts.CaseSensitive
				if js, ok := path.(JSRegExp); ok {
					ignoreCase = js.Flags == "i"
				}
				for _, eo := range []engineOpts{{pike: true, noFuse: true, noLits: true}, {dfaAlways: true}} {
					alt, err := compileRegexWith(toUnits(p.source), ignoreCase, eo)
					if err != nil {
						t.Fatalf("%s: recompiling the source: %v", name, err)
					}
					alts = append(alts, alt)
				}
			}
			caps := make([]int32, 2*len(p.Keys()))
			for i, raw := range cp.Paths {
				if raceEnabled && i%5 != 0 {
					continue // sampled under the race detector
				}
				in := latin1Bytes(raw)
				want := v.Res[i]
				matches++
				if p.re != nil && p.re.dfa != nil && p.kind != kindFastSlash && p.kind != kindFastStar {
					// the DFA alone decides exactly whether there is a match
					if match, ok := newDFA(p.re.main, p.re.dfa).matches(in); ok && match != (want != nil) {
						t.Errorf("%s on %q: DFA says %v", name, in, match)
					}
					dfaChecked++
				}
				start, end, ok := p.Match(in, caps)
				if got, exp := describeMatch(start, end, ok, caps), expectMatch(want, len(p.Keys())); got != exp {
					t.Errorf("%s: Match(%q) = %s, want %s", name, in, got, exp)
				}
				if p.kind == kindSimple || p.kind == kindSegments {
					// the dedicated matcher agrees with the VM
					vcaps := make([]int32, len(caps))
					vs, ve, vok := p.re.match(in, vcaps, len(p.Keys()))
					if a, b := describeMatch(start, end, ok, caps), describeMatch(vs, ve, vok, vcaps); a != b {
						t.Errorf("%s: simple matcher %s, VM %s on %q", name, a, b, in)
					}
				}
				for _, alt := range alts {
					if p.kind == kindFastSlash || p.kind == kindFastStar {
						break
					}
					// the Pike VM with unfused lookahead programs, and the
					// DFA pre-check on every path, agree
					vcaps := make([]int32, len(caps))
					vs, ve, vok := alt.match(in, vcaps, len(p.Keys()))
					if a, b := describeMatch(start, end, ok, caps), describeMatch(vs, ve, vok, vcaps); a != b {
						t.Errorf("%s: Match %s, other engine %s on %q", name, a, b, in)
					}
				}
				if prefix := p.LiteralPrefix(); ok && prefix != "" {
					got := in[:min(len(in), len(prefix))]
					if !p.opts.CaseSensitive {
						got = lowerASCIIString(got)
					}
					if got != prefix {
						t.Errorf("%s: match of %q does not start with LiteralPrefix %q", name, in, prefix)
					}
				}
			}
		}
	}
	t.Logf("%d patterns, %d option variants, %d matches checked (%d by the DFA alone); %d unsupported variants", len(c.Patterns), variants, matches, dfaChecked, unsupported)
}

func lowerASCIIString(s string) string {
	b := []byte(s)
	for i := range b {
		b[i] = patLower(b[i])
	}
	return string(b)
}

func describeMatch(start, end int, ok bool, caps []int32) string {
	if !ok {
		return "no match"
	}
	return fmt.Sprintf("[%d %d] %v", start, end, caps)
}

// expectMatch renders a corpus result for nkeys keys: key i is group i+1,
// or undefined (-1) when the RegExp has fewer groups.
func expectMatch(res []int, nkeys int) string {
	if res == nil {
		return "no match"
	}
	caps := make([]int32, 2*nkeys)
	for i := range caps {
		caps[i] = -1
		if 2+i < len(res) {
			caps[i] = int32(res[2+i])
		}
	}
	return describeMatch(res[0], res[1], true, caps)
}

// engineVariants are the matching strategies that must all agree.
var engineVariants = []struct {
	name string
	eo   engineOpts
}{
	{"default", engineOpts{}},
	{"dfa", engineOpts{dfaAlways: true}},
	{"no dfa", engineOpts{noDFA: true}},
	{"pike", engineOpts{pike: true}},
	{"unfused programs", engineOpts{noFuse: true, noLits: true}},
	{"lookahead bitmaps", engineOpts{noFuse: true, noLits: true, noBounded: true}},
	{"pike bitmaps", engineOpts{noFuse: true, noLits: true, noBounded: true, pike: true}},
}

// TestCorpusRegexes runs the corpus of JavaScript regular expressions on
// the VM directly and compares every group's offsets, with every engine
// strategy.
func TestCorpusRegexes(t *testing.T) {
	t.Parallel()
	for _, v := range engineVariants {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			testCorpusRegexes(t, v.eo)
		})
	}
}

func testCorpusRegexes(t *testing.T, eo engineOpts) {
	c := loadCorpus(t)
	var checked, unsupported, dfaChecked int
	for _, cr := range c.Regexes {
		re, err := compileRegexWith(toUnits(cr.Src), cr.Flags == "i", eo)
		if cr.Err != "" {
			if err == nil {
				t.Errorf("/%s/%s: JavaScript throws %q, compile succeeded", cr.Src, cr.Flags, cr.Err)
			}
			continue
		}
		if err != nil {
			if se, ok := err.(*regexSyntaxError); ok && se.unsupported {
				unsupported++
				t.Logf("/%s/%s: unsupported: %v", cr.Src, cr.Flags, err)
				continue
			}
			t.Errorf("/%s/%s: %v", cr.Src, cr.Flags, err)
			continue
		}
		for i, raw := range cr.Inputs {
			in := latin1Bytes(raw)
			checked++
			if re.dfa != nil {
				// the DFA alone decides exactly whether there is a match
				d := newDFA(re.main, re.dfa)
				if match, ok := d.matches(in); ok && match != (cr.Res[i] != nil) {
					t.Errorf("/%s/%s on %q: DFA says %v", cr.Src, cr.Flags, in, match)
				}
				dfaChecked++
			}
			got := execAll(re, in)
			want := "no match"
			if cr.Res[i] != nil {
				want = fmt.Sprint(cr.Res[i])
			}
			if got != want {
				t.Errorf("/%s/%s exec %q = %s, want %s", cr.Src, cr.Flags, in, got, want)
			}
		}
	}
	t.Logf("%d regexes, %d execs checked (%d by the DFA alone); %d unsupported", len(c.Regexes), checked, dfaChecked, unsupported)
}

// execAll runs re and renders all groups like the corpus: [start end g1s g1e ...].
func execAll(re *regex, s string) string {
	mt := re.pool.Get().(*reMatcher)
	defer re.pool.Put(mt)
	slots := mt.exec(s)
	if slots == nil {
		return "no match"
	}
	out := make([]int, 2*(re.groups+1))
	for i := range out {
		out[i] = int(slots[i])
	}
	return fmt.Sprint(out)
}

// TestCorpusFold checks the case-folding peers against Node's.
func TestCorpusFold(t *testing.T) {
	t.Parallel()
	c := loadCorpus(t)
	for b := 0; b < 256; b++ {
		var want []int
		for _, u := range c.Fold[strconv.Itoa(b)] {
			want = append(want, u)
		}
		var got []int
		for _, u := range foldPeers(byte(b)) {
			got = append(got, int(u))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("byte %#x: fold peers %v, Node %v", b, got, want)
		}
	}
}
