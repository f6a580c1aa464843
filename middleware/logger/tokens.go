package logger

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/basicauth"
)

// TokenFunc computes a token's value, as a morgan token function (req,
// res, arg) does; arg is the text between the brackets of ":name[arg]", or
// "". An empty result is written "-" (morgan writes "-" for undefined and
// every other falsy value). The value is escaped before it is written.
type TokenFunc func(req *fast.Request, res *fast.Response, arg string) string

// Tokens is the set of tokens a logger resolves its format with: its
// Config.Tokens, then the tokens registered with Token, then the built-in
// ones.
type Tokens struct {
	own map[string]TokenFunc
}

var (
	globalMu sync.RWMutex
	global   = map[string]TokenFunc{}
)

// Token defines a token for the loggers created afterwards, as
// morgan.token(name, fn) does (morgan's loggers see tokens defined later
// too; here a logger resolves its tokens when it is created). It may
// replace a built-in token. It is safe for concurrent use.
func Token(name string, fn TokenFunc) {
	if fn == nil {
		panic("logger: nil token function for " + strconv.Quote(name))
	}
	globalMu.Lock()
	defer globalMu.Unlock()
	global[name] = fn
}

func newTokens(own map[string]TokenFunc) *Tokens {
	t := &Tokens{own: map[string]TokenFunc{}}
	for k, v := range own {
		t.own[k] = v
	}
	return t
}

// lookup returns the escaping wrapper of the named token, or nil.
func (t *Tokens) lookup(name string) TokenFunc {
	fn := t.own[name]
	if fn == nil {
		globalMu.RLock()
		fn = global[name]
		globalMu.RUnlock()
	}
	latin1 := false
	if fn == nil {
		fn = builtin[name]
		latin1 = latin1Tokens[name]
	}
	if fn == nil {
		return nil
	}
	return func(req *fast.Request, res *fast.Response, arg string) string {
		v := fn(req, res, arg)
		if latin1 {
			return escapeLatin1(v)
		}
		return escape(v)
	}
}

// Value returns the escaped value of the named token, as tokens[name](req,
// res, arg) does in a morgan format function, or "" when the token is
// unknown or its value is empty.
func (t *Tokens) Value(name string, req *fast.Request, res *fast.Response, arg string) string {
	fn := t.lookup(name)
	if fn == nil {
		return ""
	}
	return fn(req, res, arg)
}

// latin1Tokens are the built-in tokens whose values are request header
// bytes, which Node reads as Latin-1 characters.
var latin1Tokens = map[string]bool{"referrer": true, "user-agent": true, "req": true}

// builtin holds morgan's tokens.
var builtin = map[string]TokenFunc{
	"url": func(req *fast.Request, _ *fast.Response, _ string) string {
		if u := req.OriginalURL(); u != "" {
			return u
		}
		return req.URL()
	},
	"method": func(req *fast.Request, _ *fast.Response, _ string) string { return req.Method() },
	"response-time": func(req *fast.Request, _ *fast.Response, arg string) string {
		t := timingOf(req)
		if t == nil || t.headers.IsZero() {
			return ""
		}
		return fixed(t.headers.Sub(t.start), arg)
	},
	"total-time": func(req *fast.Request, _ *fast.Response, arg string) string {
		t := timingOf(req)
		if t == nil || t.headers.IsZero() {
			return ""
		}
		return fixed(time.Since(t.start), arg)
	},
	"date": func(_ *fast.Request, _ *fast.Response, arg string) string {
		now := time.Now().UTC()
		switch arg {
		case "clf":
			return now.Format("02/Jan/2006:15:04:05 +0000")
		case "iso":
			return now.Format("2006-01-02T15:04:05.000Z")
		case "web", "":
			return now.Format("Mon, 02 Jan 2006 15:04:05 GMT")
		}
		return ""
	},
	"status": func(_ *fast.Request, res *fast.Response, _ string) string {
		if !res.HeadersSent() {
			return ""
		}
		return strconv.Itoa(res.StatusCode())
	},
	"referrer": func(req *fast.Request, _ *fast.Response, _ string) string {
		if v := requestHeader(req, "Referer"); v != "" {
			return v
		}
		return requestHeader(req, "Referrer")
	},
	"remote-addr": func(req *fast.Request, _ *fast.Response, _ string) string { return req.IP() },
	"remote-user": func(req *fast.Request, _ *fast.Response, _ string) string {
		user, _, _ := basicauth.Parse(req.Get("Authorization"))
		return user
	},
	"pid": func(*fast.Request, *fast.Response, string) string { return strconv.Itoa(os.Getpid()) },
	"http-version": func(req *fast.Request, _ *fast.Response, _ string) string {
		if req.Ctx().Request.Header.IsHTTP11() {
			return "1.1"
		}
		return "1.0"
	},
	"user-agent": func(req *fast.Request, _ *fast.Response, _ string) string { return req.Get("User-Agent") },
	"req": func(req *fast.Request, _ *fast.Response, arg string) string {
		if arg == "" {
			return ""
		}
		if strings.EqualFold(arg, "referer") || strings.EqualFold(arg, "referrer") {
			return requestHeader(req, arg) // req.Get would read either name
		}
		return req.Get(arg)
	},
	"res": func(req *fast.Request, res *fast.Response, arg string) string {
		if !res.HeadersSent() || arg == "" {
			return ""
		}
		if strings.EqualFold(arg, "content-length") {
			return contentLength(req, res)
		}
		return strings.Join(res.Values(arg), ", ")
	},
}

// fixed formats d in milliseconds as Number.prototype.toFixed(digits)
// does, digits from the token argument (3 when none).
func fixed(d time.Duration, arg string) string {
	digits := 3
	if arg != "" {
		digits = digitsArg(arg)
	}
	return strconv.FormatFloat(float64(d.Nanoseconds())/1e6, 'f', digits, 64)
}

// digitsArg converts a token argument to toFixed's digits as JavaScript
// converts a string to an integer: Number(s) (surrounding white space
// ignored, NaN for non-numbers, which counts as 0), then truncated.
func digitsArg(arg string) int {
	f, err := strconv.ParseFloat(strings.TrimSpace(arg), 64)
	if err != nil || f != f {
		return 0
	}
	if f < 0 {
		return -1 // a RangeError in JavaScript; compile refuses it
	}
	if f > 1000 {
		return 1000
	}
	return int(f)
}

// requestHeader returns the first line of a request header, exactly by
// name (req.Get treats Referer and Referrer as one).
func requestHeader(req *fast.Request, name string) string {
	return string(req.Ctx().Request.Header.Peek(name))
}

// contentLength is the Content-Length the response is written with: the
// header when a handler or fast set it, else the length of an in-memory
// body, which fasthttp writes when it sends the response (fast's final
// handler leaves it to fasthttp; Express's finalhandler sets the header).
// Responses without a body (1xx, 204, 304, HEAD) and streamed ones have
// none unless set.
func contentLength(req *fast.Request, res *fast.Response) string {
	if v := res.Get("Content-Length"); v != "" {
		return v
	}
	resp := &req.Ctx().Response
	if resp.IsBodyStream() || req.Method() == "HEAD" {
		return ""
	}
	switch s := res.StatusCode(); {
	case s < 200, s == 204, s == 304:
		return ""
	}
	return strconv.Itoa(len(resp.Body()))
}
