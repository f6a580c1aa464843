package static

import (
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

// nodeCases are Node 20's and ms 2.1.3's answers, recorded by
// testdata/gen.js.
type nodeCases struct {
	Normalize [][2]string `json:"normalize"`
	Extname   [][2]string `json:"extname"`
	MS        [][2]any    `json:"ms"`
}

func loadNodeCases(t *testing.T) nodeCases {
	t.Helper()
	b, err := os.ReadFile("testdata/cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var c nodeCases
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestNormalizeMatchesNode(t *testing.T) {
	t.Parallel()
	c := loadNodeCases(t)
	if len(c.Normalize) < 1000 {
		t.Fatalf("only %d cases", len(c.Normalize))
	}
	for _, tc := range c.Normalize {
		if got := string(appendNormalize(nil, tc[0])); got != tc[1] {
			t.Errorf("normalize(%q) = %q, Node says %q", tc[0], got, tc[1])
		}
	}
}

func TestExtnameMatchesNode(t *testing.T) {
	t.Parallel()
	for _, tc := range loadNodeCases(t).Extname {
		if got := hasExtname(tc[0]); got != (tc[1] != "") {
			t.Errorf("hasExtname(%q) = %v, Node's extname is %q", tc[0], got, tc[1])
		}
	}
}

func TestParseMSMatchesMS(t *testing.T) {
	t.Parallel()
	for _, tc := range loadNodeCases(t).MS {
		s := tc[0].(string)
		got, ok := ParseMS(s)
		switch want := tc[1].(type) {
		case nil:
			if ok {
				t.Errorf("ParseMS(%q) = %v, ms says undefined", s, got)
			}
		case float64:
			if !ok || got != want {
				t.Errorf("ParseMS(%q) = %v %v, ms says %v", s, got, ok, want)
			}
		case string:
			if !ok || !math.IsInf(got, 1) || want != "Infinity" {
				t.Errorf("ParseMS(%q) = %v %v, ms says %v", s, got, ok, want)
			}
		}
	}
}

func TestMaxAgeMillis(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   any
		want float64
	}{
		{nil, 0}, {"", 0}, {0, 0}, {20000, 20000}, {-20000, 0}, {21911.23, 21911.23},
		{99999999999, maxMaxAge}, {math.Inf(1), maxMaxAge}, {math.NaN(), 0}, {"30d", 30 * msDay},
		{"bogus", 0}, {int64(5), 5}, {uint8(7), 7}, {float32(1.5), 1.5}, {3600 * 1e9 * 1.0, maxMaxAge},
	} {
		got, err := MaxAgeMillis(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("MaxAgeMillis(%v) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	if _, err := MaxAgeMillis(true); err == nil {
		t.Error("MaxAgeMillis(true) should fail")
	}
}

func TestHasUpSegment(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"..", true}, {"../a", true}, {"a/..", true}, {"a/../b", true}, {"..\\a", true}, {"a\\..", true},
		{"a\\..\\b", true}, {"...", false}, {"..a", false}, {"a..", false}, {"a/..b", false}, {"", false},
		{".", false}, {"a/b", false}, {"/..", true},
	} {
		if got := hasUpSegment(tc.in); got != tc.want {
			t.Errorf("hasUpSegment(%q) = %v", tc.in, got)
		}
	}
}

func TestContainsDotFile(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{".", false}, {"./", false}, {"", false}, {".a", true}, {"a/.b", true}, {"a/.b/c", true},
		{"a/b.", false}, {"/a/.b", true}, {"a/./b", false},
	} {
		if got := containsDotFile(tc.in); got != tc.want {
			t.Errorf("containsDotFile(%q) = %v", tc.in, got)
		}
	}
}

// resolveFor runs the path resolution of Send for a URL path.
func resolveFor(s *Sender, urlPath string) (string, int) {
	sc := &scratch{}
	r := s.pipeResolve(sc, urlPath, true)
	return r.full, r.status
}

func FuzzResolveStaysInRoot(f *testing.F) {
	for _, seed := range []string{
		"/", "", "/a/b", "/../x", "/%2e%2e/x", "/a/%2e%2e/%2e%2e/x", "//evil.com/%2e%2e", "/..%5cx",
		"/%5c..%5cx", "/a\\..\\..\\x", "/%00", "/%", "/%c0%ae%c0%ae/x", "/users/../../todo.txt",
		"/.hidden", "/a/.b/c", "/%2F%2F..%2F", "/..%2f..%2fetc/passwd", "/./././..", "/a//..//..//b",
	} {
		f.Add(seed)
	}
	roots := []*Sender{}
	for _, root := range []string{"/srv/www", "/", "/srv/www-secret"} {
		s, err := NewSender(Config{Root: root, Dotfiles: DotfilesAllow})
		if err != nil {
			f.Fatal(err)
		}
		roots = append(roots, s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		for _, s := range roots {
			full, status := resolveFor(s, p)
			if status != 0 {
				continue
			}
			root := s.o.root
			if !(full == root || strings.HasPrefix(full, strings.TrimSuffix(root, "/")+"/")) {
				t.Fatalf("root %q, path %q resolved to %q", root, p, full)
			}
			for _, seg := range strings.Split(full, "/") {
				if seg == ".." {
					t.Fatalf("root %q, path %q resolved to %q with a .. segment", root, p, full)
				}
			}
		}
	})
}

// FuzzFastPathsMatchNormalize checks the shortcuts of resolve against
// Node's normalize: cleanRelative(p) is normalize('./' + p) when it
// applies, and appendUnder(root, rel) is path.join(root, rel).
func FuzzFastPathsMatchNormalize(f *testing.F) {
	for _, s := range []string{"/", "/a", "/a/", "/a//b", "/./a", "/a/.", "/.a/b", "/a/../b", "//", "/a/b/c.txt", "/..", "/...", "/a/.."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		if rel, ok := cleanRelative(p); ok {
			if want := string(appendNormalize(nil, "./"+p)); rel != want {
				t.Fatalf("cleanRelative(%q) = %q, normalize says %q", p, rel, want)
			}
		}
		norm := string(appendNormalize(nil, "./"+p))
		if hasUpSegment(norm) {
			return
		}
		for _, root := range []string{"/", "/srv/www"} {
			got := string(appendUnder(nil, root, norm))
			var want []byte
			want, _ = appendJoin(nil, nil, root, norm)
			if got != string(want) {
				t.Fatalf("appendUnder(%q, %q) = %q, join says %q", root, norm, got, want)
			}
		}
	})
}
