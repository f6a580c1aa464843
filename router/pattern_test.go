package router

import (
	"errors"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

var routeOptions = Options{End: true} // Express's options for app.get & co.

// renderMatch matches path and renders the result as Express would see it:
// "path=<match[0]> name=value ..." (undefined params as name=<undefined>),
// or "no match".
func renderMatch(t *testing.T, p *Pattern, path string) string {
	t.Helper()
	caps := make([]int32, 2*len(p.Keys()))
	for i := range caps {
		caps[i] = -7 // Match must write every key
	}
	start, end, ok := p.Match(path, caps)
	if !ok {
		return "no match"
	}
	var b strings.Builder
	b.WriteString("path=" + path[start:end])
	for i, k := range p.Keys() {
		b.WriteString(" " + k.Name + "=")
		s, e := caps[2*i], caps[2*i+1]
		switch {
		case s == -1 && e == -1:
			b.WriteString("<undefined>")
		case s < 0 || e < s || int(e) > len(path):
			t.Fatalf("%s on %q: bad capture [%d %d]", p, path, s, e)
		default:
			b.WriteString(path[s:e])
		}
	}
	return b.String()
}

func compilePattern(t *testing.T, path any, o Options) *Pattern {
	t.Helper()
	p, err := Compile(path, o)
	if err != nil {
		t.Fatalf("Compile(%v): %v", path, err)
	}
	return p
}

// The expected values were checked with path-to-regexp 0.1.13 in Node; the
// corpus test covers many more.
func TestMatchExpressExamples(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern string
		opts    Options
		path    string
		want    string
	}{
		{"/user/:id", routeOptions, "/user/42", "path=/user/42 id=42"},
		{"/user/:id", routeOptions, "/user/42/", "path=/user/42/ id=42"},
		{"/user/:id", Options{End: true, Strict: true}, "/user/42/", "no match"},
		{"/user/:id", Options{}, "/user/42/posts", "path=/user/42 id=42"},
		{"/user/:id", Options{}, "/user/42//x", "path=/user/42/ id=42"},
		{"/user/:id", Options{}, "/user/42x", "path=/user/42x id=42x"},
		{"/user", Options{}, "/userx", "no match"},
		{"/USER/:id", routeOptions, "/user/X", "path=/user/X id=X"},
		{"/USER/:id", Options{End: true, CaseSensitive: true}, "/user/X", "no match"},
		{"/:name.:format?", routeOptions, "/report.pdf", "path=/report.pdf name=report format=pdf"},
		{"/:name.:format?", routeOptions, "/report", "path=/report name=report format=<undefined>"},
		{"/files/*", routeOptions, "/files/a/b.txt", "path=/files/a/b.txt 0=a/b.txt"},
		{"/*/user/:id", routeOptions, "/1/user/2", "path=/1/user/2 0=1 id=2"},
		{"/user/:user*", routeOptions, "/user/tj/a/b", "path=/user/tj/a/b user=tj 0=/a/b"},
		{"/:a-:b", routeOptions, "/x-y-z", "path=/x-y-z a=x-y b=z"},
		{"/api/users/:from..:to", routeOptions, "/api/users/1..50", "path=/api/users/1..50 from=1 to=50"},
		{"/user(s)?/:user/:op", routeOptions, "/users/tj/edit", "path=/users/tj/edit 0=s user=tj op=edit"},
		{"/:id(\\d+)?", routeOptions, "/", "path=/ id=<undefined>"},
		{"/:id(\\d+)", routeOptions, "/abc", "no match"},
		{"/:a?/:b?", routeOptions, "//", "no match"},
		{"/ab?cd", routeOptions, "/acd", "path=/acd"},
		{"/ab+cd", routeOptions, "/abbbcd", "path=/abbbcd"},
		{"/ab*cd", routeOptions, "/abRANDOMcd", "path=/abRANDOMcd 0=RANDOM"},
		{"/ab(cd)?e", routeOptions, "/abe", "path=/abe 0=<undefined>"},
		{"/(foo)?bar", routeOptions, "/foobar", "path=/foobar"},
		{"/flights/:from-:to", routeOptions, "/flights/LAX-SFO", "path=/flights/LAX-SFO from=LAX to=SFO"},
		{"/plantae/:genus.:species", routeOptions, "/plantae/Prunus.persica", "path=/plantae/Prunus.persica genus=Prunus species=persica"},
		{"*", routeOptions, "/anything/at/all", "path=/anything/at/all 0=/anything/at/all"},
		{"/", Options{}, "/anything", "path="},
		{"/", routeOptions, "/", "path=/"},
		{"/", routeOptions, "/x", "no match"},
		{"/a/", Options{Strict: true}, "/a/b", "path=/a/"},
		{"/a", Options{Strict: true}, "/a/b", "path=/a"},
		{"/a", Options{Strict: true}, "/ab", "no match"},
	}
	for _, tt := range tests {
		p := compilePattern(t, tt.pattern, tt.opts)
		if got := renderMatch(t, p, tt.path); got != tt.want {
			t.Errorf("%q %+v on %q: %s, want %s", tt.pattern, tt.opts, tt.path, got, tt.want)
		}
	}
}

