package scenarios

import (
	"errors"
	"path/filepath"
	"strconv"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/static"
)

// sendfile: res.sendFile and res.download. res.sendFile() without a path
// and res.sendFile(42) do not compile in Go (see the divergences).
func init() {
	Register(Name("sendfile", ""), func(env Env) *fast.App {
		app := newApp(env)
		fx := filepath.Join(env.Fixtures, "express")
		file := func(name string) string { return filepath.Join(fx, name) }
		send := func(route, name string, opts *fast.SendFileOptions) {
			app.Get(route, func(req *fast.Request, res *fast.Response, next fast.Next) { res.SendFile(name, opts, nil) })
		}
		withCb := func(route, name string, opts *fast.SendFileOptions) {
			app.All(route, func(req *fast.Request, res *fast.Response, next fast.Next) {
				res.SendFile(name, opts, func(err error) {
					if err == nil || res.HeadersSent() {
						return
					}
					status := fast.StatusCode(err)
					code := errCode(err)
					s := ""
					if status != 0 {
						s = strconv.Itoa(status)
					} else {
						status = 500
					}
					res.Status(status).Send("cb:" + s + ":" + code)
				})
			})
		}
		send("/relative", "test/fixtures/name.txt", nil)
		send("/file", file("name.txt"), nil)
		send("/special", file("% of dogs.txt"), nil)
		send("/directory", fx, nil)
		send("/not-found", file("does-not-exist"), nil)
		send("/dotfile", file(".name"), nil)
		app.Get("/manual-type", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.ContentType("application/x-bogus")
			res.SendFile(file("name.txt"), nil, nil)
		})
		send("/nums", file("nums.txt"), nil)
		send("/empty", file("empty.txt"), nil)
		send("/html", file("todo.html"), nil)
		send("/snow-dir", file("snow ☃"), nil)
		withCb("/cb/file", file("name.txt"), nil)
		withCb("/cb/missing", file("does-not-exist"), nil)
		withCb("/cb/dotfile", file(".name"), &fast.SendFileOptions{Dotfiles: static.DotfilesDeny})
		withCb("/cb/dir", fx, nil)
		send("/opt/max-age", file("name.txt"), &fast.SendFileOptions{MaxAge: 60000})
		send("/opt/accept-ranges-false", file("nums.txt"), &fast.SendFileOptions{AcceptRanges: static.Off})
		send("/opt/cache-control-false", file("name.txt"), &fast.SendFileOptions{CacheControl: static.Off})
		send("/opt/dotfiles-allow", file(".name"), &fast.SendFileOptions{Dotfiles: static.DotfilesAllow})
		send("/opt/dotfiles-deny", file(".name"), &fast.SendFileOptions{Dotfiles: static.DotfilesDeny})
		send("/opt/dotfiles-ignore", file(".name"), &fast.SendFileOptions{Dotfiles: static.DotfilesIgnore})
		send("/opt/headers", file("name.txt"), &fast.SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}, {"X-Bar", "Foo"}}})
		send("/opt/headers-dup", file("name.txt"), &fast.SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}, {"x-foo", "bar"}}})
		send("/opt/headers-type", file("name.txt"), &fast.SendFileOptions{Headers: [][2]string{{"Content-Type", "text/x-custom"}}})
		send("/opt/headers-404", file("does-not-exist"), &fast.SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}}})
		send("/opt/immutable", file("name.txt"), &fast.SendFileOptions{Immutable: true})
		send("/opt/immutable-false", file("name.txt"), &fast.SendFileOptions{Immutable: false})
		send("/opt/last-modified-false", file("name.txt"), &fast.SendFileOptions{LastModified: static.Off})
		send("/opt/max-age-year", file("name.txt"), &fast.SendFileOptions{MaxAge: "1000y"})
		send("/opt/max-age-negative", file("name.txt"), &fast.SendFileOptions{MaxAge: -100})
		send("/opt/max-age-floor", file("name.txt"), &fast.SendFileOptions{MaxAge: 123956})
		send("/opt/max-age-no-cc", file("name.txt"), &fast.SendFileOptions{CacheControl: static.Off, MaxAge: 1000})
		send("/opt/max-age-str-ms", file("name.txt"), &fast.SendFileOptions{MaxAge: "123456"})
		send("/opt/max-age-str-s", file("name.txt"), &fast.SendFileOptions{MaxAge: "100s"})
		send("/opt/max-age-str-m", file("name.txt"), &fast.SendFileOptions{MaxAge: "1m"})
		send("/opt/max-age-str-d", file("name.txt"), &fast.SendFileOptions{MaxAge: "1d"})
		send("/opt/root", "name.txt", &fast.SendFileOptions{Root: fx})
		send("/opt/root-up-within", "fake/../name.txt", &fast.SendFileOptions{Root: fx})
		send("/opt/root-up-outside", "../name.txt", &fast.SendFileOptions{Root: filepath.Join(fx, "users")})
		send("/opt/root-outside-read", "../../../package.json", &fast.SendFileOptions{Root: fx})
		send("/opt/root-dotfile-dir", "users/../.name", &fast.SendFileOptions{Root: fx})
		dl := func(route, path, name string, opts *fast.SendFileOptions, cb func(req *fast.Request, res *fast.Response) func(error)) {
			app.Get(route, func(req *fast.Request, res *fast.Response, next fast.Next) {
				var f func(error)
				if cb != nil {
					f = cb(req, res)
				}
				res.Download(path, name, opts, f)
			})
		}
		quietCb := func(req *fast.Request, res *fast.Response) func(error) {
			return func(err error) {
				if err != nil && !res.HeadersSent() {
					// 'cb:' + err.code: a file system error's code, else undefined.
					code := "undefined"
					if se := (*static.Error)(nil); errors.As(err, &se) && se.Code != "" {
						code = se.Code
					}
					res.Status(500).Send("cb:" + code)
				}
			}
		}
		dl("/dl/file", file("user.html"), "", nil, nil)
		dl("/dl/nums", file("nums.txt"), "", nil, nil)
		dl("/dl/filename", file("user.html"), "document", nil, nil)
		dl("/dl/utf8-filename", file("user.html"), "日本語 ☃.html", nil, nil)
		dl("/dl/cb", file("user.html"), "", nil, quietCb)
		dl("/dl/options", file("user.html"), "", &fast.SendFileOptions{MaxAge: "1d"}, nil)
		dl("/dl/headers", file("user.html"), "", &fast.SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}, {"Content-Type", "text/x-custom"}, {"Content-Disposition", "inline"}}}, nil)
		dl("/dl/headers-ci", file("user.html"), "", &fast.SendFileOptions{Headers: [][2]string{{"content-disposition", "inline"}}}, nil)
		dl("/dl/headers-404", file("does-not-exist"), "", &fast.SendFileOptions{Headers: [][2]string{{"X-Foo", "Bar"}}}, nil)
		dl("/dl/root", "name.txt", "", &fast.SendFileOptions{Root: fx}, nil)
		dl("/dl/root-up-within", "fake/../name.txt", "", &fast.SendFileOptions{Root: fx}, nil)
		dl("/dl/root-up-outside", "../name.txt", "", &fast.SendFileOptions{Root: filepath.Join(fx, "users")}, nil)
		dl("/dl/filename-options-cb", file("name.txt"), "document", &fast.SendFileOptions{MaxAge: "1d", Headers: [][2]string{{"Content-Disposition", "inline"}}}, quietCb)
		dl("/dl/missing", file("does-not-exist"), "missing.txt", nil, func(req *fast.Request, res *fast.Response) func(error) {
			return func(err error) {
				res.Set("X-Had-Disposition", strconv.FormatBool(res.Get("Content-Disposition") != ""))
				code := "ok"
				status := 200
				if err != nil {
					status = fast.StatusCode(err)
					if status == 0 {
						status = 500
					}
					code = errCode(err)
				}
				res.Status(status).Send("cb:" + code)
			}
		})
		dl("/dl/missing-no-cb", file("does-not-exist"), "", nil, nil)
		return app
	})
}

// errCode is the tests' err.code || err.name: the Node error code of a
// file system error, else the error's class name.
func errCode(err error) string {
	var se *static.Error
	if errors.As(err, &se) && se.Code != "" {
		return se.Code
	}
	var n interface{ ErrorName() string }
	if errors.As(err, &n) {
		return n.ErrorName()
	}
	return "Error"
}
