package directory

import (
	"path/filepath"
	"strings"
	"testing"
)

// FuzzResolve: whatever the decoded request path, a resolved path is root
// or below it (never outside root), and a NUL byte is refused.
func FuzzResolve(f *testing.F) {
	for _, s := range []string{"/", "/sub/", "/../", "/..", "/sub/../../x", "//..//", "/\x00/", "/a/./b/../../..", "..", "/.../", "/sub/..\\..\\", "/rootx/", "/../root2/"} {
		f.Add(s)
	}
	root := filepath.Join(f.TempDir(), "root")
	m := &middleware{root: withSep(root)}
	f.Fuzz(func(t *testing.T, dir string) {
		p, status := m.resolve(dir)
		switch status {
		case 0:
			if c := withSep(filepath.Clean(p)); !strings.HasPrefix(c, m.root) {
				t.Fatalf("resolve(%q) = %q, outside %q", dir, p, m.root)
			}
			if strings.IndexByte(p, 0) >= 0 {
				t.Fatalf("resolve(%q) kept a NUL byte", dir)
			}
		case 400:
			if !strings.Contains(dir, "\x00") {
				t.Fatalf("resolve(%q): 400 without a NUL byte", dir)
			}
		case 403:
		default:
			t.Fatalf("resolve(%q): status %d", dir, status)
		}
	})
}

// TestResolve covers serve-index's malicious path checks.
func TestResolve(t *testing.T) {
	t.Parallel()
	m := &middleware{root: "/srv/root/"}
	for _, tt := range []struct {
		dir    string
		path   string
		status int
	}{
		{"/", "/srv/root/", 0},
		{"/sub", "/srv/root/sub", 0},
		{"/sub/", "/srv/root/sub/", 0},
		{"/sub/../", "/srv/root/", 0},
		{"/../", "", 403},
		{"/..", "", 403},
		{"/../root/", "/srv/root/", 0},
		{"/../rootx/", "", 403},
		{"/sub/../../root2", "", 403},
		{"/a\x00b/", "", 400},
	} {
		p, status := m.resolve(tt.dir)
		if p != tt.path || status != tt.status {
			t.Errorf("resolve(%q) = %q, %d; want %q, %d", tt.dir, p, status, tt.path, tt.status)
		}
	}
}

// TestReplaceJS covers String.prototype.replace's $ patterns.
func TestReplaceJS(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ s, repl, want string }{
		{"a{x}b", "1", "a1b"},
		{"a{x}b{x}", "$$", "a$b$"},
		{"a{x}b", "[$&]", "a[{x}]b"},
		{"a{x}b", "[$`]", "a[a]b"},
		{"a{x}b", "[$']", "a[b]b"},
		{"a{x}b", "$1$", "a$1$b"},
		{"ab", "$&", "ab"},
	} {
		if got := replaceJS(tt.s, "{x}", tt.repl); got != tt.want {
			t.Errorf("replaceJS(%q, %q) = %q, want %q", tt.s, tt.repl, got, tt.want)
		}
	}
}
