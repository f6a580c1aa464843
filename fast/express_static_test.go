package fast

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/fwgo/fw/static"
)

// fixturesDir is Express's test/fixtures, copied into testdata/fixtures
// (without the "snow ☃" directory, whose name Go module paths forbid:
// tests that need it make it in a temporary copy, see fixturesCopy).
var fixturesDir = func() string {
	d, err := filepath.Abs("testdata/fixtures")
	if err != nil {
		panic(err)
	}
	return d
}()

// fixture returns the absolute path of a fixture file.
func fixture(name string) string { return filepath.Join(fixturesDir, name) }

// fixturesCopy copies the fixtures into a temporary directory, adds the
// "snow ☃" directory, and pins every modification time to mtime (a zero
// mtime keeps the copies' times).
func fixturesCopy(t testing.TB, mtime ...int64) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.Walk(fixturesDir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(fixturesDir, p)
		target := filepath.Join(dst, rel)
		if fi.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dst, "snow ☃"), 0o755); err != nil {
		t.Fatal(err)
	}
	if len(mtime) > 0 {
		pinMtimes(t, dst, mtime[0])
	}
	return dst
}

func pinMtimes(t testing.TB, dir string, ms int64) {
	t.Helper()
	tm := unixMilli(ms)
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Chtimes(p, tm, tm)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// staticApp is the createApp of Express's express.static tests: the static
// middleware, then a 404 by res.sendStatus.
func staticApp(root string, opts ...StaticOptions) *App {
	app := New()
	app.Use(Static(root, opts...))
	app.Use(func(req *Request, res *Response, next Next) { res.SendStatus(404) })
	return app
}

// TestExpressStatic ports Express 4.22's test/express.static.js.
func TestExpressStatic(t *testing.T) {
	t.Parallel()
	t.Run("express.static()", func(t *testing.T) {
		t.Parallel()
		t.Run("basic operations", func(t *testing.T) {
			t.Parallel()
			s := serveTest(t, staticApp(fixturesDir))
			t.Run("should require root path", func(t *testing.T) {
				t.Parallel()
				expectPanic(t, func() { Static("") }, "root path required")
			})
			t.Run("should serve static files", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/todo.txt").expect(t, 200, "- groceries")
			})
			t.Run("should support nesting", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/users/tobi.txt").expect(t, 200, "ferret")
			})
			t.Run("should set Content-Type", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/todo.txt")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Content-Type", "text/plain; charset=UTF-8")
			})
			t.Run("should set Last-Modified", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/todo.txt")
				r.expectStatus(t, 200)
				r.expectHeaderMatch(t, "Last-Modified", `\d{2} \w{3} \d{4}`)
			})
			t.Run("should default max-age=0", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/todo.txt")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Cache-Control", "public, max-age=0")
			})
			t.Run("should support urlencoded pathnames", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/%25%20of%20dogs.txt").expect(t, 200, "20%")
			})
			t.Run("should not choke on auth-looking URL", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "//todo@txt").expect(t, 404, "Not Found")
			})
			t.Run("should support index.html", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/users/")
				r.expect(t, 200, "<p>tobi, loki, jane</p>")
				r.expectHeaderMatch(t, "Content-Type", "html")
			})
			t.Run("should support ../", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/users/../todo.txt").expect(t, 200, "- groceries")
			})
			t.Run("should support HEAD", func(t *testing.T) {
				t.Parallel()
				r := s.do("HEAD", "/todo.txt")
				r.expect(t, 200, "")
				r.expectHeader(t, "Content-Length", "11")
			})
			t.Run("should skip POST requests", func(t *testing.T) {
				t.Parallel()
				s.do("POST", "/todo.txt").expect(t, 404, "Not Found")
			})
			t.Run("should support conditional requests", func(t *testing.T) {
				t.Parallel()
				etag := s.do("GET", "/todo.txt").header("ETag")
				s.do("GET", "/todo.txt", "If-None-Match", etag).expectStatus(t, 304)
			})
			t.Run("should support precondition checks", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/todo.txt", "If-Match", `"foo"`).expectStatus(t, 412)
			})
			t.Run("should serve zero-length files", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/empty.txt").expect(t, 200, "")
			})
			t.Run("should ignore hidden files", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/.name").expect(t, 404, "Not Found")
			})
		})

		t.Run("current dir", func(t *testing.T) {
			t.Parallel()
			t.Run(`should be served with "."`, func(t *testing.T) {
				t.Parallel()
				// The tests run in fast/, so the fixtures are at
				// testdata/fixtures relative to ".".
				serveTest(t, staticApp(".")).do("GET", "/testdata/fixtures/todo.txt").expect(t, 200, "- groceries")
			})
		})

		t.Run("acceptRanges", func(t *testing.T) {
			t.Parallel()
			t.Run("when false", func(t *testing.T) {
				t.Parallel()
				s := serveTest(t, staticApp(fixturesDir, StaticOptions{AcceptRanges: static.Off}))
				t.Run("should not include Accept-Ranges", func(t *testing.T) {
					t.Parallel()
					r := s.do("GET", "/nums.txt")
					r.expect(t, 200, "123456789")
					r.expectHeader(t, "Accept-Ranges", "")
				})
				t.Run("should ignore Rage request header", func(t *testing.T) {
					t.Parallel()
					r := s.do("GET", "/nums.txt", "Range", "bytes=0-3")
					r.expect(t, 200, "123456789")
					r.expectHeader(t, "Accept-Ranges", "")
					r.expectHeader(t, "Content-Range", "")
				})
			})
			t.Run("when true", func(t *testing.T) {
				t.Parallel()
				s := serveTest(t, staticApp(fixturesDir, StaticOptions{AcceptRanges: static.On}))
				t.Run("should include Accept-Ranges", func(t *testing.T) {
					t.Parallel()
					r := s.do("GET", "/nums.txt")
					r.expect(t, 200, "123456789")
					r.expectHeader(t, "Accept-Ranges", "bytes")
				})
				t.Run("should obey Rage request header", func(t *testing.T) {
					t.Parallel()
					r := s.do("GET", "/nums.txt", "Range", "bytes=0-3")
					r.expect(t, 206, "1234")
					r.expectHeader(t, "Accept-Ranges", "bytes")
					r.expectHeader(t, "Content-Range", "bytes 0-3/9")
				})
			})
		})

		t.Run("cacheControl", func(t *testing.T) {
			t.Parallel()
			t.Run("when false", func(t *testing.T) {
				t.Parallel()
				t.Run("should not include Cache-Control", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, staticApp(fixturesDir, StaticOptions{CacheControl: static.Off})).do("GET", "/nums.txt")
					r.expect(t, 200, "123456789")
					r.expectHeader(t, "Cache-Control", "")
				})
				t.Run("should ignore maxAge", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, staticApp(fixturesDir, StaticOptions{CacheControl: static.Off, MaxAge: 12000})).do("GET", "/nums.txt")
					r.expect(t, 200, "123456789")
					r.expectHeader(t, "Cache-Control", "")
				})
			})
			t.Run("when true", func(t *testing.T) {
				t.Parallel()
				t.Run("should include Cache-Control", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, staticApp(fixturesDir, StaticOptions{CacheControl: static.On})).do("GET", "/nums.txt")
					r.expect(t, 200, "123456789")
					r.expectHeader(t, "Cache-Control", "public, max-age=0")
				})
			})
		})

		t.Run("extensions", func(t *testing.T) {
			t.Parallel()
			t.Run("should be not be enabled by default", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir)).do("GET", "/todo").expectStatus(t, 404)
			})
			t.Run("should be configurable", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir, StaticOptions{Extensions: []string{"txt"}})).
					do("GET", "/todo").expect(t, 200, "- groceries")
			})
			t.Run("should support disabling extensions", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir, StaticOptions{Extensions: nil})).do("GET", "/todo").expectStatus(t, 404)
			})
			t.Run("should support fallbacks", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir, StaticOptions{Extensions: []string{"htm", "html", "txt"}})).
					do("GET", "/todo").expect(t, 200, "<li>groceries</li>")
			})
			t.Run("should 404 if nothing found", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir, StaticOptions{Extensions: []string{"htm", "html", "txt"}})).
					do("GET", "/bob").expectStatus(t, 404)
			})
		})

		t.Run("fallthrough", func(t *testing.T) {
			t.Parallel()
			t.Run("should default to true", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir)).do("GET", "/does-not-exist").expect(t, 404, "Not Found")
			})
			// Express's test makes the root fixtures + "/foobar" x 9999.
			longRoot := fixturesDir
			for i := 0; i < 9999; i++ {
				longRoot += "/foobar"
			}
			t.Run("when true", func(t *testing.T) {
				t.Parallel()
				s := serveTest(t, staticApp(fixturesDir, StaticOptions{Fallthrough: static.On}))
				t.Run("should fall-through when OPTIONS request", func(t *testing.T) {
					t.Parallel()
					s.do("OPTIONS", "/todo.txt").expect(t, 404, "Not Found")
				})
				t.Run("should fall-through when URL malformed", func(t *testing.T) {
					t.Parallel()
					s.do("GET", "/%").expect(t, 404, "Not Found")
				})
				t.Run("should fall-through when traversing past root", func(t *testing.T) {
					t.Parallel()
					s.do("GET", "/users/../../todo.txt").expect(t, 404, "Not Found")
				})
				t.Run("should fall-through when URL too long", func(t *testing.T) {
					t.Parallel()
					serveTest(t, staticApp(longRoot, StaticOptions{Fallthrough: static.On})).
						do("GET", "/").expect(t, 404, "Not Found")
				})
				t.Run("with redirect: true", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, staticApp(fixturesDir, StaticOptions{Fallthrough: static.On, Redirect: static.On}))
					t.Run("should fall-through when directory", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets/").expect(t, 404, "Not Found")
					})
					t.Run("should redirect when directory without slash", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets").expectMatch(t, 301, "Redirecting")
					})
				})
				t.Run("with redirect: false", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, staticApp(fixturesDir, StaticOptions{Fallthrough: static.On, Redirect: static.Off}))
					t.Run("should fall-through when directory", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets/").expect(t, 404, "Not Found")
					})
					t.Run("should fall-through when directory without slash", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets").expect(t, 404, "Not Found")
					})
				})
			})
			t.Run("when false", func(t *testing.T) {
				t.Parallel()
				s := serveTest(t, staticApp(fixturesDir, StaticOptions{Fallthrough: static.Off}))
				t.Run("should 405 when OPTIONS request", func(t *testing.T) {
					t.Parallel()
					r := s.do("OPTIONS", "/todo.txt")
					r.expectStatus(t, 405)
					r.expectHeader(t, "Allow", "GET, HEAD")
				})
				t.Run("should 400 when URL malformed", func(t *testing.T) {
					t.Parallel()
					s.do("GET", "/%").expectMatch(t, 400, "BadRequestError")
				})
				t.Run("should 403 when traversing past root", func(t *testing.T) {
					t.Parallel()
					s.do("GET", "/users/../../todo.txt").expectMatch(t, 403, "ForbiddenError")
				})
				t.Run("should 404 when URL too long", func(t *testing.T) {
					t.Parallel()
					serveTest(t, staticApp(longRoot, StaticOptions{Fallthrough: static.Off})).
						do("GET", "/").expectMatch(t, 404, "ENAMETOOLONG")
				})
				t.Run("with redirect: true", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, staticApp(fixturesDir, StaticOptions{Fallthrough: static.Off, Redirect: static.On}))
					t.Run("should 404 when directory", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets/").expectMatch(t, 404, "NotFoundError|ENOENT")
					})
					t.Run("should redirect when directory without slash", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets").expectMatch(t, 301, "Redirecting")
					})
				})
				t.Run("with redirect: false", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, staticApp(fixturesDir, StaticOptions{Fallthrough: static.Off, Redirect: static.Off}))
					t.Run("should 404 when directory", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets/").expectMatch(t, 404, "NotFoundError|ENOENT")
					})
					t.Run("should 404 when directory without slash", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/pets").expectMatch(t, 404, "NotFoundError|ENOENT")
					})
				})
			})
		})

		t.Run("hidden files", func(t *testing.T) {
			t.Parallel()
			t.Run(`should be served when dotfiles: "allow" is given`, func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir, StaticOptions{Dotfiles: static.DotfilesAllow})).
					do("GET", "/.name").expect(t, 200, "tobi")
			})
		})

		t.Run("immutable", func(t *testing.T) {
			t.Parallel()
			t.Run("should default to false", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir)).do("GET", "/nums.txt").expectHeader(t, "Cache-Control", "public, max-age=0")
			})
			t.Run("should set immutable directive in Cache-Control", func(t *testing.T) {
				t.Parallel()
				serveTest(t, staticApp(fixturesDir, StaticOptions{Immutable: true, MaxAge: "1h"})).
					do("GET", "/nums.txt").expectHeader(t, "Cache-Control", "public, max-age=3600, immutable")
			})
		})

		t.Run("lastModified", func(t *testing.T) {
			t.Parallel()
			t.Run("when false", func(t *testing.T) {
				t.Parallel()
				t.Run("should not include Last-Modified", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, staticApp(fixturesDir, StaticOptions{LastModified: static.Off})).do("GET", "/nums.txt")
					r.expect(t, 200, "123456789")
					r.expectHeader(t, "Last-Modified", "")
				})
			})
			t.Run("when true", func(t *testing.T) {
				t.Parallel()
				t.Run("should include Last-Modified", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, staticApp(fixturesDir, StaticOptions{LastModified: static.On})).do("GET", "/nums.txt")
					r.expect(t, 200, "123456789")
					r.expectHeaderMatch(t, "Last-Modified", `^\w{3}, \d+ \w+ \d+ \d+:\d+:\d+ \w+$`)
				})
			})
		})

		t.Run("maxAge", func(t *testing.T) {
			t.Parallel()
			t.Run("should accept string", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, staticApp(fixturesDir, StaticOptions{MaxAge: "30d"})).do("GET", "/todo.txt")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Cache-Control", "public, max-age=2592000")
			})
			t.Run("should be reasonable when infinite", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, staticApp(fixturesDir, StaticOptions{MaxAge: math.Inf(1)})).do("GET", "/todo.txt")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Cache-Control", "public, max-age=31536000")
			})
		})

		t.Run("redirect", func(t *testing.T) {
			t.Parallel()
			// Express's test rewrites req.originalUrl and req.url from
			// /snow to "/snow ☃" (a raw ☃ cannot be sent); the request
			// here carries it percent-encoded, which is what the rewrite
			// amounts to on the wire.
			root := fixturesCopy(t)
			app := New()
			app.Use(Static(root))
			s := serveTest(t, app)
			t.Run("should redirect directories", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/users")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Location", "/users/")
			})
			t.Run("should include HTML link", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/users")
				r.expectMatch(t, 301, `/users/`)
				r.expectHeader(t, "Location", "/users/")
			})
			t.Run("should redirect directories with query string", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/users?name=john")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Location", "/users/?name=john")
			})
			t.Run("should not redirect to protocol-relative locations", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "//users")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Location", "/users/")
			})
			t.Run("should ensure redirect URL is properly encoded", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/snow%20%E2%98%83")
				r.expectMatch(t, 301, `>Redirecting to /snow%20%E2%98%83/<`)
				r.expectHeader(t, "Location", "/snow%20%E2%98%83/")
				r.expectHeaderMatch(t, "Content-Type", "html")
			})
			t.Run("should respond with default Content-Security-Policy", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/users")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Content-Security-Policy", "default-src 'none'")
			})
			t.Run("should not redirect incorrectly", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/").expectStatus(t, 404)
			})
			t.Run("when false", func(t *testing.T) {
				t.Parallel()
				t.Run("should disable redirect", func(t *testing.T) {
					t.Parallel()
					serveTest(t, staticApp(fixturesDir, StaticOptions{Redirect: static.Off})).do("GET", "/users").expectStatus(t, 404)
				})
			})
		})

		t.Run("setHeaders", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Use(Static(fixturesDir, StaticOptions{SetHeaders: func(res *Response, path string, stat os.FileInfo) {
				res.Set("x-custom", "set")
			}}))
			s := serveTest(t, app)
			t.Run("should get called when sending file", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/nums.txt")
				r.expectStatus(t, 200)
				r.expectHeader(t, "x-custom", "set")
			})
			t.Run("should not get called on 404", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/bogus")
				r.expectStatus(t, 404)
				r.expectHeader(t, "x-custom", "")
			})
			t.Run("should not get called on redirect", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/users")
				r.expectStatus(t, 301)
				r.expectHeader(t, "x-custom", "")
			})
		})

		t.Run("when traversing past root", func(t *testing.T) {
			t.Parallel()
			s := serveTest(t, staticApp(fixturesDir, StaticOptions{Fallthrough: static.Off}))
			t.Run("should catch urlencoded ../", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/users/%2e%2e/%2e%2e/todo.txt").expectStatus(t, 403)
			})
			t.Run("should not allow root path disclosure", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/users/../../fixtures/todo.txt").expectStatus(t, 403)
			})
		})

		t.Run(`when request has "Range" header`, func(t *testing.T) {
			t.Parallel()
			s := serveTest(t, staticApp(fixturesDir))
			t.Run("should support byte ranges", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/nums.txt", "Range", "bytes=0-4").expectBody(t, "12345")
			})
			t.Run("should be inclusive", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/nums.txt", "Range", "bytes=0-0").expectBody(t, "1")
			})
			t.Run("should set Content-Range", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/nums.txt", "Range", "bytes=2-5").expectHeader(t, "Content-Range", "bytes 2-5/9")
			})
			t.Run("should support -n", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/nums.txt", "Range", "bytes=-3").expectBody(t, "789")
			})
			t.Run("should support n-", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/nums.txt", "Range", "bytes=3-").expectBody(t, "456789")
			})
			t.Run(`should respond with 206 "Partial Content"`, func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/nums.txt", "Range", "bytes=0-4").expectStatus(t, 206)
			})
			t.Run("should set Content-Length to the # of octets transferred", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/nums.txt", "Range", "bytes=2-3")
				r.expect(t, 206, "34")
				r.expectHeader(t, "Content-Length", "2")
			})
			t.Run("when last-byte-pos of the range is greater than current length", func(t *testing.T) {
				t.Parallel()
				t.Run("is taken to be equal to one less than the current length", func(t *testing.T) {
					t.Parallel()
					s.do("GET", "/nums.txt", "Range", "bytes=2-50").expectHeader(t, "Content-Range", "bytes 2-8/9")
				})
				t.Run("should adapt the Content-Length accordingly", func(t *testing.T) {
					t.Parallel()
					r := s.do("GET", "/nums.txt", "Range", "bytes=2-50")
					r.expectStatus(t, 206)
					r.expectHeader(t, "Content-Length", "7")
				})
			})
			t.Run("when the first- byte-pos of the range is greater than the current length", func(t *testing.T) {
				t.Parallel()
				t.Run("should respond with 416", func(t *testing.T) {
					t.Parallel()
					s.do("GET", "/nums.txt", "Range", "bytes=9-50").expectStatus(t, 416)
				})
				t.Run("should include a Content-Range header of complete length", func(t *testing.T) {
					t.Parallel()
					r := s.do("GET", "/nums.txt", "Range", "bytes=9-50")
					r.expectStatus(t, 416)
					r.expectHeader(t, "Content-Range", "bytes */9")
				})
			})
			t.Run("when syntactically invalid", func(t *testing.T) {
				t.Parallel()
				t.Run("should respond with 200 and the entire contents", func(t *testing.T) {
					t.Parallel()
					s.do("GET", "/nums.txt", "Range", "asdf").expectBody(t, "123456789")
				})
			})
		})

		t.Run("when index at mount point", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Use("/users", Static(fixture("users")))
			t.Run("should redirect correctly", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, app).do("GET", "/users")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Location", "/users/")
			})
		})

		t.Run("when mounted", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Use("/static", Static(fixturesDir))
			s := serveTest(t, app)
			t.Run("should redirect relative to the originalUrl", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/static/users")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Location", "/static/users/")
			})
			t.Run("should not choke on auth-looking URL", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "//todo@txt").expectStatus(t, 404)
			})
		})

		t.Run(`when mounted "root" as a file`, func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Use("/todo.txt", Static(fixture("todo.txt")))
			s := serveTest(t, app)
			t.Run("should load the file when on trailing slash", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/todo.txt").expect(t, 200, "- groceries")
			})
			t.Run("should 404 when trailing slash", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/todo.txt/").expectStatus(t, 404)
			})
		})

		t.Run("when responding non-2xx or 304", func(t *testing.T) {
			t.Parallel()
			t.Run("should not alter the status", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					res.Status(501)
					next()
				})
				app.Use(Static(fixturesDir))
				serveTest(t, app).do("GET", "/todo.txt").expect(t, 501, "- groceries")
			})
		})

		t.Run("when index file serving disabled", func(t *testing.T) {
			t.Parallel()
			app := New()
			app.Use("/static", Static(fixturesDir, StaticOptions{Index: static.NoIndex}))
			app.Use(func(req *Request, res *Response, next Next) { res.SendStatus(404) })
			s := serveTest(t, app)
			t.Run("should next() on directory", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/static/users/").expect(t, 404, "Not Found")
			})
			t.Run("should redirect to trailing slash", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/static/users")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Location", "/static/users/")
			})
			t.Run("should next() on mount point", func(t *testing.T) {
				t.Parallel()
				s.do("GET", "/static/").expect(t, 404, "Not Found")
			})
			t.Run("should redirect to trailing slash mount point", func(t *testing.T) {
				t.Parallel()
				r := s.do("GET", "/static")
				r.expectStatus(t, 301)
				r.expectHeader(t, "Location", "/static/")
			})
		})
	})
}

func unixMilli(ms int64) time.Time { return time.UnixMilli(ms) }