func TestKeysAndSource(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path   any
		source string
		keys   []Key
	}{
		{"/user/:id", `^\/user(?:\/([^/]+?))\/?$`, []Key{{Name: "id"}}},
		{"/:id?", `^(?:\/([^/]+?))?\/?$`, []Key{{Name: "id", Optional: true}}},
		{"/:a-:b", `^(?:\/([^/]+?))-(?:((?:(?!\/|-).)+?))\/?$`, []Key{{Name: "a"}, {Name: "b"}}},
		{"/:path*", `^(?:\/([^/]+?)((?:[/].+?)?))\/?$`, []Key{{Name: "path"}, {Name: "0"}}},
		{"/(a)/(b)/:c/(d)", `^\/(?:a)\/(?:b)(?:\/([^/]+?))\/(?:d)\/?$`, []Key{{Name: "c"}}},
		{"/x(a)(b):c(d)", `^\/x(a)(b)(?:(d))\/?$`, []Key{{Name: "0"}, {Name: "1"}, {Name: "c"}}},
		// the backtrack guard copies "/x(a)(b)": its groups become keys too
		{"/x(a)(b):c", `^\/x(a)(b)(?:((?:(?!\/|\/x(a)(b)).)+?))\/?$`, []Key{{Name: "0"}, {Name: "1"}, {Name: "c"}, {Name: "2"}, {Name: "3"}}},
		{"*", `^(.*)\/?$`, []Key{{Name: "0"}}},
		{[]string{"/(a)", "/(b)"}, `^\/(?:a)\/?$|^\/(?:b)\/?$`, []Key{}},
		{[]any{"/x(a)", "/y(b)"}, `^\/x(a)\/?$|^\/y(b)\/?$`, []Key{{Name: "0"}, {Name: "0"}}},
		{[]any{}, `(?:)`, []Key{}},
		{JSRegExp{Source: `^\/(?<id>\d+)\/(x)`}, `^\/(?<id>\d+)\/(x)`, []Key{{Name: "id"}, {Name: "0"}}},
	}
	for _, tt := range tests {
		p, err := Compile(tt.path, routeOptions)
		if err != nil {
			t.Errorf("%v: %v", tt.path, err)
			continue
		}
		if p.Source() != tt.source {
			t.Errorf("%v: source %s, want %s", tt.path, p.Source(), tt.source)
		}
		if len(p.Keys()) != len(tt.keys) || len(tt.keys) > 0 && !reflect.DeepEqual(p.Keys(), tt.keys) {
			t.Errorf("%v: keys %v, want %v", tt.path, p.Keys(), tt.keys)
		}
	}
}

