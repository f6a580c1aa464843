package fast

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fwgo/fw/static"
)

// The static-file advisories of shared/reference/security-regressions.md,
// one named test each.

// secretTree makes <tmp>/www (served) next to <tmp>/www-secret, with an
// admin directory, a dot-directory and a file in each.
func secretTree(t *testing.T) (www string) {
	t.Helper()
	base := t.TempDir()
	www = filepath.Join(base, "www")
	for _, f := range []string{
		"www/index.html", "www/pub/a.txt", "www/admin/export.csv", "www/.git/config", "www/.env",
		"www-secret/secret.txt", "secret.txt",
	} {
		p := filepath.Join(base, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("content of "+f), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return www
}

// TestStaticCVE2014_6394 is send's traversal into a sibling of the root
// (root "www", files in "www-secret") and its variants: never served,
// 403 when the path has a ".." segment.
func TestStaticCVE2014_6394(t *testing.T) {
	t.Parallel()
	www := secretTree(t)
	s := serveTest(t, staticApp(www, StaticOptions{Fallthrough: static.Off}))
	for _, target := range []string{
		"/../www-secret/secret.txt", "/..%2fwww-secret/secret.txt", "/%2e%2e/www-secret/secret.txt",
		"/pub/../../www-secret/secret.txt", "/pub/%2e%2e/%2e%2e/secret.txt", "/%2e%2e%2f%2e%2e%2fsecret.txt",
		"/pub/..%2F..%2Fsecret.txt", "/./../secret.txt", "/pub/../../secret.txt",
	} {
		r := s.do("GET", target)
		if r.status != 403 || strings.Contains(r.body, "content of") {
			t.Errorf("GET %s: %d %q, want 403", target, r.status, r.body)
		}
	}
	s.do("GET", "/pub/../pub/a.txt").expect(t, 200, "content of www/pub/a.txt")
}

// TestStaticCVE2015_8859 is send's disclosure of the root in error
// messages: no error page names the root, in development mode (stacks
// shown) or production.
func TestStaticCVE2015_8859(t *testing.T) {
	t.Parallel()
	www := secretTree(t)
	long := "/" + strings.Repeat("a", 300)
	for _, env := range []string{"development", "production"} {
		app := New()
		app.Set("env", env)
		app.Use(Static(www, StaticOptions{Fallthrough: static.Off, Dotfiles: static.DotfilesDeny}))
		s := serveTest(t, app)
		for _, tc := range []struct {
			target string
			status int
		}{
			{"/missing.txt", 404}, {"/pub/missing/", 404}, {long, 404}, {"/pub/a.txt/x", 404},
			{"/../x", 403}, {"/.env", 403}, {"/%", 400}, {"/a%00b", 400},
		} {
			r := s.do("GET", tc.target)
			if r.status != tc.status {
				t.Errorf("%s GET %s: status %d, want %d", env, tc.target, r.status, tc.status)
			}
			if strings.Contains(r.body, www) || strings.Contains(r.body, filepath.Dir(www)) {
				t.Errorf("%s GET %s: the body discloses the root: %q", env, tc.target, r.body)
			}
		}
	}
}

// TestStaticCVE2015_1164 is serve-static's open redirect: a directory
// redirect never yields a protocol-relative Location.
func TestStaticCVE2015_1164(t *testing.T) {
	t.Parallel()
	www := secretTree(t)
	app := New()
	app.Use(Static(www))
	app.Use("/static", Static(www))
	s := serveTest(t, app)
	for target, want := range map[string]string{
		"//evil.com/%2e%2e":         "/evil.com/%2e%2e/",
		"//pub":                     "/pub/",
		"///pub":                    "/pub/",
		"//pub?x=//evil.com":        "/pub/?x=//evil.com",
		"/static//pub":              "/static//pub/",
		"//static/pub":              "/static/pub/",
		"/%2F/evil.com/%2e%2e":      "/%2F/evil.com/%2e%2e/",
		"/pub%2F%2F..%2F..%2Fadmin": "/pub%2F%2F..%2F..%2Fadmin/",
	} {
		r := s.do("GET", target)
		loc := r.header("Location")
		if r.status == 301 && (strings.HasPrefix(loc, "//") || loc != want) {
			t.Errorf("GET %s: Location %q, want %q", target, loc, want)
		}
		if r.status != 301 && r.status != 404 && r.status != 403 {
			t.Errorf("GET %s: status %d", target, r.status)
		}
	}
	r := s.do("GET", "//evil.com/%2e%2e")
	r.expectStatus(t, 301)
	r.expectHeader(t, "Location", "/evil.com/%2e%2e/")
}

// TestStaticCVE2024_43800 is serve-static's (and send's, CVE-2024-43799)
// redirect body: the location is HTML-escaped, there is no link, the
// Content-Security-Policy forbids everything, and HEAD gets no body.
func TestStaticCVE2024_43800(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := `x"><script>alert(1)<`
	if err := os.Mkdir(filepath.Join(root, dir), 0o755); err != nil {
		t.Fatal(err)
	}
	app := New()
	app.Use(Static(root))
	s := serveTest(t, app)
	target := "/x%22%3E%3Cscript%3Ealert(1)%3C?a=%3Cb%3E"
	r := s.do("GET", target)
	r.expectStatus(t, 301)
	r.expectHeader(t, "Location", "/x%22%3E%3Cscript%3Ealert(1)%3C/?a=%3Cb%3E")
	r.expectHeader(t, "Content-Security-Policy", "default-src 'none'")
	r.expectHeader(t, "X-Content-Type-Options", "nosniff")
	if strings.Contains(r.body, "<script") || strings.Contains(r.body, "<a") || strings.Contains(r.body, "href") {
		t.Errorf("body %q", r.body)
	}
	if !strings.Contains(r.body, "<pre>Redirecting to /x%22%3E%3Cscript%3Ealert(1)%3C/?a=%3Cb%3E</pre>") {
		t.Errorf("body %q", r.body)
	}
	// A raw quote or angle bracket that reached the Location would be
	// escaped in the body.
	r = s.do("GET", `/x"><script>alert(1)<`)
	if strings.Contains(r.body, "<script") {
		t.Errorf("raw target: body %q", r.body)
	}
	h := s.do("HEAD", target)
	h.expectStatus(t, 301)
	if h.body != "" {
		t.Errorf("HEAD body %q", h.body)
	}
}

// TestStaticFasthttpCVE2022_21221 is fasthttp's backslash traversal
// (and its follow-ups): on Linux a backslash is a file name byte, but a
// ".." between backslashes is refused as send refuses it, and nothing
// outside the root is served.
func TestStaticFasthttpCVE2022_21221(t *testing.T) {
	t.Parallel()
	www := secretTree(t)
	s := serveTest(t, staticApp(www, StaticOptions{Fallthrough: static.Off}))
	for _, target := range []string{
		"/..%5csecret.txt", "/..%5c..%5csecret.txt", `/\../secret.txt`, `/pub\..\..\secret.txt`,
		"/%5c..%5csecret.txt", `/..\www-secret\secret.txt`, "/pub/..%5c..%5cwww-secret/secret.txt",
	} {
		r := s.do("GET", target)
		if r.status != 403 {
			t.Errorf("GET %s: %d %q, want 403", target, r.status, r.body)
		}
	}
	for _, target := range []string{"/pub/a.txt:secret", "/pub/a.txt::$DATA", "/%5cpub%5ca.txt"} {
		r := s.do("GET", target)
		if r.status != 404 {
			t.Errorf("GET %s: %d %q, want 404", target, r.status, r.body)
		}
	}
}

// TestStaticVulndb4950 is the double decoding of golang/vulndb#4950: the
// path is decoded exactly once, so "%2561dmin" names the file "%61dmin",
// not "admin" past an /admin guard.
func TestStaticVulndb4950(t *testing.T) {
	t.Parallel()
	www := secretTree(t)
	app := New()
	app.Use("/admin", func(req *Request, res *Response, next Next) { res.SendStatus(401) })
	app.Use(Static(www))
	s := serveTest(t, app)
	s.do("GET", "/admin/export.csv").expectStatus(t, 401)
	s.do("GET", "/%2561dmin/export.csv").expectStatus(t, 404)
	s.do("GET", "/%252e%252e/secret.txt").expectStatus(t, 404)
}

// TestStaticDotfilesAndBadPaths are the other rows of send's advisories:
// NUL (400), malformed escapes (400), a too long name (404), and the
// dotfile rules, dot-directories included.
func TestStaticDotfilesAndBadPaths(t *testing.T) {
	t.Parallel()
	www := secretTree(t)
	strict := serveTest(t, staticApp(www, StaticOptions{Fallthrough: static.Off}))
	strict.do("GET", "/pub/a.txt%00.html").expectStatus(t, 400)
	strict.do("GET", "/%00").expectStatus(t, 400)
	strict.do("GET", "/pub/%zz").expectStatus(t, 400)
	strict.do("GET", "/pub/%E0%A4%A").expectStatus(t, 400)
	strict.do("GET", "/pub/%C0%AE%C0%AE/secret.txt").expectStatus(t, 400)
	strict.do("GET", "/"+strings.Repeat("x", 1000)).expectMatch(t, 404, "ENAMETOOLONG")
	// send's default: a dotfile is ignored, a file in a dot-directory is not
	strict.do("GET", "/.env").expectStatus(t, 404)
	strict.do("GET", "/.git/config").expect(t, 200, "content of www/.git/config")
	for _, tc := range []struct {
		dotfiles static.Dotfiles
		status   int
	}{{static.DotfilesIgnore, 404}, {static.DotfilesDeny, 403}, {static.DotfilesAllow, 200}} {
		s := serveTest(t, staticApp(www, StaticOptions{Fallthrough: static.Off, Dotfiles: tc.dotfiles}))
		for _, target := range []string{"/.env", "/.git/config", "/pub/../.git/config", "/%2egit/config"} {
			if r := s.do("GET", target); r.status != tc.status {
				t.Errorf("dotfiles %d GET %s: %d, want %d", tc.dotfiles, target, r.status, tc.status)
			}
		}
	}
}

// TestStaticFiberGHSA_m3c2_496v_cw3v is Fiber's traversal through
// "%5C..%5C" checked before decoding: the path is decoded once and then
// checked, so an encoded backslash around ".." is refused (403) like a
// slash, in every case and mount, and a doubly encoded one is a file name
// ("%5C..%5C" literally), not found.
func TestStaticFiberGHSA_m3c2_496v_cw3v(t *testing.T) {
	t.Parallel()
	www := secretTree(t)
	app := New()
	app.Use("/static", Static(www, StaticOptions{Fallthrough: static.Off}))
	app.Use(Static(www, StaticOptions{Fallthrough: static.Off}))
	s := serveTest(t, app)
	for _, target := range []string{
		"/%5C..%5Csecret.txt", "/%5c..%5csecret.txt", "/pub%5C..%5C..%5Csecret.txt", "/pub/%5C..%5C..%5Csecret.txt",
		"/%5C%2e%2e%5Csecret.txt", "/static/%5C..%5C..%5Csecret.txt", "/static%5C..%5Csecret.txt",
		"/%5C..%5Cwww-secret%5Csecret.txt", "/..%5C..%5Cwww-secret/secret.txt",
	} {
		r := s.do("GET", target)
		if strings.Contains(r.body, "content of") || (r.status != 403 && r.status != 404) {
			t.Errorf("GET %s: %d %q, want 403 or 404 without the file", target, r.status, r.body)
		}
		if r.status == 404 && !strings.HasPrefix(target, "/static%5C") {
			t.Errorf("GET %s: 404, want 403", target)
		}
	}
	for _, target := range []string{"/%255C..%255Csecret.txt", "/pub%255C..%255C..%255Csecret.txt"} {
		if r := s.do("GET", target); r.status != 404 {
			t.Errorf("GET %s: %d, want 404", target, r.status)
		}
	}
	s.do("GET", "/static/pub/a.txt").expect(t, 200, "content of www/pub/a.txt")
}
