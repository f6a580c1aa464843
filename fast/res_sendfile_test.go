package fast

import (
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fwgo/fw/static"
)

// sendFileApp is the createApp of Express's res.sendFile tests.
func sendFileApp(path string, opts *SendFileOptions, cb func(res *Response) func(error)) *App {
	return use(func(req *Request, res *Response, next Next) {
		var fn func(error)
		if cb != nil {
			fn = cb(res)
		}
		res.SendFile(path, opts, fn)
	})
}

// fileErrCode returns the Node code of a send error ("ENOENT").
func fileErrCode(err error) string {
	var e *static.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// abortedRequest sends a request and closes the connection at once, as
// supertest's req.abort(); it waits for the handler to finish.
func abortedRequest(t *testing.T, s *testServer, done <-chan struct{}) {
	t.Helper()
	conn, err := s.ln.Dial()
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(conn, "GET / HTTP/1.1\r\nHost: example.com\r\n\r\n")
	conn.Close()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("handler did not run")
	}
}

// TestResSendFile ports the res.sendFile and res.sendfile cases of
// Express 4.22's test/res.sendFile.js.
func TestResSendFile(t *testing.T) {
	t.Parallel()
	t.Run("res", func(t *testing.T) {
		t.Parallel()
		t.Run(".sendFile(path)", func(t *testing.T) {
			t.Parallel()
			t.Run("should error missing path", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendFileApp("", nil, nil)).do("GET", "/").expectMatch(t, 500, `path.*required`)
			})
			t.Run("should error for non-absolute path", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendFileApp("name.txt", nil, nil)).do("GET", "/").expectMatch(t, 500, `TypeError: path must be absolute`)
			})
			t.Run("should transfer a file", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendFileApp(fixture("name.txt"), nil, nil)).do("GET", "/").expect(t, 200, "tobi")
			})
			t.Run("should transfer a file with special characters in string", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendFileApp(fixture("% of dogs.txt"), nil, nil)).do("GET", "/").expect(t, 200, "20%")
			})
			t.Run("should include ETag", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, sendFileApp(fixture("name.txt"), nil, nil)).do("GET", "/")
				r.expect(t, 200, "tobi")
				r.expectHeaderMatch(t, "ETag", `^(?:W/)?"[^"]+"$`)
			})
			t.Run("should 304 when ETag matches", func(t *testing.T) {
				t.Parallel()
				s := serveTest(t, sendFileApp(fixture("name.txt"), nil, nil))
				r := s.do("GET", "/")
				r.expect(t, 200, "tobi")
				r.expectHeaderMatch(t, "ETag", `^(?:W/)?"[^"]+"$`)
				s.do("GET", "/", "If-None-Match", r.header("ETag")).expectStatus(t, 304)
			})
			t.Run("should 404 for directory", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendFileApp(fixture("blog"), nil, nil)).do("GET", "/").expectStatus(t, 404)
			})
			t.Run("should 404 when not found", func(t *testing.T) {
				t.Parallel()
				app := sendFileApp(fixture("does-no-exist"), nil, nil)
				app.Use(func(req *Request, res *Response, next Next) {
					res.Status(200)
					res.Send("no!")
				})
				serveTest(t, app).do("GET", "/").expectStatus(t, 404)
			})
			t.Run("should send cache-control by default", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, sendFileApp(fixture("name.txt"), nil, nil)).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectHeader(t, "Cache-Control", "public, max-age=0")
			})
			t.Run("should not serve dotfiles by default", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendFileApp(fixture(".name"), nil, nil)).do("GET", "/").expectStatus(t, 404)
			})
			t.Run("should not override manual content-types", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.ContentType("application/x-bogus")
					res.SendFile(fixture("name.txt"), nil, nil)
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "application/x-bogus")
			})
			t.Run("should not error if the client aborts", func(t *testing.T) {
				t.Parallel()
				var errs atomic.Int32
				done := make(chan struct{})
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					defer close(done)
					res.SendFile(fixture("name.txt"), nil, nil)
				})
				app.Use(func(err error, req *Request, res *Response, next Next) {
					errs.Add(1)
					next(err)
				})
				abortedRequest(t, serveTest(t, app), done)
				if n := errs.Load(); n != 0 {
					t.Errorf("the error handler ran %d times", n)
				}
			})
		})

		t.Run(".sendFile(path, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should invoke the callback when complete", func(t *testing.T) {
				t.Parallel()
				var calls atomic.Int32
				app := sendFileApp(fixture("name.txt"), nil, func(res *Response) func(error) {
					return func(err error) {
						if err == nil {
							calls.Add(1)
						}
					}
				})
				serveTest(t, app).do("GET", "/").expectStatus(t, 200)
				if calls.Load() != 1 {
					t.Errorf("callback called %d times without error, want 1", calls.Load())
				}
			})
			t.Run("should invoke the callback without error when HEAD", func(t *testing.T) {
				t.Parallel()
				var calls atomic.Int32
				app := sendFileApp(fixture("name.txt"), nil, func(res *Response) func(error) {
					return func(err error) {
						if err == nil {
							calls.Add(1)
						}
					}
				})
				serveTest(t, app).do("HEAD", "/").expectStatus(t, 200)
				if calls.Load() != 1 {
					t.Errorf("callback called %d times without error, want 1", calls.Load())
				}
			})
			t.Run("should invoke the callback without error when 304", func(t *testing.T) {
				t.Parallel()
				var calls atomic.Int32
				app := sendFileApp(fixture("name.txt"), nil, func(res *Response) func(error) {
					return func(err error) {
						if err == nil {
							calls.Add(1)
						}
					}
				})
				s := serveTest(t, app)
				r := s.do("GET", "/")
				r.expect(t, 200, "tobi")
				r.expectHeaderMatch(t, "ETag", `^(?:W/)?"[^"]+"$`)
				s.do("GET", "/", "If-None-Match", r.header("ETag")).expectStatus(t, 304)
				if calls.Load() != 2 {
					t.Errorf("callback called %d times without error, want 2", calls.Load())
				}
			})
			t.Run("should invoke the callback on 404", func(t *testing.T) {
				t.Parallel()
				app := sendFileApp(fixture("does-not-exist"), nil, func(res *Response) func(error) {
					return func(err error) {
						if err != nil {
							res.Send("got " + itoa(StatusCode(err)) + " error")
						} else {
							res.Send("no error")
						}
					}
				})
				serveTest(t, app).do("GET", "/").expect(t, 200, "got 404 error")
			})
			t.Run("async local storage", func(t *testing.T) {
				t.Parallel()
				storeTests(t, func(req *Request, res *Response, name string, cb func(error)) {
					res.SendFile(fixture(name), nil, cb)
				}, "")
			})
		})

		t.Run(".sendFile(path, options)", func(t *testing.T) {
			t.Parallel()
			t.Run("should pass options to send module", func(t *testing.T) {
				t.Parallel()
				end := int64(1)
				serveTest(t, sendFileApp(fixture("name.txt"), &SendFileOptions{Start: 0, End: &end}, nil)).
					do("GET", "/").expect(t, 200, "to")
			})
			t.Run(`with "acceptRanges" option`, func(t *testing.T) {
				t.Parallel()
				t.Run("when true", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, sendFileApp(fixture("nums.txt"), &SendFileOptions{AcceptRanges: static.On}, nil))
					t.Run("should advertise byte range accepted", func(t *testing.T) {
						t.Parallel()
						r := s.do("GET", "/")
						r.expect(t, 200, "123456789")
						r.expectHeader(t, "Accept-Ranges", "bytes")
					})
					t.Run("should respond to range request", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/", "Range", "bytes=0-4").expect(t, 206, "12345")
					})
				})
				t.Run("when false", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, sendFileApp(fixture("nums.txt"), &SendFileOptions{AcceptRanges: static.Off}, nil))
					t.Run("should not advertise accept-ranges", func(t *testing.T) {
						t.Parallel()
						r := s.do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Accept-Ranges", "")
					})
					t.Run("should not honor range requests", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/", "Range", "bytes=0-4").expect(t, 200, "123456789")
					})
				})
			})
			t.Run(`with "cacheControl" option`, func(t *testing.T) {
				t.Parallel()
				t.Run("when true", func(t *testing.T) {
					t.Parallel()
					t.Run("should send cache-control header", func(t *testing.T) {
						t.Parallel()
						r := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{CacheControl: static.On}, nil)).do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Cache-Control", "public, max-age=0")
					})
				})
				t.Run("when false", func(t *testing.T) {
					t.Parallel()
					t.Run("should not send cache-control header", func(t *testing.T) {
						t.Parallel()
						r := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{CacheControl: static.Off}, nil)).do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Cache-Control", "")
					})
				})
			})
			t.Run(`with "dotfiles" option`, func(t *testing.T) {
				t.Parallel()
				t.Run(`when "allow"`, func(t *testing.T) {
					t.Parallel()
					t.Run("should allow dotfiles", func(t *testing.T) {
						t.Parallel()
						serveTest(t, sendFileApp(fixture(".name"), &SendFileOptions{Dotfiles: static.DotfilesAllow}, nil)).
							do("GET", "/").expect(t, 200, "tobi")
					})
				})
				t.Run(`when "deny"`, func(t *testing.T) {
					t.Parallel()
					t.Run("should deny dotfiles", func(t *testing.T) {
						t.Parallel()
						serveTest(t, sendFileApp(fixture(".name"), &SendFileOptions{Dotfiles: static.DotfilesDeny}, nil)).
							do("GET", "/").expectMatch(t, 403, "Forbidden")
					})
				})
				t.Run(`when "ignore"`, func(t *testing.T) {
					t.Parallel()
					t.Run("should ignore dotfiles", func(t *testing.T) {
						t.Parallel()
						serveTest(t, sendFileApp(fixture(".name"), &SendFileOptions{Dotfiles: static.DotfilesIgnore}, nil)).
							do("GET", "/").expectMatch(t, 404, "Not Found")
					})
				})
			})
			t.Run(`with "headers" option`, func(t *testing.T) {
				t.Parallel()
				t.Run("should set headers on response", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}, {"X-Bar", "Foo"}}}, nil)).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectHeader(t, "X-Foo", "Bar")
					r.expectHeader(t, "X-Bar", "Foo")
				})
				t.Run("should use last header when duplicated", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}, {"x-foo", "bar"}}}, nil)).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectJoined(t, "X-Foo", "bar")
				})
				t.Run("should override Content-Type", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{Headers: [][2]string{{"Content-Type", "text/x-custom"}}}, nil)).do("GET", "/")
					r.expectStatus(t, 200)
					r.expectHeader(t, "Content-Type", "text/x-custom")
				})
				t.Run("should not set headers on 404", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, sendFileApp(fixture("does-not-exist"), &SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}}}, nil)).do("GET", "/")
					r.expectStatus(t, 404)
					r.expectHeader(t, "X-Foo", "")
				})
			})
			t.Run(`with "immutable" option`, func(t *testing.T) {
				t.Parallel()
				t.Run("when true", func(t *testing.T) {
					t.Parallel()
					t.Run("should send cache-control header with immutable", func(t *testing.T) {
						t.Parallel()
						r := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{Immutable: true}, nil)).do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Cache-Control", "public, max-age=0, immutable")
					})
				})
				t.Run("when false", func(t *testing.T) {
					t.Parallel()
					t.Run("should not send cache-control header with immutable", func(t *testing.T) {
						t.Parallel()
						r := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{Immutable: false}, nil)).do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Cache-Control", "public, max-age=0")
					})
				})
			})
			t.Run(`with "lastModified" option`, func(t *testing.T) {
				t.Parallel()
				future := time.Now().Add(99999 * time.Millisecond).UTC().Format(http.TimeFormat)
				t.Run("when true", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{LastModified: static.On}, nil))
					t.Run("should send last-modified header", func(t *testing.T) {
						t.Parallel()
						r := s.do("GET", "/")
						r.expectStatus(t, 200)
						if !r.has("Last-Modified") {
							t.Error("no Last-Modified")
						}
					})
					t.Run("should conditionally respond with if-modified-since", func(t *testing.T) {
						t.Parallel()
						s.do("GET", "/", "If-Modified-Since", future).expectStatus(t, 304)
					})
				})
				t.Run("when false", func(t *testing.T) {
					t.Parallel()
					s := serveTest(t, sendFileApp(fixture("user.html"), &SendFileOptions{LastModified: static.Off}, nil))
					t.Run("should not have last-modified header", func(t *testing.T) {
						t.Parallel()
						r := s.do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Last-Modified", "")
					})
					t.Run("should not honor if-modified-since", func(t *testing.T) {
						t.Parallel()
						r := s.do("GET", "/", "If-Modified-Since", future)
						r.expectStatus(t, 200)
						r.expectHeader(t, "Last-Modified", "")
					})
				})
			})
			t.Run(`with "maxAge" option`, func(t *testing.T) {
				t.Parallel()
				for _, tc := range []struct {
					name string
					opts SendFileOptions
					want string
				}{
					{"should set cache-control max-age to milliseconds", SendFileOptions{MaxAge: 20000}, "public, max-age=20"},
					{"should cap cache-control max-age to 1 year", SendFileOptions{MaxAge: 99999999999}, "public, max-age=31536000"},
					{"should min cache-control max-age to 0", SendFileOptions{MaxAge: -20000}, "public, max-age=0"},
					{"should floor cache-control max-age", SendFileOptions{MaxAge: 21911.23}, "public, max-age=21"},
					{"when cacheControl: false/should not send cache-control", SendFileOptions{CacheControl: static.Off, MaxAge: 20000}, ""},
					{"when string/should accept plain number as milliseconds", SendFileOptions{MaxAge: "20000"}, "public, max-age=20"},
					{`when string/should accept suffix "s" for seconds`, SendFileOptions{MaxAge: "20s"}, "public, max-age=20"},
					{`when string/should accept suffix "m" for minutes`, SendFileOptions{MaxAge: "20m"}, "public, max-age=1200"},
					{`when string/should accept suffix "d" for days`, SendFileOptions{MaxAge: "20d"}, "public, max-age=1728000"},
				} {
					t.Run(tc.name, func(t *testing.T) {
						t.Parallel()
						r := serveTest(t, sendFileApp(fixture("user.html"), &tc.opts, nil)).do("GET", "/")
						r.expectStatus(t, 200)
						r.expectHeader(t, "Cache-Control", tc.want)
					})
				}
			})
			t.Run(`with "root" option`, func(t *testing.T) {
				t.Parallel()
				t.Run("should allow relative path", func(t *testing.T) {
					t.Parallel()
					serveTest(t, sendFileApp("name.txt", &SendFileOptions{Root: fixturesDir}, nil)).do("GET", "/").expect(t, 200, "tobi")
				})
				t.Run("should allow up within root", func(t *testing.T) {
					t.Parallel()
					serveTest(t, sendFileApp("fake/../name.txt", &SendFileOptions{Root: fixturesDir}, nil)).do("GET", "/").expect(t, 200, "tobi")
				})
				t.Run("should reject up outside root", func(t *testing.T) {
					t.Parallel()
					// '..' + sep + the fixtures' own directory name + '/name.txt'
					serveTest(t, sendFileApp("../fixtures/name.txt", &SendFileOptions{Root: fixturesDir}, nil)).do("GET", "/").expectStatus(t, 403)
				})
				t.Run("should reject reading outside root", func(t *testing.T) {
					t.Parallel()
					serveTest(t, sendFileApp("../name.txt", &SendFileOptions{Root: fixturesDir}, nil)).do("GET", "/").expectStatus(t, 403)
				})
			})
		})

		// The deprecated res.sendfile; Express's tests give paths relative
		// to the repository, here relative to fast/ (the tests' working
		// directory).
		t.Run(".sendfile(path, fn)", func(t *testing.T) {
			t.Parallel()
			t.Run("should invoke the callback when complete", func(t *testing.T) {
				t.Parallel()
				var calls atomic.Int32
				app := use(func(req *Request, res *Response, next Next) {
					res.Sendfile("testdata/fixtures/user.html", nil, func(err error) {
						if err == nil {
							calls.Add(1)
						}
					})
				})
				serveTest(t, app).do("GET", "/").expectStatus(t, 200)
				if calls.Load() != 1 {
					t.Errorf("callback called %d times without error, want 1", calls.Load())
				}
			})
			t.Run("should utilize the same options as express.static()", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Sendfile("testdata/fixtures/user.html", &SendFileOptions{MaxAge: 60000}, nil)
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Cache-Control", "public, max-age=60")
			})
			t.Run("should invoke the callback without error when HEAD", func(t *testing.T) {
				t.Parallel()
				var calls atomic.Int32
				app := use(func(req *Request, res *Response, next Next) {
					res.Sendfile("testdata/fixtures/name.txt", nil, func(err error) {
						if err == nil {
							calls.Add(1)
						}
					})
				})
				serveTest(t, app).do("HEAD", "/").expectStatus(t, 200)
				if calls.Load() != 1 {
					t.Errorf("callback called %d times without error, want 1", calls.Load())
				}
			})
			t.Run("should invoke the callback without error when 304", func(t *testing.T) {
				t.Parallel()
				var calls atomic.Int32
				app := use(func(req *Request, res *Response, next Next) {
					res.Sendfile("testdata/fixtures/name.txt", nil, func(err error) {
						if err == nil {
							calls.Add(1)
						}
					})
				})
				s := serveTest(t, app)
				r := s.do("GET", "/")
				r.expect(t, 200, "tobi")
				r.expectHeaderMatch(t, "ETag", `^(?:W/)?"[^"]+"$`)
				s.do("GET", "/", "If-None-Match", r.header("ETag")).expectStatus(t, 304)
				if calls.Load() != 2 {
					t.Errorf("callback called %d times without error, want 2", calls.Load())
				}
			})
			t.Run("should invoke the callback on 404", func(t *testing.T) {
				t.Parallel()
				var calls atomic.Int32
				app := use(func(req *Request, res *Response, next Next) {
					res.Sendfile("testdata/fixtures/nope.html", nil, func(err error) {
						if calls.Add(1) != 1 || res.HeadersSent() {
							t.Error("callback called twice, or after the headers were sent")
						}
						res.Send(err.Error())
					})
				})
				serveTest(t, app).do("GET", "/").expectMatch(t, 200, `^ENOENT.*?, stat`)
			})
			t.Run("should not override manual content-types", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.ContentType("txt")
					res.Sendfile("testdata/fixtures/user.html", nil, nil)
				})
				serveTest(t, app).do("GET", "/").expectHeader(t, "Content-Type", "text/plain; charset=utf-8")
			})
			t.Run("should invoke the callback on 403", func(t *testing.T) {
				t.Parallel()
				app := use(func(req *Request, res *Response, next Next) {
					res.Sendfile("testdata/fixtures/foo/../user.html", nil, func(err error) {
						if res.HeadersSent() {
							t.Error("headers sent")
						}
						res.Send(err.Error())
					})
				})
				serveTest(t, app).do("GET", "/").expect(t, 200, "Forbidden")
			})
			t.Run("async local storage", func(t *testing.T) {
				t.Parallel()
				storeTests(t, func(req *Request, res *Response, name string, cb func(error)) {
					res.Sendfile("testdata/fixtures/"+name, nil, cb)
				}, "")
			})
		})

		t.Run(".sendfile(path)", func(t *testing.T) {
			t.Parallel()
			sendfile := func(path string, opts *SendFileOptions) *App {
				return use(func(req *Request, res *Response, next Next) { res.Sendfile(path, opts, nil) })
			}
			t.Run("should not serve dotfiles", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendfile("testdata/fixtures/.name", nil)).do("GET", "/").expectStatus(t, 404)
			})
			t.Run("should accept dotfiles option", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendfile("testdata/fixtures/.name", &SendFileOptions{Dotfiles: static.DotfilesAllow})).
					do("GET", "/").expect(t, 200, "tobi")
			})
			t.Run("should accept headers option", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, sendfile("testdata/fixtures/user.html", &SendFileOptions{Headers: [][2]string{{"x-success", "sent"}, {"x-other", "done"}}})).do("GET", "/")
				r.expectStatus(t, 200)
				r.expectHeader(t, "x-success", "sent")
				r.expectHeader(t, "x-other", "done")
			})
			t.Run("should ignore headers option on 404", func(t *testing.T) {
				t.Parallel()
				r := serveTest(t, sendfile("testdata/fixtures/user.nothing", &SendFileOptions{Headers: [][2]string{{"x-success", "sent"}}})).do("GET", "/")
				r.expectStatus(t, 404)
				r.expectHeader(t, "X-Success", "")
			})
			t.Run("should transfer a file", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendfile("testdata/fixtures/name.txt", nil)).do("GET", "/").expect(t, 200, "tobi")
			})
			t.Run("should transfer a directory index file", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendfile("testdata/fixtures/blog/", nil)).do("GET", "/").expect(t, 200, "<b>index</b>")
			})
			t.Run("should 404 for directory without trailing slash", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendfile("testdata/fixtures/blog", nil)).do("GET", "/").expectStatus(t, 404)
			})
			t.Run("should transfer a file with urlencoded name", func(t *testing.T) {
				t.Parallel()
				serveTest(t, sendfile("testdata/fixtures/%25%20of%20dogs.txt", nil)).do("GET", "/").expect(t, 200, "20%")
			})
			t.Run("should not error if the client aborts", func(t *testing.T) {
				t.Parallel()
				var errs atomic.Int32
				done := make(chan struct{})
				app := New()
				app.Use(func(req *Request, res *Response, next Next) {
					defer close(done)
					res.Sendfile(fixture("name.txt"), nil, nil)
				})
				app.Use(func(err error, req *Request, res *Response, next Next) {
					errs.Add(1)
					next(err)
				})
				abortedRequest(t, serveTest(t, app), done)
				if n := errs.Load(); n != 0 {
					t.Errorf("the error handler ran %d times", n)
				}
			})
			t.Run("with an absolute path", func(t *testing.T) {
				t.Parallel()
				t.Run("should transfer the file", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, sendfile(fixture("user.html"), nil)).do("GET", "/")
					r.expect(t, 200, "<p>{{user.name}}</p>")
					r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				})
			})
			t.Run("with a relative path", func(t *testing.T) {
				t.Parallel()
				t.Run("should transfer the file", func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, sendfile("testdata/fixtures/user.html", nil)).do("GET", "/")
					r.expect(t, 200, "<p>{{user.name}}</p>")
					r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				})
				t.Run(`should serve relative to "root"`, func(t *testing.T) {
					t.Parallel()
					r := serveTest(t, sendfile("user.html", &SendFileOptions{Root: "testdata/fixtures/"})).do("GET", "/")
					r.expect(t, 200, "<p>{{user.name}}</p>")
					r.expectHeader(t, "Content-Type", "text/html; charset=UTF-8")
				})
				t.Run(`should consider ../ malicious when "root" is not set`, func(t *testing.T) {
					t.Parallel()
					serveTest(t, sendfile("testdata/fixtures/foo/../user.html", nil)).do("GET", "/").expectStatus(t, 403)
				})
				t.Run(`should allow ../ when "root" is set`, func(t *testing.T) {
					t.Parallel()
					serveTest(t, sendfile("foo/../user.html", &SendFileOptions{Root: "testdata/fixtures"})).do("GET", "/").expectStatus(t, 200)
				})
				t.Run(`should disallow requesting out of "root"`, func(t *testing.T) {
					t.Parallel()
					serveTest(t, sendfile("foo/../../user.html", &SendFileOptions{Root: "testdata/fixtures"})).do("GET", "/").expectStatus(t, 403)
				})
				t.Run("should next(404) when not found", func(t *testing.T) {
					t.Parallel()
					var calls atomic.Int32
					app := New()
					app.Use(func(req *Request, res *Response, next Next) { res.Sendfile("user.html", nil, nil) })
					app.Use(func(req *Request, res *Response, next Next) { t.Error("this should not be called") })
					app.Use(func(err error, req *Request, res *Response, next Next) {
						calls.Add(1)
						next(err)
					})
					serveTest(t, app).do("GET", "/").expectStatus(t, 404)
					if calls.Load() != 1 {
						t.Errorf("error handler called %d times, want 1", calls.Load())
					}
				})
				t.Run("with non-GET", func(t *testing.T) {
					t.Parallel()
					t.Run("should still serve", func(t *testing.T) {
						t.Parallel()
						serveTest(t, sendfile(fixture("name.txt"), nil)).do("GET", "/").expectBody(t, "tobi")
					})
				})
			})
		})

		t.Run(".sendfile(path, options)", func(t *testing.T) {
			t.Parallel()
			t.Run("should pass options to send module", func(t *testing.T) {
				t.Parallel()
				end := int64(1)
				app := use(func(req *Request, res *Response, next Next) {
					res.Sendfile(fixture("name.txt"), &SendFileOptions{Start: 0, End: &end}, nil)
				})
				serveTest(t, app).do("GET", "/").expect(t, 200, "to")
			})
		})
	})
}
