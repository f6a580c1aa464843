package router

import (
	"regexp"
	"strconv"
	"strings"
)

// Options are the path-to-regexp options Express passes for a layer.
// The zero value is non-strict, case-insensitive and not anchored at the
// end (End false, the app.use form); routes use End true.
type Options struct {
	CaseSensitive bool // "case sensitive routing": no i flag
	Strict        bool // "strict routing": the trailing slash matters
	End           bool // the pattern must match the whole path
}

// Key is a parameter of a pattern, in the order of its capturing group.
type Key struct {
	Name     string // the :name, a (?<name>) group name, or "0", "1", ... for unnamed groups
	Optional bool   // declared as :name?
}

// Segment is one '/'-separated piece of a simple pattern (see
// [Pattern.Simple]): a literal, or a full-segment parameter whose name is in
// Literal.
type Segment struct {
	Literal string
	Param   bool
}

type patternKind uint8

const (
	kindVM       patternKind = iota
	kindSimple               // literal and :name segments (Simple reports them)
	kindSegments             // also :name(class+), a final * or :name? (segment matcher)
	kindFastSlash
	kindFastStar
	kindGoRegexp
	kindComposite
)

// Pattern is a compiled path pattern. It is immutable and safe for
// concurrent use; matching a string pattern does not allocate once its
// pooled scratch memory is warm.
type Pattern struct {
	str      string
	source   string
	keys     []Key
	kind     patternKind
	opts     Options
	segs     []Segment  // kindSimple
	ops      []simpleOp // kindSimple, kindSegments
	trailing bool       // kindSimple: the path ends with '/'
	re       *regex     // string and all-string array patterns
	goRe     *regexp.Regexp
	parts    []patternPart // kindComposite
	prefix   string
}

// JSRegExp is a JavaScript regular expression given as a path, as a RegExp
// object is in Express: it runs with JavaScript's semantics (non-unicode,
// Annex B), its match may start anywhere (RegExp exec), and its capturing
// groups are its keys, named by their (?<name>) or numbered from 0, as
// path-to-regexp names them. Flags may contain only 'i' (and 'd', which
// changes nothing here). In an array, its flags give way to the array's
// options, as in Express.
type JSRegExp struct {
	Source string
	Flags  string
}

// PatternError is the error of Compile.
type PatternError struct {
	Path        string // the pattern as given
	Source      string // the generated regular-expression source, when there is one
	Msg         string
	Unsupported bool // valid in JavaScript, but not run by this matcher
}

// Error renders the error with the "router: " prefix, the path and, when
// there is one, the generated regular expression.
func (e *PatternError) Error() string {
	s := "router: invalid path " + e.Path
	if e.Unsupported {
		s = "router: unsupported path " + e.Path
	}
	if e.Source != "" {
		s += ": regular expression /" + e.Source + "/"
	}
	return s + ": " + e.Msg
}

// Compile compiles an Express route path: a string, a *regexp.Regexp, a
// [JSRegExp], a []string, or a []any holding any of these (nested arrays
// included), with Express's layer options. It returns a *PatternError when
// Express would throw (invalid regular expression, wrong type) or when the
// path uses a feature this matcher does not run (see below).
//
// A string is compiled exactly as Express 4.22 does with path-to-regexp
// 0.1.13: it is rewritten into a JavaScript regular expression, with the
// same source ([Pattern.Source]), keys, matches, captures and errors as in
// Node. What is not one of the forms below passes through as
// regular-expression syntax, so /ab?cd, /ab+cd and [a-z] mean what they mean
// in Express. Sources shown for the default route options (End, not strict,
// case-insensitive: flag i):
//
//	Path             Source                                     Keys
//	/user/:id        ^\/user(?:\/([^/]+?))\/?$                  id
//	/:id?            ^(?:\/([^/]+?))?\/?$                       id (optional: -1,-1 when absent)
//	/:id(\d+)        ^(?:\/(\d+))\/?$                           id
//	/:path*          ^(?:\/([^/]+?)((?:[/].+?)?))\/?$           path, 0
//	/:name.:format?  ^(?:\/([^/]+?))(?:\.([^/\.]+?))?\/?$       name, format
//	/:a-:b           ^(?:\/([^/]+?))-(?:((?:(?!\/|-).)+?))\/?$  a, b
//	/files/*         ^\/files\/(.*)\/?$                         0
//	/(foo)?bar       ^\/(?:foo)?bar\/?$                         none: "/(" opens a non-capturing group
//	/ab?cd           ^\/ab?cd\/?$                               none
//	/a\.b            ^\/a\.b\/?$                                none
//	*                fast path: matches every path              0 = the whole path
//	/ (End false)    fast path: matches every path              none; the matched path is ""
//
// Options: CaseSensitive drops the i flag; Strict drops the optional
// trailing \/? (a path ending in '/' then requires it); End false (app.use)
// ends the match at a '/' or at the end of the path with (?=\/|$) instead of
// $. Unnamed capturing groups are keys "0", "1", ... in the order of their
// '('. The backtracking guard (?:(?!\/|-).)+? is path-to-regexp's own
// (0.1.10-0.1.13), reproduced for identical captures.
//
// An array is one regular expression, its elements' sources joined with
// '|', sharing one key list (each element numbers its unnamed groups from 0,
// as in Express). A [JSRegExp] runs a JavaScript regular expression with
// JavaScript's semantics, as a RegExp path does in Express. A *regexp.Regexp
// is used as it is, with Go's syntax and semantics; its match may start
// anywhere (as RegExp exec) and its groups are the keys (named or numbered).
//
// Paths made of literal segments, ":name" and ":name(class+)" segments, and
// possibly a final "*" or ":name?" segment (the common forms) are matched
// by a single scan without the regular-expression engine, with the same
// result. Every string pattern matches in O(len(path) × len(pattern))
// time, whatever the input: there is no backtracking blow-up (the
// path-to-regexp ReDoS inputs of CVE-2024-45296, CVE-2024-52798 and
// CVE-2026-4867 are tested). Lookaheads are evaluated as position
// assertions. Paths are matched byte by byte, each byte being one
// JavaScript code unit (Node reads the request target as latin1; pattern
// characters above U+00FF never match a byte, except through the i flag's
// case folding). JavaScript features that do not fit in linear time are
// compile errors with Unsupported set: backreferences (\1, \k<name>),
// lookbehind ((?<= and (?<!), RegExp flags
// other than i, and {n,m} repetitions whose expansion exceeds the program
// size limit (20000 instructions). On an error the pattern is nil.
func Compile(path any, opts Options) (*Pattern, error) {
	p, err := compile(path, opts)
	if err != nil {
		return nil, err
	}
	return p, nil
}

