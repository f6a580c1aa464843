package fast

import (
	"errors"
	"sync/atomic"
	"testing"

	"github.com/fwgo/fw/static"
)

// TestResDownload ports Express 4.22's test/res.download.js. Express's
// paths are relative to its repository; here they are relative to fast/,
// the tests' working directory.
func TestResDownload(t *testing.T) {
	t.Parallel()
	download := func(path, filename string, opts *SendFileOptions) *App {
		return use(func(req *Request, res *Response, next Next) { res.Download(path, filename, opts, nil) })
	}
	// countOK returns a callback counting calls without error.
	countOK := func(n *atomic.Int32) func(error) {
		return func(err error) {
			if err == nil {
				n.Add(1)
			}
		}
	}
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".download(path)", func(t *testing.T) {
			t.Parallel()
			t.Run("should transfer as an attachment", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, download("testdata/fixtures/user.html", "", nil)).do("GET", "/")
				r.expect(t, 200, "<p>{{user.name}}</p>")
				r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				r.expectHeader(t, "Content-Disposition", `attachment; filename="user.html"`)
			})
			t.Run("should accept range requests", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/", func(req *Request, res *Response, next Next) {
					res.Download("testdata/fixtures/user.html", "", nil, nil)
				})
				r := serveTest(t, app).do("GET", "/")
				r.expect(t, 200, "<p>{{user.name}}</p>")
				r.expectHeader(t, "Accept-Ranges", "bytes")
			})
			t.Run("should respond with requested byte range", func(t *testing.T) {
				t.Parallel()
				app := New()
				app.Get("/", func(req *Request, res *Response, next Next) {
					res.Download("testdata/fixtures/user.html", "", nil, nil)
				})
				r := serveTest(t, app).do("GET", "/", "Range", "bytes=0-2")
				r.expect(t, 206, "<p>")
				r.expectHeader(t, "Content-Range", "bytes 0-2/20")
			})
		})

		t.Run(".download(path, filename)", func(t *testing.T) {
			t.Parallel()
			t.Run("should provide an alternate filename", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, download("testdata/fixtures/user.html", "document", nil)).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				r.expectHeader(t, "Content-Disposition", `attachment; filename="document"`)
			})
		})

		t.Run(".download(path, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should invoke the callback", func(t *testing.T) {
				t.Parallel()
				var n atomic.Int32
				app := use(func(req *Request, res *Response, next Next) {
					res.Download("testdata/fixtures/user.html", "", nil, countOK(&n))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				r.expectHeader(t, "Content-Disposition", `attachment; filename="user.html"`)
				if n.Load() != 1 {
					t.Errorf("callback called %d times without error, want 1", n.Load())
				}
			})
			t.Run("async local storage", func(t *testing.T) {
				t.Parallel()
				storeTests(t, func(req *Request, res *Response, name string, cb func(error)) {
					res.Download("testdata/fixtures/"+name, "", nil, cb)
				}, `attachment; filename="name.txt"`)
			})
		})

		t.Run(".download(path, options)", func(t *testing.T) {
			t.Parallel()
			t.Run("should allow options to res.sendFile()", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, download("testdata/fixtures/.name", "", &SendFileOptions{Dotfiles: static.DotfilesAllow, MaxAge: "4h"})).do("GET", "/")
				r.expect(t, 200, "tobi")
				r.expectHeader(t, "Content-Disposition", `attachment; filename=".name"`)
				r.expectHeader(t, "Cache-Control", "public, max-age=14400")
			})
			t.Run(`with "headers" option`, func(t *testing.T) {
				t.Parallel()
				t.Run("should set headers on response", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("testdata/fixtures/user.html", "", &SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}, {"X-Bar", "Foo"}}})).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectHeader(t, "X-Foo", "Bar")
					r.expectHeader(t, "X-Bar", "Foo")
				})
				t.Run("should use last header when duplicated", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("testdata/fixtures/user.html", "", &SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}, {"x-foo", "bar"}}})).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectJoined(t, "X-Foo", "bar")
				})
				t.Run("should override Content-Type", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("testdata/fixtures/user.html", "", &SendFileOptions{Headers: [][2]string{{"Content-Type", "text/x-custom"}}})).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectHeader(t, "Content-Type", "text/x-custom")
				})
				t.Run("should not set headers on 404", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("testdata/fixtures/does-not-exist", "", &SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}}})).do("GET", "/")
					r.expectStatus(t, 404)
					r.expectHeader(t, "X-Foo", "")
				})
				t.Run("when headers contains Content-Disposition", func(t *testing.T) {
					t.Parallel()
					t.Run("should be ignored", func(t *testing.T) {
						t.Parallel()
						r := serveTest(t, download("testdata/fixtures/user.html", "", &SendFileOptions{Headers: [][2]string{{"Content-Disposition", "inline"}}})).do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Content-Disposition", `attachment; filename="user.html"`)
					})
					t.Run("should be ignored case-insensitively", func(t *testing.T) {
						t.Parallel()
						r := serveTest(t, download("testdata/fixtures/user.html", "", &SendFileOptions{Headers: [][2]string{{"content-disposition", "inline"}}})).do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Content-Disposition", `attachment; filename="user.html"`)
					})
				})
			})
			t.Run(`with "root" option`, func(t *testing.T) {
				t.Parallel()
				t.Run("should allow relative path", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("name.txt", "", &SendFileOptions{Root: fixturesDir})).do("GET", "/")
					r.expect(t, 200, "tobi")
					r.expectHeader(t, "Content-Disposition", `attachment; filename="name.txt"`)
				})
				t.Run("should allow up within root", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("fake/../name.txt", "", &SendFileOptions{Root: fixturesDir})).do("GET", "/")
					r.expect(t, 200, "tobi")
					r.expectHeader(t, "Content-Disposition", `attachment; filename="name.txt"`)
				})
				t.Run("should reject up outside root", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("../fixtures/name.txt", "", &SendFileOptions{Root: fixturesDir})).do("GET", "/")
					r.expectStatus(t, 403)
					r.expectHeader(t, "Content-Disposition", "")
				})
				t.Run("should reject reading outside root", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("../name.txt", "", &SendFileOptions{Root: fixturesDir})).do("GET", "/")
					r.expectStatus(t, 403)
					r.expectHeader(t, "Content-Disposition", "")
				})
			})
		})

		t.Run(".download(path, filename, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should invoke the callback", func(t *testing.T) {
				t.Parallel()
				var n atomic.Int32
				app := use(func(req *Request, res *Response, next Next) {
					res.Download("testdata/fixtures/user.html", "document", nil, countOK(&n))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				r.expectHeader(t, "Content-Disposition", `attachment; filename="document"`)
				if n.Load() != 1 {
					t.Errorf("callback called %d times without error, want 1", n.Load())
				}
			})
		})

		t.Run(".download(path, filename, options, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should invoke the callback", func(t *testing.T) {
				t.Parallel()
				var n atomic.Int32
				app := use(func(req *Request, res *Response, next Next) {
					res.Download("testdata/fixtures/user.html", "document", &SendFileOptions{}, countOK(&n))
				})
				r := serveTest(t, app).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				r.expectHeader(t, "Content-Disposition", `attachment; filename="document"`)
				if n.Load() != 1 {
					t.Errorf("callback called %d times without error, want 1", n.Load())
				}
			})
			t.Run("should allow options to res.sendFile()", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, download("testdata/fixtures/.name", "document", &SendFileOptions{Dotfiles: static.DotfilesAllow, MaxAge: "4h"})).do("GET", "/")
				r.expect(t, 200, "tobi")
				r.expectHeader(t, "Content-Disposition", `attachment; filename="document"`)
				r.expectHeader(t, "Cache-Control", "public, max-age=14400")
			})
			t.Run("when options.headers contains Content-Disposition", func(t *testing.T) {
				t.Parallel()
				t.Run("should be ignored", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("testdata/fixtures/user.html", "document", &SendFileOptions{Headers: [][2]string{{"Content-Type", "text/x-custom"}, {"Content-Disposition", "inline"}}})).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectHeader(t, "Content-Type", "text/x-custom")
					r.expectHeader(t, "Content-Disposition", `attachment; filename="document"`)
				})
				t.Run("should be ignored case-insensitively", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, download("testdata/fixtures/user.html", "document", &SendFileOptions{Headers: [][2]string{{"content-type", "text/x-custom"}, {"content-disposition", "inline"}}})).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectHeader(t, "Content-Type", "text/x-custom")
					r.expectHeader(t, "Content-Disposition", `attachment; filename="document"`)
				})
			})
		})

		t.Run("on failure", func(t *testing.T) {
			t.Parallel()
			t.Run("should invoke the callback", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Download("testdata/fixtures/foobar.html", "", nil, func(err error) {
						if err == nil {
							next(errors.New("expected error"))
							return
						}
						res.Send("got " + itoa(StatusCode(err)) + " " + fileErrCode(err))
					})
				})
				serveTest(t, app).do("GET", "/").expect(t, 200, "got 404 ENOENT")
			})
			t.Run("should remove Content-Disposition", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Download("testdata/fixtures/foobar.html", "", nil, func(err error) {
						if err == nil {
							next(errors.New("expected error"))
							return
						}
						res.End("failed")
					})
				})
				r := serveTest(t, app).do("GET", "/")
				r.expect(t, 200, "failed")
				r.expectHeader(t, "Content-Disposition", "")
			})
		})
	})
}