func TestSimple(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path     string
		opts     Options
		segs     []Segment
		trailing bool
		ok       bool
	}{
		{"/", routeOptions, nil, true, true},
		{"/Users/:id", routeOptions, []Segment{{Literal: "users"}, {Literal: "id", Param: true}}, false, true},
		{"/Users/:id", Options{End: true, CaseSensitive: true}, []Segment{{Literal: "Users"}, {Literal: "id", Param: true}}, false, true},
		{"/a.json/b-c/", routeOptions, []Segment{{Literal: "a.json"}, {Literal: "b-c"}}, true, true},
		{"/", Options{}, nil, false, false}, // fast path
		{"*", routeOptions, nil, false, false},
		{"/:id?", routeOptions, nil, false, false},
		{"/:id(\\d+)", routeOptions, nil, false, false},
		{"/:a-:b", routeOptions, nil, false, false},
		{"/a/*", routeOptions, nil, false, false},
		{"/a//b", routeOptions, nil, false, false},
		{"a/b", routeOptions, nil, false, false},
		{"/caf\u00e9", routeOptions, nil, false, false},
		{"/a+b", routeOptions, nil, false, false},
	}
	for _, tt := range tests {
		p := compilePattern(t, tt.path, tt.opts)
		segs, trailing, ok := p.Simple()
		if ok != tt.ok || trailing != tt.trailing || !reflect.DeepEqual(segs, tt.segs) {
			t.Errorf("%q %+v: Simple() = %v %v %v, want %v %v %v", tt.path, tt.opts, segs, trailing, ok, tt.segs, tt.trailing, tt.ok)
		}
	}
}

func TestLiteralPrefix(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path any
		opts Options
		want string
	}{
		{"/Users/:id", routeOptions, "/users/"},
		{"/Users/:id", Options{End: true, CaseSensitive: true}, "/Users/"},
		{"/api/v1.0/x", routeOptions, "/api/v1.0/x"},
		{"/ab?cd", routeOptions, "/a"},
		{"/:id", routeOptions, "/"},
		{"/files/*", routeOptions, "/files/"},
		{"*", routeOptions, ""},
		{"/", Options{}, ""},
		{"", routeOptions, ""},
		{"/a|/b", routeOptions, ""},
		{"/caf\u00e9", routeOptions, "/caf"},
		{"/caf\u00e9", Options{CaseSensitive: true}, "/caf\xe9"},
		{[]string{"/api/a", "/api/b"}, routeOptions, "/api/"},
		{JSRegExp{Source: `^\/api\/(\d+)`}, routeOptions, "/api/"},
		{JSRegExp{Source: `\/api`}, routeOptions, ""},
		{regexp.MustCompile(`^/Api/(\d+)`), routeOptions, "/api/"},
		{regexp.MustCompile(`^/Api/(\d+)`), Options{CaseSensitive: true}, "/Api/"},
		{regexp.MustCompile(`/api`), routeOptions, ""},
	}
	for _, tt := range tests {
		p := compilePattern(t, tt.path, tt.opts)
		if got := p.LiteralPrefix(); got != tt.want {
			t.Errorf("%v %+v: LiteralPrefix %q, want %q", tt.path, tt.opts, got, tt.want)
		}
	}
}

func TestFastPaths(t *testing.T) {
	t.Parallel()
	star := compilePattern(t, "*", Options{CaseSensitive: true, Strict: true})
	if !star.FastStar() || star.FastSlash() {
		t.Error(`"*" is not the fast star`)
	}
	if got := renderMatch(t, star, "weird"); got != "path=weird 0=weird" {
		t.Errorf("fast star: %s", got)
	}
	slash := compilePattern(t, "/", Options{Strict: true})
	if !slash.FastSlash() || slash.FastStar() || len(slash.Keys()) != 0 {
		t.Error(`"/" with End false is not the fast slash`)
	}
	if got := renderMatch(t, slash, "no-leading-slash"); got != "path=" {
		t.Errorf("fast slash: %s", got)
	}
	if p := compilePattern(t, "/", routeOptions); p.FastSlash() {
		t.Error(`"/" with End is not a fast path`)
	}
}

func TestCompileErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		path        any
		unsupported bool
	}{
		{"/(", false},                    // unterminated group
		{"/a)b", false},                  // unmatched ')'
		{"/[a", false},                   // unterminated class
		{"/:a+-:b", false},               // (?!/|+-): nothing to repeat
		{"/a{3,1}", false},               // numbers out of order
		{"/:a(", false},                  // "(" passes through: unterminated group
		{"/a(?", false},                  // invalid group
		{JSRegExp{Source: `a\`}, false},  // \ at end of pattern
		{JSRegExp{Source: `a**`}, false}, // nothing to repeat
		{"/(?<a>x)/(?<a>y)", false},
		{"/x(?<a>y)(?<a>z)", false},               // duplicate group name
		{[]any{"/x(?<a>y)", "/z(?<a>y)"}, false},  // duplicate across the array
		{JSRegExp{Source: `(a)\1`}, true},         // backreference
		{JSRegExp{Source: `(?<n>a)\k<n>`}, true},  // named backreference
		{JSRegExp{Source: `(?<=a)b`}, true},       // lookbehind
		{JSRegExp{Source: `(?<!a)b`}, true},       // negative lookbehind
		{JSRegExp{Source: `a`, Flags: "g"}, true}, // flag
		{JSRegExp{Source: `a{1000000}`}, true},    // too large
		{"/x(a)\\1", true},                        // a backreference in a path
		{42, false},
		{[]any{"/a", 42}, false},
		{(*regexp.Regexp)(nil), false},
	}
	for _, tt := range tests {
		p, err := Compile(tt.path, routeOptions)
		if p != nil {
			t.Errorf("%v: a pattern returned with the error", tt.path)
		}
		var pe *PatternError
		if !errors.As(err, &pe) {
			t.Errorf("%v: error %v, want a *PatternError", tt.path, err)
			continue
		}
		if pe.Unsupported != tt.unsupported {
			t.Errorf("%v: Unsupported %v, want %v (%v)", tt.path, pe.Unsupported, tt.unsupported, err)
		}
		if !strings.HasPrefix(err.Error(), "router: ") {
			t.Errorf("%v: message %q lacks the package prefix", tt.path, err)
		}
	}
}

func TestGoRegexp(t *testing.T) {
	t.Parallel()
	p := compilePattern(t, regexp.MustCompile(`/user/(?P<id>\d+)/(view|edit)?`), routeOptions)
	if want := []Key{{Name: "id"}, {Name: "0"}}; !reflect.DeepEqual(p.Keys(), want) {
		t.Errorf("keys %v, want %v", p.Keys(), want)
	}
	tests := []struct{ path, want string }{
		{"/user/12/view", "path=/user/12/view id=12 0=view"},
		{"/x/user/12/", "path=/user/12/ id=12 0=<undefined>"}, // unanchored, as RegExp exec
		{"/USER/12/", "no match"},                             // used as it is: case-sensitive
	}
	for _, tt := range tests {
		if got := renderMatch(t, p, tt.path); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.path, got, tt.want)
		}
	}
	caps := make([]int32, 4)
	if start, _, ok := p.Match("/x/user/12/", caps); !ok || start != 2 {
		t.Errorf("unanchored match start %d %v, want 2", start, ok)
	}
}

// An array mixing Go regexps is matched as the joined alternation would
// be: leftmost match first, then the earlier element.
func TestArrayWithGoRegexp(t *testing.T) {
	t.Parallel()
	p := compilePattern(t, []any{"/a/:x", regexp.MustCompile(`b(\d)`), []string{"/c(\\d+)", "/:y"}}, routeOptions)
	if want := []Key{{Name: "x"}, {Name: "0"}, {Name: "0"}, {Name: "y"}}; !reflect.DeepEqual(p.Keys(), want) {
		t.Fatalf("keys %v, want %v", p.Keys(), want)
	}
	tests := []struct{ path, want string }{
		{"/a/1", "path=/a/1 x=1 0=<undefined> 0=<undefined> y=<undefined>"},
		{"/B7", "path=/B7 x=<undefined> 0=<undefined> 0=<undefined> y=B7"}, // "/:y" matches at 0, b7 at 1
		{"xxb7/", "path=b7 x=<undefined> 0=7 0=<undefined> y=<undefined>"}, // the array's i flag applies
		{"/c42", "path=/c42 x=<undefined> 0=<undefined> 0=42 y=<undefined>"},
	}
	for _, tt := range tests {
		if got := renderMatch(t, p, tt.path); got != tt.want {
			t.Errorf("%q: %s, want %s", tt.path, got, tt.want)
		}
	}
}

func TestStringAndError(t *testing.T) {
	t.Parallel()
	p := compilePattern(t, []any{"/a", regexp.MustCompile(`b`), JSRegExp{Source: "c", Flags: "i"}}, routeOptions)
	if got, want := p.String(), `["/a", /b/, /c/i]`; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
	_, err := Compile("/(", routeOptions)
	if got, want := err.Error(), `router: invalid path "/(": regular expression /^\/(?:\/?$/: Unterminated group`; got != want {
		t.Errorf("error %q, want %q", got, want)
	}
}