func compile(path any, opts Options) (*Pattern, error) {
	p := &Pattern{opts: opts, str: describePath(path)}
	switch v := path.(type) {
	case string:
		return p, p.compileString(v)
	case *regexp.Regexp:
		if v == nil {
			return nil, &PatternError{Path: p.str, Msg: "nil *regexp.Regexp"}
		}
		p.kind = kindGoRegexp
		p.goRe = v
		p.source = v.String()
		p.keys = goRegexpKeys(v)
		p.prefix = goRegexpPrefix(v, !opts.CaseSensitive)
		return p, nil
	case JSRegExp:
		return p, p.compileJSRegExp(v)
	case *JSRegExp:
		if v == nil {
			return nil, &PatternError{Path: p.str, Msg: "nil *JSRegExp"}
		}
		return p, p.compileJSRegExp(*v)
	case []string:
		elems := make([]any, len(v))
		for i, s := range v {
			elems[i] = s
		}
		return p, p.compileArray(elems)
	case []any:
		return p, p.compileArray(v)
	}
	return nil, &PatternError{Path: p.str, Msg: "path must be a string, array of strings, or regular expression"}
}

func (p *Pattern) compileString(path string) error {
	units := toUnits(path)
	var keys []ptrKey
	src := ptrSource(units, &keys, p.opts.Strict, p.opts.End)
	p.source = fromUnits(escapeSource(src))
	re, err := compileRegex(src, !p.opts.CaseSensitive)
	if err != nil {
		return p.wrap(err)
	}
	p.re = re
	p.keys = publicKeys(keys)
	p.prefix = re.prefix
	switch {
	case path == "*":
		p.kind = kindFastStar
		p.prefix = ""
	case path == "/" && !p.opts.End:
		p.kind = kindFastSlash
		p.prefix = ""
	default:
		if ops, ok := segmentOps(path, !p.opts.CaseSensitive, p.opts.Strict); ok && capturingOps(ops) == len(p.keys) {
			p.kind = kindSegments
			p.ops = ops
			p.trailing = strings.HasSuffix(path, "/")
			if segs, _, ok := simpleSegments(path, !p.opts.CaseSensitive); ok {
				p.kind = kindSimple
				p.segs = segs
			}
		}
	}
	return nil
}

func (p *Pattern) compileJSRegExp(v JSRegExp) error {
	ignoreCase := false
	for _, f := range v.Flags {
		switch f {
		case 'i':
			ignoreCase = true
		case 'd':
		default:
			return &PatternError{Path: p.str, Msg: "regular expression flag " + strconv.QuoteRune(f) + " is not supported", Unsupported: true}
		}
	}
	src := toUnits(v.Source)
	p.source = fromUnits(escapeSource(src))
	re, err := compileRegex(src, ignoreCase)
	if err != nil {
		return p.wrap(err)
	}
	p.re, p.prefix = re, re.prefix
	p.keys = publicKeys(jsRegExpKeys(src))
	return nil
}

// jsRegExpKeys names a RegExp's groups as path-to-regexp does.
func jsRegExpKeys(src []uint16) []ptrKey {
	var keys []ptrKey
	n := 0
	scanGroups(src, func(_ int, name []uint16, named bool) {
		if named && len(name) > 0 {
			keys = append(keys, ptrKey{name: fromUnits(name)})
			return
		}
		keys = append(keys, ptrKey{name: strconv.Itoa(n)})
		n++
	})
	return keys
}

func (p *Pattern) wrap(err error) error {
	e := &PatternError{Path: p.str, Source: p.source, Msg: err.Error()}
	if se, ok := err.(*regexSyntaxError); ok && se.unsupported {
		e.Unsupported = true
	}
	return e
}

func publicKeys(keys []ptrKey) []Key {
	out := make([]Key, len(keys))
	for i, k := range keys {
		out[i] = Key{Name: k.name, Optional: k.optional}
	}
	return out
}

// describePath renders a path for messages: strings quoted, regular
// expressions between slashes, arrays in brackets.
func describePath(path any) string {
	switch v := path.(type) {
	case string:
		return strconv.Quote(v)
	case *regexp.Regexp:
		if v == nil {
			return "<nil>"
		}
		return "/" + v.String() + "/"
	case JSRegExp:
		return "/" + v.Source + "/" + v.Flags
	case *JSRegExp:
		if v == nil {
			return "<nil>"
		}
		return "/" + v.Source + "/" + v.Flags
	case []string:
		parts := make([]string, len(v))
		for i, s := range v {
			parts[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []any:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = describePath(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return "<invalid path>"
}

// Keys returns the pattern's keys, in capture order. The slice is shared:
// do not modify it.
func (p *Pattern) Keys() []Key { return p.keys }

// String returns the pattern as given, for messages.
func (p *Pattern) String() string { return p.str }

// Source returns the regular expression the pattern compiles to, as
// JavaScript's RegExp.prototype.source shows it for Express's layer.regexp
// (the Go syntax of a *regexp.Regexp).
func (p *Pattern) Source() string { return p.source }

// FastSlash reports whether the pattern is Express's fast path "/" with
// End false: it matches every path, with an empty matched path and no
// parameters.
func (p *Pattern) FastSlash() bool { return p.kind == kindFastSlash }

// FastStar reports whether the pattern is Express's fast path "*": it
// matches every path, with parameter "0" the whole path.
func (p *Pattern) FastStar() bool { return p.kind == kindFastStar }

// Simple reports whether the pattern is a plain sequence of '/'-separated
// segments, each a literal of ASCII characters without regular-expression
// meaning (lower-cased when the pattern is case-insensitive) or a
// full-segment parameter ":name" (no regular expression, not optional, no
// star), and then returns them (do not modify the slice); trailingSlash
// tells whether the path ends with '/'. "/" has no segments. The fast paths
// ("*", and "/" with End false) are not simple. Match stays the truth.
func (p *Pattern) Simple() (segs []Segment, trailingSlash, ok bool) {
	if p.kind != kindSimple {
		return nil, false, false
	}
	return p.segs, p.trailing, true
}

// LiteralPrefix returns a string every match starts with at offset 0 (ASCII
// lower-cased when the pattern is case-insensitive), or "" when there is
// none or the match may start elsewhere.
func (p *Pattern) LiteralPrefix() string { return p.prefix }

// Match matches path (a URL pathname, never containing '?'). caps must have
// len >= 2*len(Keys()); Match sets caps[2i], caps[2i+1] to the byte offsets
// in path of key i's capture, or -1,-1 when the group did not take part
// (JavaScript undefined). start,end is the span of the whole match
// (match[0]); start is 0 except for unanchored regular expressions. On no
// match caps are unspecified.
//
// String patterns and arrays of them do not allocate (scratch memory is
// pooled per pattern). A *regexp.Regexp pattern, alone or in an array,
// allocates: it runs regexp's FindStringSubmatchIndex.
func (p *Pattern) Match(path string, caps []int32) (start, end int, ok bool) {
	switch p.kind {
	case kindSimple, kindSegments:
		return p.matchSimple(path, caps)
	case kindFastSlash:
		return 0, 0, true
	case kindFastStar:
		caps[0], caps[1] = 0, int32(len(path))
		return 0, len(path), true
	case kindGoRegexp:
		return matchGoRegexp(p.goRe, path, caps, len(p.keys))
	case kindComposite:
		return p.matchComposite(path, caps)
	}
	return p.re.match(path, caps, len(p.keys))
}

// match runs the regex and copies the captures of the first nkeys groups.
func (re *regex) match(path string, caps []int32, nkeys int) (int, int, bool) {
	if !re.hasPrefix(path) {
		return 0, 0, false
	}
	mt := re.pool.Get().(*reMatcher)
	slots := mt.exec(path)
	if slots == nil {
		re.pool.Put(mt)
		return 0, 0, false
	}
	start, end := int(slots[0]), int(slots[1])
	for i := 0; i < nkeys; i++ {
		if g := i + 1; g <= re.groups {
			caps[2*i], caps[2*i+1] = slots[2*g], slots[2*g+1]
		} else {
			caps[2*i], caps[2*i+1] = -1, -1
		}
	}
	re.pool.Put(mt)
	return start, end, true
}
