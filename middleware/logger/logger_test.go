package logger_test

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/fwgo/fw/fast"
	"github.com/fwgo/fw/middleware/internal/testserver"
	"github.com/fwgo/fw/middleware/logger"
)

// run serves one request through a logger with config and returns the
// line it wrote (without "\n").
func run(t *testing.T, config logger.Config, handler fast.Handler, raw string) string {
	t.Helper()
	var out bytes.Buffer
	config.Output = &out
	app := fast.New()
	app.Use(logger.New(config))
	app.Use(handler)
	testserver.New(t, app).Do(raw)
	return strings.TrimSuffix(out.String(), "\n")
}

func hello(req *fast.Request, res *fast.Response, next fast.Next) { res.SendString("hello") }

func get(headers ...string) string { return testserver.Request("GET", "/", "", headers...) }

// TestTokens ports the token tests of morgan 1.12's test/morgan.js.
func TestTokens(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		format  string
		handler fast.Handler
		raw     string
		want    string // a regular expression for the whole line
	}{
		{`should get current date in "web" format by default`, ":date", hello, get(), `^\w{3}, \d+ \w+ \d+ \d+:\d+:\d+ \w+$`},
		{`should get current date in "clf" format`, ":date[clf]", hello, get(), `^\d+/\w+/\d+:\d+:\d+:\d+ \+0000$`},
		{`should get current date in "iso" format`, ":date[iso]", hello, get(), `^\d+-\d+-\d+T\d+:\d+:\d+\.\d+Z$`},
		{`should be undefined for unknown format`, ":date[foo]", hello, get(), `^-$`},
		{`should get HTTP version`, ":http-version", hello, get(), `^1\.1$`},
		{`should get request properties`, ":req[x-from-string]", hello, get("X-From-String: me"), `^me$`},
		{`should display all values of array headers`, ":req[x-multi]", hello, get("X-Multi: a", "X-Multi: b"), `^a, b$`},
		{`should get response properties`, ":res[x-sent]", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("X-Sent", "true")
			res.SendString("ok")
		}, get(), `^true$`},
		{`should display all values of array response headers`, ":res[x-keys]", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.Set("X-Keys", "foo", "bar")
			res.SendString("ok")
		}, get(), `^foo, bar$`},
		{`should get the response content length`, ":res[content-length]", hello, get(), `^5$`},
		{`should be in milliseconds`, ":response-time", hello, get(), `^\d+\.\d{3}$`},
		{`should have five digits with argument "5"`, ":response-time[5]", hello, get(), `^\d+\.\d{5}$`},
		{`should have no digits with argument "0"`, ":response-time[0]", hello, get(), `^\d+$`},
		{`should treat a non-number argument as 0`, ":response-time[x]", hello, get(), `^\d+$`},
		{`should get total time`, ":total-time[2]", hello, get(), `^\d+\.\d{2}$`},
		{`should get response status`, ":status", func(req *fast.Request, res *fast.Response, next fast.Next) {
			res.SendStatus(418)
		}, get(), `^418$`},
		{`should be undefined by default`, ":remote-user", hello, get(), `^-$`},
		{`should be user from basic`, ":remote-user", hello, get("Authorization: Basic dGo6"), `^tj$`},
		{`should get the remote address`, ":remote-addr", hello, get(), `^127\.0\.0\.1$`},
		{`should get the pid`, ":pid", hello, get(), `^\d+$`},
		{`should escape quotes and backslashes`, `":user-agent"`, hello, get(`User-Agent: a "b" \c`), `^"a \\"b\\" \\\\c"$`},
		{`should read header bytes as Latin-1`, ":req[x-b]", hello, get("X-B: \xc3\xa9\x85"), `^Ã©\\u0085$`},
		{`should prefer Referer to Referrer`, ":referrer", hello, get("Referrer: a", "Referer: b"), `^b$`},
		{`should read req[referrer] as that header only`, ":req[referrer]", hello, get("Referer: b"), `^-$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := run(t, logger.Config{Format: tt.format}, tt.handler, tt.raw)
			if !regexp.MustCompile(tt.want).MatchString(line) {
				t.Errorf("line %q does not match %s", line, tt.want)
			}
		})
	}
}

// TestOptions ports morgan's option tests: immediate, skip, format
// functions and custom tokens.
func TestOptions(t *testing.T) {
	t.Parallel()
	t.Run("should log before response (immediate)", func(t *testing.T) {
		t.Parallel()
		var order []string
		var mu sync.Mutex
		w := writerFunc(func(p []byte) { mu.Lock(); order = append(order, "log"); mu.Unlock() })
		app := fast.New()
		app.Use(logger.New(logger.Config{Format: ":method :url :status", Output: w, Immediate: true}))
		app.Use(func(req *fast.Request, res *fast.Response, next fast.Next) {
			mu.Lock()
			order = append(order, "handler")
			mu.Unlock()
			res.SendString("ok")
		})
		testserver.New(t, app).Get("/")
		if strings.Join(order, ",") != "log,handler" {
			t.Errorf("order %v", order)
		}
	})
	t.Run("should be able to skip based on response", func(t *testing.T) {
		t.Parallel()
		line := run(t, logger.Config{Format: "tiny", Skip: func(req *fast.Request, res *fast.Response) bool {
			return res.StatusCode() < 400
		}}, hello, get())
		if line != "" {
			t.Errorf("logged %q", line)
		}
	})
	t.Run("should be able to return null to skip", func(t *testing.T) {
		t.Parallel()
		line := run(t, logger.Config{Func: func(*logger.Tokens, *fast.Request, *fast.Response) (string, bool) { return "", false }}, hello, get())
		if line != "" {
			t.Errorf("logged %q", line)
		}
	})
	t.Run("should get tokens in a format function", func(t *testing.T) {
		t.Parallel()
		line := run(t, logger.Config{Func: func(tk *logger.Tokens, req *fast.Request, res *fast.Response) (string, bool) {
			return tk.Value("method", req, res, "") + " " + tk.Value("status", req, res, "") + " " + tk.Value("user-agent", req, res, ""), true
		}}, hello, get(`User-Agent: "x"`))
		if line != `GET 200 \"x\"` {
			t.Errorf("logged %q", line)
		}
	})
	t.Run("should use a custom token and escape it", func(t *testing.T) {
		t.Parallel()
		line := run(t, logger.Config{Format: ":id :id[arg]", Tokens: map[string]logger.TokenFunc{
			"id": func(req *fast.Request, res *fast.Response, arg string) string { return "id\n" + arg },
		}}, hello, get())
		if line != `id\n id\narg` {
			t.Errorf("logged %q", line)
		}
	})
	t.Run("should use a token defined with Token", func(t *testing.T) {
		t.Parallel()
		logger.Token("global-test-token", func(*fast.Request, *fast.Response, string) string { return "g" })
		if line := run(t, logger.Config{Format: ":global-test-token"}, hello, get()); line != "g" {
			t.Errorf("logged %q", line)
		}
	})
}

