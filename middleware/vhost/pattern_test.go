package vhost

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestMatchHostnames checks the matcher on host names, including those
// fasthttp refuses before a handler could see them (the differential
// test skips those) and vhost's own test cases.
func TestMatchHostnames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pattern, host string
		values        []string
		ok            bool
	}{
		{"*", "[", []string{"["}, true}, // hostnameOf("[::1") is "["
		{"*.*.com", "x+y?.(z).com", []string{"x+y?", "(z)"}, true},
		{"*", "a", []string{"a"}, true},
		{"*", "host with space", []string{"host with space"}, true},
		{"tobi.com", "tobi.com", nil, true},
		{"tobi.com", "TOBI.COM", nil, true},
		{"tobi.com", "tobixcom", nil, false},
		{"tobi.com", "tobi.com.", nil, false},
		{"tobi.com", "atobi.com", nil, false},
		{"*.*.com", "user-bob.foo.com", []string{"user-bob", "foo"}, true},
		{"*.*.com", "a.b.c.com", nil, false},
		{"*.example.org", "example.org", nil, false},
		{"ex*le.net", "example.net", []string{"amp"}, true},
		{"ex*le.net", "exle.net", nil, false},
		{"*foo*.test", "xfooyfooz.test", []string{"xfooy", "z"}, true},
		{"*a*a*a*b.io", "aaaaaab.io", nil, false},
		{"*a*a*a*b.io", "xaxaxaxab.io", []string{"x", "x", "x", "xa"}, true},
		{"*a*a*a*b.io", "xaaaaab.io", nil, false},
		{"*a*a*a*b.io", "xaaaaaaab.io", []string{"xa", "a", "a", "a"}, true},
		{"a.*.*.c.local", "a.x.y.c.local", []string{"x", "y"}, true},
		{"*.*", "a.b", []string{"a", "b"}, true},
		{"**", "abc", []string{"ab", "c"}, true},
		{"**", "a", nil, false},
		{"*.", "a.", []string{"a"}, true},
		{"*", "", nil, false},
		{"", "", nil, true},
		{"münchen.de", "m\xfcnchen.de", nil, true},      // Latin-1 ü
		{"münchen.de", "M\xdcNCHEN.DE", nil, true},      // Latin-1 Ü
		{"münchen.de", "m\xc3\xbcnchen.de", nil, false}, // UTF-8 bytes read as Latin-1
		{"k.kelvin", "\u212a.kelvin", nil, false},       // no Unicode folding
		{"s.long", "\u017f.long", nil, false},
		{"\u212a.kelvin", "k.kelvin", nil, false},
		{"ÿ.x", "\xff.x", nil, true},
	}
	for _, tt := range tests {
		values, ok := compilePattern(tt.pattern).match(tt.host)
		if ok != tt.ok || !slices.Equal(values, tt.values) {
			t.Errorf("%q on %q: %q %v, want %q %v", tt.pattern, tt.host, values, ok, tt.values, tt.ok)
		}
	}
}

func TestHostnameOf(t *testing.T) {
	t.Parallel()
	for host, want := range map[string]string{
		"tobi.com": "tobi.com", "tobi.com:3000": "tobi.com", "[::1]:3000": "[::1]", "[::1]": "[::1]",
		"[::1": "[", ":80": "", "a:b:c": "a", "": "", "[]:1": "[]", "x]:y": "x]",
	} {
		if got := hostnameOf(host); got != want {
			t.Errorf("hostnameOf(%q) = %q, want %q", host, got, want)
		}
	}
}

func TestEndAnchored(t *testing.T) {
	t.Parallel()
	for src, want := range map[string]bool{
		"a$": true, `a\$`: false, `a\\$`: true, `a\\\$`: false, "$": true, "a": false, "": false,
	} {
		if got := endAnchored(src); got != want {
			t.Errorf("endAnchored(%q) = %v, want %v", src, got, want)
		}
	}
}

// TestLongHost runs the matcher on a long host name with many wildcards,
// where a backtracking engine takes exponential time; the matcher's work
// is bounded by len(host) × len(pattern).
func TestLongHost(t *testing.T) {
	t.Parallel()
	p := compilePattern(strings.Repeat("*a", 12) + "b")
	host := strings.Repeat("a", 1<<14)
	if _, ok := p.match(host); ok {
		t.Error("matched a host without b")
	}
	if v, ok := p.match(host + "b"); !ok || len(v) != 12 {
		t.Errorf("%d values, %v", len(v), ok)
	}
}

// reference builds the regular expression vhost builds for an ASCII
// pattern, in Go syntax, for the fuzz target.
func reference(pat string) *regexp.Regexp {
	parts := strings.Split(pat, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile(`(?i)^` + strings.Join(parts, `([^.]+)`) + `$`)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// FuzzPattern compares the matcher with the regular expression vhost
// builds, run by Go's regexp (whose leftmost-first submatches are those of
// a backtracking engine), on ASCII patterns and hosts, where Go's case
// folding and JavaScript's agree; on any input the matcher must not panic
// and its values must rebuild the host.
func FuzzPattern(f *testing.F) {
	for _, s := range [][2]string{
		{"*.*.com", "user-bob.foo.com"}, {"*a*a*a*b.io", "xaaaaab.io"}, {"ex*le.net", "exAMPle.net"},
		{"**", "abc"}, {"*.", "a."}, {"münchen.de", "m\xfcnchen.de"}, {"k.kelvin", "\u212a.kelvin"}, {"", ""},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pat, host string) {
		if len(pat) > 64 || len(host) > 256 {
			return
		}
		values, ok := compilePattern(pat).match(host)
		if ok {
			for _, v := range values {
				if v == "" || strings.Contains(v, ".") {
					t.Fatalf("%q on %q: value %q", pat, host, v)
				}
			}
		}
		if !isASCII(pat) || !isASCII(host) {
			return
		}
		m := reference(pat).FindStringSubmatch(host)
		if (m != nil) != ok {
			t.Fatalf("%q on %q: matched %v, regexp %v", pat, host, ok, m != nil)
		}
		if ok && !slices.Equal(values, m[1:]) {
			t.Fatalf("%q on %q: values %q, regexp %q", pat, host, values, m[1:])
		}
	})
}
