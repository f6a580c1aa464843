package scenarios

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"unicode"

	"github.com/fwgo/fw/fast"
)

// namedError is an error with a JavaScript class name, as a TypeError.
type namedError struct{ name, msg string }

func (e *namedError) Error() string     { return e.msg }
func (e *namedError) ErrorName() string { return e.name }

func init() { Register("final-handler", finalHandler) }

func finalHandler(env Env) *fast.App {
	app := newApp(env)
	app.Get("/ok", func(req *fast.Request, res *fast.Response, next fast.Next) { res.Send("ok") })
	app.Get("/throw", func(req *fast.Request, res *fast.Response, next fast.Next) { panic(errors.New("boom")) })
	app.Get("/next-error", func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("boom")) })
	app.Get("/status/:code", func(req *fast.Request, res *fast.Response, next fast.Next) {
		code, _ := jsInt(req.Params().Get("code"))
		next(&fast.HTTPError{Status: code, Message: "status error"})
	})
	app.Get("/res-status/:code", func(req *fast.Request, res *fast.Response, next fast.Next) {
		code, _ := jsInt(req.Params().Get("code"))
		res.Status(code)
		next(errors.New("after res.status"))
	})
	app.Get("/html-message", func(req *fast.Request, res *fast.Response, next fast.Next) {
		next(errors.New(`<script>alert("x")</script> & 'q'`))
	})
	app.Get("/multiline", func(req *fast.Request, res *fast.Response, next fast.Next) {
		next(errors.New("line one\nline  two"))
	})
	app.Get("/error-headers", func(req *fast.Request, res *fast.Response, next fast.Next) {
		next(&fast.HTTPError{Status: 401, Message: "with headers", Headers: http.Header{
			"WWW-Authenticate": {`Basic realm="x"`},
			"X-Extra":          {"yes"},
		}})
	})
	app.Get("/error-headers-500", func(req *fast.Request, res *fast.Response, next fast.Next) {
		next(&fast.HTTPError{Message: "headers without a status", Headers: http.Header{"X-Extra": {"yes"}}})
	})
	app.Get("/set-before", func(req *fast.Request, res *fast.Response, next fast.Next) {
		res.Set("X-Before", "kept")
		res.Set("Content-Language", "en")
		next(errors.New("after a header"))
	})
	app.Get("/named", func(req *fast.Request, res *fast.Response, next fast.Next) {
		next(&namedError{"TypeError", "wrong type"})
	})
	app.Get("/recovered", func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("handled")) })
	app.Use("/recovered", func(err error, req *fast.Request, res *fast.Response, next fast.Next) { next() })
	app.Get("/handled", func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("handled")) })
	app.Use("/handled", func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		res.Status(500).Send("handled: " + err.Error())
	})
	app.Get("/rethrow", func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("first")) })
	app.Use("/rethrow", func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		next(errors.New("second: " + err.Error()))
	})
	app.Get("/handler-throws", func(req *fast.Request, res *fast.Response, next fast.Next) { next(errors.New("first")) })
	app.Use("/handler-throws", func(err error, req *fast.Request, res *fast.Response, next fast.Next) {
		panic(errors.New("thrown in error handler"))
	})
	app.Get("/no-match-after", func(req *fast.Request, res *fast.Response, next fast.Next) { next() })
	return app
}

// jsInt is JavaScript's Number(s) for a string that denotes an integer
// (surrounding white space, "", "1e2", "404.0", "0x194"), and false for
// the rest (NaN, or a fraction the scenario's Go types cannot carry).
func jsInt(s string) (int, bool) {
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || r == '\ufeff' })
	if s == "" {
		return 0, true
	}
	if strings.Contains(s, "_") {
		return 0, false
	}
	if len(s) > 2 && s[0] == '0' && strings.ContainsRune("xXoObB", rune(s[1])) {
		n, err := strconv.ParseInt(s, 0, 64)
		return int(n), err == nil
	}
	if strings.Trim(s, "0123456789.eE+-") != "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}