func TestDevNoColor(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	line := run(t, logger.Config{Format: "dev"}, hello, get())
	if !regexp.MustCompile(`^GET / 200 \d+\.\d{3} ms - 5$`).MatchString(line) {
		t.Errorf("line %q", line)
	}
}

func TestFormatPanics(t *testing.T) {
	t.Parallel()
	for _, f := range []string{":nope", "at 10:30", ":response-time[101]"} {
		t.Run(f, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			logger.New(logger.Config{Format: f})
		})
	}
}

// TestConcurrentLines: lines from concurrent requests are never
// interleaved.
func TestConcurrentLines(t *testing.T) {
	t.Parallel()
	var out lines
	app := fast.New()
	app.Use(logger.New(logger.Config{Format: ":url " + strings.Repeat("x", 200), Output: &out}))
	app.Use(hello)
	s := testserver.New(t, app)
	var wg sync.WaitGroup
	for i := 0; i < 32; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.Get("/c")
		}()
	}
	wg.Wait()
	got := strings.Split(strings.TrimSuffix(out.take(), "\n"), "\n")
	want := "/c " + strings.Repeat("x", 200)
	if len(got) != 32 {
		t.Fatalf("%d lines", len(got))
	}
	for _, l := range got {
		if l != want {
			t.Fatalf("line %q", l)
		}
	}
}

type writerFunc func(p []byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }
