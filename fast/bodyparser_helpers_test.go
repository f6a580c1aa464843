package fast

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"

	"github.com/fwgo/fw/parsers"
	"github.com/fwgo/fw/parsers/parserstest"
)

// runExpressBodyCases replays cases (the it() calls of one of Express's
// test/express.*.js files, as data) over HTTP through a fast app built as
// the test file builds its app, and checks each response against what the
// Express test expects. Subtests are named after the describe()/it()
// sentences.
func runExpressBodyCases(t *testing.T, cases []parserstest.Case, want int) {
	t.Helper()
	runExpressBodyCasesOn(t, cases, want, serveTest)
}

// runExpressBodyCasesOn is runExpressBodyCases with the server serve
// starts.
func runExpressBodyCasesOn(t *testing.T, cases []parserstest.Case, want int, serve func(testing.TB, *App) *testServer) {
	t.Helper()
	if len(cases) != want {
		t.Errorf("%d cases; the Express file has %d it() calls", len(cases), want)
	}
	for _, c := range cases {
		t.Run(c.Name(), func(t *testing.T) {
			t.Parallel()
			if c.Skip != "" {
				t.Skip(c.Skip)
			}
			if c.ConfigError != "" {
				msg, panicked := panicMessage(func() { bodyParserFor(&c) })
				if !panicked || !regexp.MustCompile(c.ConfigError).MatchString(msg) {
					t.Fatalf("building the parser: panic %v %q; want a panic matching %s", panicked, msg, c.ConfigError)
				}
				return
			}
			app := expressBodyApp(&c)
			s := serve(t, app)
			r := s.raw(c.Request("example.com"))
			if r.status != c.Want.Status {
				t.Fatalf("status %d (body %.200q); want %d", r.status, r.body, c.Want.Status)
			}
			if c.Want.Check != nil {
				if err := c.Want.Check(r.body); err != nil {
					t.Fatalf("want %s: %v", c.Want.Desc, err)
				}
			}
			if got := r.header("X-Store-Foo"); c.Store && got != "bar" {
				t.Fatalf("x-store-foo %q; want \"bar\"", got)
			}
		})
	}
}

// bodyParserFor builds the case's parser middleware.
func bodyParserFor(c *parserstest.Case) Handler {
	switch c.Kind {
	case parserstest.JSON:
		return JSON(c.JSON)
	case parserstest.Raw:
		return Raw(c.Raw)
	case parserstest.Text:
		return Text(c.Text)
	}
	return URLEncoded(c.URLEncoded)
}

// expressBodyApp is the app of the Express test files:
//
//	app.use(express.X(options))
//	app.use(function (err, req, res, next) {
//	  res.status(err.status || 500)
//	  res.send(String(req.headers['x-error-property']
//	    ? err[req.headers['x-error-property']]
//	    : ('[' + err.type + '] ' + err.message)))
//	})
//	app.post('/', function (req, res) { res.json(req.body) })
//
// with the middleware some tests put before the parser.
func expressBodyApp(c *parserstest.Case) *App {
	app := New()
	if c.SetContentLength != "" {
		n, _ := strconv.Atoi(c.SetContentLength)
		app.Use(func(req *Request, res *Response, next Next) {
			req.Ctx().Request.Header.SetContentLength(n)
			next()
		})
	}
	if c.StreamConsumed {
		app.Use(func(req *Request, res *Response, next Next) {
			io.Copy(io.Discard, req.BodyReader())
			next()
		})
	}
	if c.Store {
		app.Use(func(req *Request, res *Response, next Next) {
			req.Ctx().SetUserValue(alsStoreKey, map[string]string{"foo": "bar"})
			next()
		})
	}
	p := bodyParserFor(c)
	if c.AlterOptions {
		c.JSON.Limit, c.Raw.Limit, c.Text.Limit, c.URLEncoded.Limit = "100kb", "100kb", "100kb", "100kb"
	}
	app.Use(p)
	if c.Twice {
		app.Use(p)
	}
	if c.Store {
		app.Use(func(req *Request, res *Response, next Next) {
			setStoreHeader(req, res)
			next()
		})
	}
	app.Use(func(err error, req *Request, res *Response, next Next) {
		if c.Store {
			setStoreHeader(req, res)
		}
		status := StatusCode(err)
		if status == 0 {
			status = 500
		}
		res.Status(status)
		var pe *parsers.Error
		if !errors.As(err, &pe) {
			res.Send(fmt.Sprintf("not a *parsers.Error: %T %v", err, err))
			return
		}
		switch req.Get("X-Error-Property") {
		case "":
			res.Send(pe.String())
		case "body":
			res.Send(pe.Body)
		case "stack":
			res.Send(errorStack(err))
		default:
			res.Send("unknown X-Error-Property")
		}
	})
	app.Post("/", func(req *Request, res *Response, next Next) {
		v := req.Body()
		if b, ok := v.([]byte); ok {
			o := &Object{}
			o.Set("buf", hex.EncodeToString(b))
			v = o
		}
		out, err := parsers.AppendJSON(nil, v)
		if err != nil {
			next(err)
			return
		}
		res.Set("Content-Type", "application/json; charset=utf-8")
		res.SendBytes(out)
	})
	return app
}

// alsStoreKey names the store of the "async local storage" tests in the
// request's context.
const alsStoreKey = "asyncLocalStorage"

// setStoreHeader is the tests' "var local = req.asyncLocalStorage.getStore();
// if (local) res.setHeader('x-store-foo', String(local.foo))", the store
// read through the request's context.Context.
func setStoreHeader(req *Request, res *Response) {
	var ctx context.Context = req.Ctx()
	if local, ok := ctx.Value(alsStoreKey).(map[string]string); ok {
		res.Set("X-Store-Foo", local["foo"])
	}
}

// raw sends request bytes as they are and reads one response.
func (s *testServer) raw(request []byte) *testResponse {
	s.t.Helper()
	conn, err := s.ln.Dial()
	if err != nil {
		s.t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(10 * time.Second))
	go conn.Write(request)
	return readResponse(s.t, conn, false)
}

// serveTestBuffered serves app in memory on a fasthttp.Server that reads
// whole bodies before calling it (fasthttp's default), as a server built
// around App.Handler does.
func serveTestBuffered(t testing.TB, app *App) *testServer {
	t.Helper()
	ln := fasthttputil.NewInmemoryListener()
	srv := &fasthttp.Server{Handler: app.Handler(), NoDefaultServerHeader: true, NoDefaultContentType: true}
	go srv.Serve(ln)
	t.Cleanup(func() { ln.Close() })
	return &testServer{t: t, ln: ln}
}
